import { assign, fromPromise, setup } from 'xstate';
import { constants } from '../contract/constants.ts';

/**
 * One draw as the server tells it (spec 3, lottery game): `remainTime` is the milliseconds until
 * the draw stops taking bets, `lockTime` the milliseconds from then until the numbers are drawn.
 * Both are counted by the server when it answers, so the countdown runs on the server's time,
 * never on the browser's clock.
 */
export type DrawTiming = { numero: string; remainTime: number; lockTime: number };

/** A draw's result: the winning numbers, in the order of the prize layout. */
export type DrawResult = { numero: string; numbers: string[] };

export type DrawCountdownContext = {
  numero: string;
  /** Milliseconds until bets close, as of the last answer or push. */
  remainMs: number;
  /** Milliseconds from the close until the draw. */
  lockMs: number;
  /** What the timer shows: seconds to the close while open, to the draw while locked. */
  secondsLeft: number;
  numbers: string[] | null;
};

export type DrawCountdownEvent =
  /** The server's fresh timing of this draw (a list refresh or a push): the countdown follows. */
  | ({ type: 'server.drawUpdated' } & DrawTiming)
  /** The result, pushed over the real-time channel. */
  | ({ type: 'socket.drawResult' } & DrawResult)
  /** The draw was called off; its bets are refunded by the server. */
  | { type: 'socket.drawCancelled'; numero: string }
  /** The lobby moves on to the game's next draw. */
  | ({ type: 'app.nextDraw' } & DrawTiming);

const secondsOf = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/** Milliseconds from the close to the draw, less any time the close is already past. */
const toDrawMs = (context: DrawCountdownContext) =>
  Math.max(0, context.lockMs + Math.min(0, context.remainMs));

function timingOf(event: DrawTiming) {
  return {
    numero: event.numero,
    remainMs: event.remainTime,
    lockMs: event.lockTime,
    secondsLeft: secondsOf(event.remainTime),
    numbers: null,
  };
}

/** The timed phases' child: one second less on the timer every second. */
const counting = {
  initial: 'counting',
  states: {
    counting: { after: { tick: { target: 'counting', reenter: true, actions: 'countDown' } } },
  },
} as const;

/**
 * `drawCountdownMachine`: the timer of one lottery draw. Open (bets taken) until
 * `lotteryLockingSoonMs` before the close, then locking soon (bets still taken, the timer
 * warns), locked (bets refused) until the draw, then drawing: the result comes over the socket,
 * or, if none has come after `lotteryResultPollMs`, it is asked for (`loadDrawResult`, null while
 * the server has none). The result shows until the lobby moves to the next draw. A draw the
 * server calls off shows as cancelled. Server updates move the countdown; events about another
 * draw are ignored.
 */
export const drawCountdownMachine = setup({
  types: {
    context: {} as DrawCountdownContext,
    events: {} as DrawCountdownEvent,
    input: {} as DrawTiming,
  },
  actors: {
    loadDrawResult: fromPromise<DrawResult | null, { numero: string }>(async () => {
      throw new Error('loadDrawResult is supplied by the app');
    }),
  },
  actions: {
    /** A fresh timing from the server, or the next draw's. */
    takeTiming: assign(({ event }) =>
      event.type === 'server.drawUpdated' || event.type === 'app.nextDraw' ? timingOf(event) : {},
    ),
    /** The seconds shown: one less every second; the phases' own delays decide the phases. */
    countDown: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    showResult: assign(({ event }) =>
      event.type === 'socket.drawResult' ? { numbers: event.numbers, secondsLeft: 0 } : {},
    ),
  },
  guards: {
    /** The event (an update, a result, a cancel) is about this machine's draw. */
    isThisDraw: ({ context, event }) => 'numero' in event && event.numero === context.numero,
    isLockingSoon: ({ context }) => context.remainMs <= constants.lotteryLockingSoonMs,
    /** An update of this draw that leaves less than the warning time before the close. */
    isUpdateLockingSoon: ({ context, event }) =>
      event.type === 'server.drawUpdated' &&
      event.numero === context.numero &&
      event.remainTime <= constants.lotteryLockingSoonMs,
    hasResult: (_, params: { result: DrawResult | null }) => params.result !== null,
  },
  delays: {
    tick: 1000,
    untilLockingSoon: ({ context }) =>
      Math.max(0, context.remainMs - constants.lotteryLockingSoonMs),
    untilClose: ({ context }) =>
      Math.max(0, Math.min(context.remainMs, constants.lotteryLockingSoonMs)),
    untilDraw: ({ context }) => toDrawMs(context),
    resultPoll: constants.lotteryResultPollMs,
  },
}).createMachine({
  id: 'drawCountdown',
  context: ({ input }) => timingOf(input),
  initial: 'open',
  states: {
    open: {
      ...counting,
      tags: ['betting'],
      always: { guard: 'isLockingSoon', target: 'lockingSoon' },
      after: {
        untilLockingSoon: {
          target: 'lockingSoon',
          actions: assign({ secondsLeft: secondsOf(constants.lotteryLockingSoonMs) }),
        },
      },
      on: {
        'server.drawUpdated': {
          guard: 'isThisDraw',
          target: 'open',
          reenter: true,
          actions: 'takeTiming',
        },
        'socket.drawCancelled': { guard: 'isThisDraw', target: 'cancelled' },
      },
    },
    lockingSoon: {
      ...counting,
      tags: ['betting', 'warning'],
      after: {
        untilClose: {
          target: 'locked',
          actions: assign({ secondsLeft: ({ context }) => secondsOf(toDrawMs(context)) }),
        },
      },
      on: {
        'server.drawUpdated': [
          {
            guard: 'isUpdateLockingSoon',
            target: 'lockingSoon',
            reenter: true,
            actions: 'takeTiming',
          },
          {
            // Later than the timer thought (the server put the close back): open again.
            guard: 'isThisDraw',
            target: 'open',
            actions: 'takeTiming',
          },
        ],
        'socket.drawCancelled': { guard: 'isThisDraw', target: 'cancelled' },
      },
    },
    locked: {
      ...counting,
      after: { untilDraw: { target: 'drawing', actions: assign({ secondsLeft: 0 }) } },
      on: {
        'socket.drawResult': {
          guard: 'isThisDraw',
          target: 'result',
          actions: 'showResult',
        },
        'socket.drawCancelled': { guard: 'isThisDraw', target: 'cancelled' },
      },
    },
    drawing: {
      tags: ['drawing'],
      after: { resultPoll: 'checking' },
      on: {
        'socket.drawResult': {
          guard: 'isThisDraw',
          target: 'result',
          actions: 'showResult',
        },
        'socket.drawCancelled': { guard: 'isThisDraw', target: 'cancelled' },
      },
    },
    /** No result pushed in time: ask for it, then wait again if the server has none yet. */
    checking: {
      tags: ['drawing'],
      invoke: {
        id: 'loadDrawResult',
        src: 'loadDrawResult',
        input: ({ context }) => ({ numero: context.numero }),
        onDone: [
          {
            guard: { type: 'hasResult', params: ({ event }) => ({ result: event.output }) },
            target: 'result',
            actions: assign({ numbers: ({ event }) => event.output?.numbers ?? null }),
          },
          { target: 'drawing' },
        ],
        onError: { target: 'drawing' },
      },
      on: {
        'socket.drawResult': {
          guard: 'isThisDraw',
          target: 'result',
          actions: 'showResult',
        },
        'socket.drawCancelled': { guard: 'isThisDraw', target: 'cancelled' },
      },
    },
    result: {
      on: {
        'app.nextDraw': { target: 'open', actions: assign(({ event }) => timingOf(event)) },
      },
    },
    cancelled: {
      on: {
        'app.nextDraw': { target: 'open', actions: assign(({ event }) => timingOf(event)) },
      },
    },
  },
});

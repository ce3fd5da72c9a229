import { assign, fromPromise, setup } from 'xstate';
import type {
  BuiltinPlayBody,
  BuiltinPlayReply,
  BuiltinRoundView,
  BuiltinSeeds,
  BuiltinState,
} from '../contract/builtin-games.ts';
import {
  type CrashBet,
  type CrashResult,
  isCrashBetValid,
} from '../contract/builtin-games/crash.ts';
import { type DiceBet, isDiceBetValid } from '../contract/builtin-games/dice.ts';
import {
  builtinTiming,
  crashFlightMs,
  crashMultiplierAt,
} from '../contract/builtin-games/timing.ts';
import type { BuiltinGameId } from '../contract/builtin-games/verify.ts';

/** The bet options of a round besides the stake: dice direction and target, crash target. */
export type BuiltinBet = DiceBet | CrashBet | null;

/** What the page loads its session with: the session it has, else the launch token. */
export type BuiltinSessionRequest = { token: string | null; launchToken: string | null };
/** The provider session and its state (balance, seeds, latest rounds). */
export type BuiltinSessionLoaded = { token: string; state: BuiltinState };
export type BuiltinBetRequest = { token: string; body: BuiltinPlayBody };
/** A rotation, with the next server seed hash shown (the server refuses it if it changed). */
export type BuiltinSeedsRequest = {
  token: string;
  clientSeed?: string;
  nextServerSeedHash?: string;
};

/** A crash flight on screen: where it ends (hundredths), how far it is, what it shows. */
export type CrashFlight = { end: number; elapsedMs: number; multiplier: number };

export type BuiltinRoundContext = {
  game: BuiltinGameId;
  launchToken: string | null;
  /** The provider session (Authorization: Bearer), once the launch token is exchanged. */
  token: string | null;
  /** Balance, currency, seeds and the latest rounds, as the provider last said. */
  state: BuiltinState | null;
  /** The stake in minor units. */
  stake: string;
  /** The client seed typed for the next seed pair; empty: the provider picks one. */
  clientSeed: string;
  /** The options of the round being placed. */
  bet: BuiltinBet;
  /** The round being shown (its reply is applied to `state` when the result shows). */
  pending: BuiltinPlayReply | null;
  /**
   * The last round played out, with its seeds and nonce for the verifier (its result shows in
   * `idle.result`; the slot's reels keep its symbols while the next round spins).
   */
  round: BuiltinRoundView | null;
  /** Slot: how many reels have stopped. */
  reelsStopped: number;
  /** Crash: the flight on screen. */
  flight: CrashFlight | null;
  /** The code of the last failure (network, session_expired, no_session, ...). */
  error: string | null;
};

export type BuiltinRoundInput = {
  game: BuiltinGameId;
  launchToken: string | null;
  /** The session saved by an earlier load of the page (a reload), if any. */
  token: string | null;
  stake?: string;
};

export type BuiltinRoundEvent =
  | { type: 'user.selectStake'; stake: string }
  | { type: 'user.editClientSeed'; clientSeed: string }
  /** Play a round with the stake and these options (null for the slot). */
  | { type: 'user.play'; bet: BuiltinBet }
  | { type: 'user.rotateSeeds' }
  | { type: 'user.retry' };

/** The reels of the slot. */
export const slotReelCount = 5;
const clientSeedPattern = /^[\x21-\x7e]{1,64}$/;
/** The refusals that end the provider session: the page asks for a new launch. */
const sessionCodes = ['session_expired', 'seamless_token_invalid', 'no_session'];

const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'system_error';

function playBody(game: BuiltinGameId, stake: string, bet: BuiltinBet): BuiltinPlayBody {
  if (game === 'dice') return { game, stake, bet: bet as DiceBet };
  if (game === 'crash') return { game, stake, bet: bet as CrashBet };
  return { game: 'slot', stake };
}

/** Crash: the flight ends at the target when cashed out, else at the crash point. */
function flightEnd(round: BuiltinRoundView): number {
  const result = round.result as unknown as CrashResult;
  const target = Number((round.bet as Partial<CrashBet> | null)?.target ?? result.crashPoint);
  return result.win ? target : result.crashPoint;
}

const isBetValidFor = (game: BuiltinGameId, stake: string, bet: BuiltinBet): boolean => {
  if (!/^[1-9]\d{0,10}$/.test(stake)) return false;
  if (game === 'dice') return bet !== null && 'direction' in bet && isDiceBetValid(bet);
  if (game === 'crash') return bet !== null && 'target' in bet && isCrashBetValid(bet);
  return true;
};

/**
 * One built-in game page (slot, dice, crash) round by round: the provider session is loaded
 * (the server seed hash shows before any play); ready, the stake and the client seed for the
 * next seed pair can change; a play places the bet, the outcome plays out on screen (the slot's
 * reels stop one by one, the dice roll, the crash multiplier climbs until it cashes out at the
 * target or crashes), then the result shows with the round's seeds and nonce to verify. A stake
 * over the balance is refused before it goes out (and when the wallet refuses it); a seed
 * rotation reveals the server seed. An ended session asks for a new launch; a network or server
 * failure offers a retry, which loads the session's state again (a bet that went out shows in
 * the history; a bet is never sent twice).
 */
export const builtinRoundMachine = setup({
  types: {
    context: {} as BuiltinRoundContext,
    events: {} as BuiltinRoundEvent,
    input: {} as BuiltinRoundInput,
  },
  actors: {
    loadSession: fromPromise<BuiltinSessionLoaded, BuiltinSessionRequest>(async () => {
      throw new Error('loadSession is supplied by the app');
    }),
    submitBet: fromPromise<BuiltinPlayReply, BuiltinBetRequest>(async () => {
      throw new Error('submitBet is supplied by the app');
    }),
    saveSeeds: fromPromise<BuiltinSeeds, BuiltinSeedsRequest>(async () => {
      throw new Error('saveSeeds is supplied by the app');
    }),
  },
  actions: {
    /** Keeps the provider session for a reload (null forgets it). */
    storeSession: (_, _params: { token: string | null }) => {},
  },
  guards: {
    isBetValid: ({ context }, params: { bet: BuiltinBet }) =>
      isBetValidFor(context.game, context.stake, params.bet),
    // A free round (points mall) stakes nothing of the balance.
    isStakeAffordable: ({ context }) =>
      context.state !== null &&
      ((context.state.freeRounds?.roundsLeft ?? 0) > 0 ||
        BigInt(context.stake) <= BigInt(context.state.balance)),
    isClientSeedValid: ({ context }) =>
      context.clientSeed.trim() === '' || clientSeedPattern.test(context.clientSeed.trim()),
    isInsufficient: (_, params: { code: string }) => params.code === 'insufficient_balance',
    isSessionGone: (_, params: { code: string }) => sessionCodes.includes(params.code),
    isSlotRound: ({ context }) => context.pending?.round.game === 'slot',
    isCrashRound: ({ context }) => context.pending?.round.game === 'crash',
    hasStoppedAllReels: ({ context }) => context.reelsStopped >= slotReelCount,
  },
  delays: {
    spinTime: builtinTiming.slotSpinMs,
    reelStop: builtinTiming.slotReelStopMs,
    rollTime: builtinTiming.diceRollMs,
    frame: builtinTiming.crashFrameMs,
    flightTime: ({ context }) => (context.flight ? crashFlightMs(context.flight.end) : 0),
  },
}).createMachine({
  id: 'builtinRound',
  context: ({ input }) => ({
    game: input.game,
    launchToken: input.launchToken,
    token: input.token,
    state: null,
    stake: input.stake ?? '100',
    clientSeed: '',
    bet: null,
    pending: null,
    round: null,
    reelsStopped: 0,
    flight: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    /** The session from the launch token (or the saved one): balance, seeds, history. */
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: ({ context }) => ({ token: context.token, launchToken: context.launchToken }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({
              token: event.output.token,
              state: event.output.state,
              // The launch token is single-use: never exchanged again.
              launchToken: null,
              error: null,
            })),
            { type: 'storeSession', params: ({ event }) => ({ token: event.output.token }) },
          ],
        },
        onError: [
          {
            guard: {
              type: 'isSessionGone',
              params: ({ event }) => ({ code: codeOf(event.error) }),
            },
            target: 'sessionExpired',
            actions: assign({ error: ({ event }) => codeOf(event.error) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    /** Between rounds: stake and client seed editable, play and seed rotation offered. */
    idle: {
      initial: 'ready',
      on: {
        'user.selectStake': { actions: assign({ stake: ({ event }) => event.stake }) },
        'user.editClientSeed': {
          actions: assign({ clientSeed: ({ event }) => event.clientSeed }),
        },
        // An invalid bet is not played (the page disables its button); a valid one is checked
        // against the balance.
        'user.play': {
          guard: { type: 'isBetValid', params: ({ event }) => ({ bet: event.bet }) },
          target: 'checking',
          actions: assign({ bet: ({ event }) => event.bet, error: null }),
        },
        'user.rotateSeeds': {
          guard: 'isClientSeedValid',
          target: 'rotating',
          actions: assign({ error: null }),
        },
      },
      states: {
        ready: {},
        /** The last round's result: win or loss, its seeds and nonce to verify. */
        result: {},
        /** The stake is over the balance (seen here or refused by the wallet). */
        insufficientFunds: {
          on: {
            'user.selectStake': {
              target: 'ready',
              actions: assign({ stake: ({ event }) => event.stake, error: null }),
            },
          },
        },
      },
    },
    /** The stake against the balance, before the bet goes out. */
    checking: {
      always: [
        { guard: 'isStakeAffordable', target: 'placing' },
        { target: 'idle.insufficientFunds', actions: assign({ error: 'insufficient_balance' }) },
      ],
    },
    placing: {
      tags: ['busy'],
      invoke: {
        id: 'submitBet',
        src: 'submitBet',
        input: ({ context }) => ({
          token: context.token!,
          body: playBody(context.game, context.stake, context.bet),
        }),
        onDone: {
          target: 'playing',
          actions: assign(({ event }) => ({
            pending: event.output,
            reelsStopped: 0,
            flight:
              event.output.round.game === 'crash'
                ? { end: flightEnd(event.output.round), elapsedMs: 0, multiplier: 100 }
                : null,
          })),
        },
        onError: [
          {
            guard: {
              type: 'isInsufficient',
              params: ({ event }) => ({ code: codeOf(event.error) }),
            },
            target: 'idle.insufficientFunds',
            actions: assign({ error: 'insufficient_balance' }),
          },
          {
            guard: {
              type: 'isSessionGone',
              params: ({ event }) => ({ code: codeOf(event.error) }),
            },
            target: 'sessionExpired',
            actions: assign({ error: ({ event }) => codeOf(event.error) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    /** The outcome plays out on screen; the result shows when it is over. */
    playing: {
      tags: ['busy'],
      initial: 'starting',
      states: {
        starting: {
          always: [
            { guard: 'isSlotRound', target: 'spinning' },
            { guard: 'isCrashRound', target: 'climbing' },
            { target: 'rolling' },
          ],
        },
        /** Slot: all reels spin. */
        spinning: {
          after: { spinTime: { target: 'stopping', actions: assign({ reelsStopped: 1 }) } },
        },
        /** Slot: the reels stop one after the other, left to right. */
        stopping: {
          always: { guard: 'hasStoppedAllReels', target: '#builtinRound.showing' },
          after: {
            reelStop: {
              target: 'stopping',
              reenter: true,
              actions: assign({ reelsStopped: ({ context }) => context.reelsStopped + 1 }),
            },
          },
        },
        /** Dice: the number rolls. */
        rolling: {
          after: { rollTime: '#builtinRound.showing' },
        },
        /**
         * Crash: the multiplier climbs from 1.00x; the flight ends at the cash-out target (a
         * win) or at the crash point (a loss).
         */
        climbing: {
          initial: 'rising',
          after: { flightTime: '#builtinRound.showing' },
          states: {
            rising: {
              after: {
                frame: {
                  target: 'rising',
                  reenter: true,
                  actions: assign(({ context }) => {
                    const flight = context.flight!;
                    const elapsedMs = flight.elapsedMs + builtinTiming.crashFrameMs;
                    return {
                      flight: {
                        ...flight,
                        elapsedMs,
                        multiplier: crashMultiplierAt(flight.end, elapsedMs),
                      },
                    };
                  }),
                },
              },
            },
          },
        },
      },
    },
    /** The outcome's reply applied: new balance, seeds (next nonce) and the round on top. */
    showing: {
      always: {
        target: 'idle.result',
        actions: assign(({ context }) => {
          const reply = context.pending!;
          const state = context.state!;
          return {
            state: {
              ...state,
              balance: reply.balance,
              seeds: reply.seeds,
              history: [reply.round, ...state.history].slice(0, 20),
              freeRounds: reply.freeRounds ?? state.freeRounds,
            },
            round: reply.round,
            pending: null,
            reelsStopped: slotReelCount,
            flight: context.flight && {
              ...context.flight,
              elapsedMs: crashFlightMs(context.flight.end),
              multiplier: Math.max(100, context.flight.end),
            },
          };
        }),
      },
    },
    /**
     * A new seed pair: the current server seed is revealed, the next one shown (its hash) comes
     * into use with the client seed, the nonce starts at 0.
     */
    rotating: {
      tags: ['busy'],
      invoke: {
        id: 'saveSeeds',
        src: 'saveSeeds',
        input: ({ context }) => {
          const clientSeed = context.clientSeed.trim();
          const nextServerSeedHash = context.state?.seeds.nextServerSeedHash || undefined;
          return {
            token: context.token!,
            clientSeed: clientSeed || undefined,
            nextServerSeedHash,
          };
        },
        onDone: {
          target: 'idle.ready',
          actions: assign(({ context, event }) => ({
            state: context.state && { ...context.state, seeds: event.output },
            clientSeed: '',
          })),
        },
        onError: [
          {
            guard: {
              type: 'isSessionGone',
              params: ({ event }) => ({ code: codeOf(event.error) }),
            },
            target: 'sessionExpired',
            actions: assign({ error: ({ event }) => codeOf(event.error) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    /** The provider session ended (or there is none): a new launch from the lobby. */
    sessionExpired: {
      entry: { type: 'storeSession', params: { token: null } },
    },
    /** A network or server failure: retry loads the session's state again. */
    failed: {
      on: { 'user.retry': 'loading' },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';

export type HeaderBalanceContext = {
  /** The figure is masked ('***'); kept in local storage by the app. */
  hidden: boolean;
};

export type HeaderBalanceEvent =
  /** The refresh button: re-reads the balance over HTTP. */
  | { type: 'user.refresh' }
  /** The eye button: shows or masks the figure. */
  | { type: 'user.toggleVisibility' };

export type HeaderBalanceInput = {
  /** The stored show/hide choice. */
  hidden: boolean;
};

/**
 * The header's balance controls (spec section 2): a refresh that re-reads sumBalance over HTTP
 * and hands it on (`applyBalance`: the app sends it into the session), and the show/hide
 * toggle, persisted by the app. The figure itself is the session's `balance`, kept live by the
 * real-time channel.
 */
export const headerBalanceMachine = setup({
  types: {
    context: {} as HeaderBalanceContext,
    events: {} as HeaderBalanceEvent,
    input: {} as HeaderBalanceInput,
  },
  actors: {
    /** GET /wps/v2/wallets/balance: sumBalance in integer minor units. */
    loadBalance: fromPromise<string>(async () => {
      throw new Error('loadBalance is supplied by the app');
    }),
  },
  actions: {
    /** Hands the re-read balance to the session (as `realtime.balance`). */
    applyBalance: (_, _params: { balance: string }) => {},
    /** Keeps the show/hide choice (local storage). */
    persistVisibility: (_, _params: { hidden: boolean }) => {},
  },
}).createMachine({
  id: 'headerBalance',
  context: ({ input }) => ({ hidden: input.hidden }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.refresh': 'refreshing' },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        onDone: {
          target: 'idle',
          actions: { type: 'applyBalance', params: ({ event }) => ({ balance: event.output }) },
        },
        onError: 'failed',
      },
    },
    /** The re-read failed: the figure shown stays; the button tries again. */
    failed: {
      on: { 'user.refresh': 'refreshing' },
    },
  },
  on: {
    'user.toggleVisibility': {
      actions: [
        assign({ hidden: ({ context }) => !context.hidden }),
        { type: 'persistVisibility', params: ({ context }) => ({ hidden: context.hidden }) },
      ],
    },
  },
});

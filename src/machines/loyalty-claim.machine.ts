import { assign, fromPromise, setup } from 'xstate';

export type LoyaltyClaimContext = {
  /** What the last submit sent (a rebate game type, a redemption request). */
  request: unknown;
  /** The server's answer to the last submit that succeeded. */
  result: unknown;
  /** The server's translated message of the last failure. */
  error: string | null;
};

export type LoyaltyClaimEvent = { type: 'user.submit'; request: unknown } | { type: 'user.reset' };

/**
 * One loyalty claim (issue 16): a rebate claim on manualRebate or a points redemption on
 * /pointMall. Idle until the player submits; submitting while the call runs (a second submit is
 * ignored, so one click pays once from this side too); done with the answer, or failed with the
 * server's message and the same request to try again. The app supplies `submit`.
 */
export const loyaltyClaimMachine = setup({
  types: {
    context: {} as LoyaltyClaimContext,
    events: {} as LoyaltyClaimEvent,
  },
  actors: {
    submit: fromPromise<unknown, { request: unknown }>(async () => {
      throw new Error('submit is supplied by the app');
    }),
  },
  actions: {
    /** After a success: the app re-reads what changed (points, rebate, balance). */
    reloadAfterClaim: () => {},
  },
}).createMachine({
  id: 'loyaltyClaim',
  context: { request: null, result: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.submit': {
          target: 'submitting',
          actions: assign({ request: ({ event }) => event.request, error: null }),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ request: context.request }),
        onDone: {
          target: 'done',
          actions: [assign({ result: ({ event }) => event.output }), 'reloadAfterClaim'],
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error ? event.error.message : String(event.error),
          }),
        },
      },
    },
    done: {
      on: {
        'user.submit': {
          target: 'submitting',
          actions: assign({ request: ({ event }) => event.request, error: null }),
        },
        'user.reset': { target: 'idle', actions: assign({ result: null }) },
      },
    },
    failed: {
      on: {
        'user.submit': {
          target: 'submitting',
          actions: assign({ request: ({ event }) => event.request, error: null }),
        },
        'user.reset': { target: 'idle', actions: assign({ error: null }) },
      },
    },
  },
});

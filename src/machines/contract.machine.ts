import { assign, fromPromise, not, setup } from 'xstate';
import type {
  ContractKind,
  ContractTier,
  ContractView,
  DividendPeriod,
  ProcessContractBody,
  ProcessContractReply,
} from '../contract/agent.ts';
import type { ContractEvent } from '../contract/realtime.ts';

/** One of the four process calls (the kind picks the call). */
export type ContractRequest = { kind: ContractKind; body: ProcessContractBody };
/** Reads the contract of the pair again after a change the channel announced. */
export type ContractLoadRequest = {
  kind: ContractKind;
  /** The contract shown, if any (it keeps its place while pending or in force). */
  contractId: number | null;
  /** Upline side: the downline of the pair. */
  downline: string | null;
};

export type ContractInput = {
  kind: ContractKind;
  /** Upline side: the direct downline agent the offer is for; downline side: null. */
  downline: string | null;
  /** The pair's current contract of the kind (the newest), or none yet. */
  contract: ContractView | null;
  /** Unique per page (letters, digits, '-'): the offers' request keys start with it. */
  nonce: string;
};

export type ContractDraft = { tiers: ContractTier[]; period: DividendPeriod | null };

export type ContractContext = ContractInput & {
  draft: ContractDraft;
  /** Offers the server took: the next offer's request key is `<nonce>-<offers>`, so a retried
   * submit of the same offer is one offer. */
  offers: number;
  error: string | null;
};

export type ContractMachineEvent =
  | { type: 'user.editOffer'; tiers: ContractTier[]; period: DividendPeriod | null }
  | { type: 'user.submitOffer' }
  | { type: 'user.withdraw' }
  | { type: 'user.accept' }
  | { type: 'user.reject' }
  | { type: 'user.terminate' }
  | { type: 'user.newOffer' }
  | { type: 'user.cancelOffer' }
  | { type: 'socket.contractChanged'; contractId: number; status: ContractEvent['status'] }
  | { type: 'socket.wageSettled'; contractId: number };

const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'system_error';

const statusOf = (error: unknown): number =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : 0;

const isDigits = (value: string) => /^\d{1,15}$/.test(value);

/** Tiers an offer may carry: rates 1..10000 bps, thresholds whole minor units, rates rising. */
export function isValidDraft(kind: ContractKind, draft: ContractDraft): boolean {
  if (draft.tiers.length === 0 || draft.tiers.length > 10) return false;
  if ((kind === 'dividend') !== (draft.period !== null)) return false;
  if (kind === 'realtime' && draft.tiers.length !== 1) return false;
  return draft.tiers.every(
    (tier, index, all) =>
      Number.isInteger(tier.rateBps) &&
      tier.rateBps > 0 &&
      tier.rateBps <= 10_000 &&
      isDigits(tier.minTurnover) &&
      isDigits(tier.minNetLoss) &&
      Number.isInteger(tier.minActiveMembers) &&
      tier.minActiveMembers >= 0 &&
      (index === 0 || tier.rateBps > all[index - 1]!.rateBps),
  );
}

/** Changes announced by the channel, watched in every resting state but composing. */
const watch = {
  'socket.contractChanged': { guard: 'isAboutThisContract', target: 'refreshing' },
} as const;

const emptyDraft = (kind: ContractKind): ContractDraft => ({
  tiers: [{ minTurnover: '0', minNetLoss: '0', minActiveMembers: 0, rateBps: 0 }],
  period: kind === 'dividend' ? 'Weekly' : null,
});

/**
 * One contract of one kind between an upline agent and a direct downline agent (spec section
 * 4), as either side sees it. The upline composes an offer and sends it (pending), may withdraw
 * it (cancelled); the downline accepts (active) or rejects it (rejected); either side asks to
 * terminate an active contract (terminationRequested: it ends at the next period boundary, when
 * the settlement job settles its last period: ended). The server may cancel a pending or active
 * contract at any time (the downline took a higher-rate one, or the upline's own rate fell).
 * Changes made elsewhere arrive as `contract` events (and a `wage` of a terminating contract,
 * which may be its last): the machine reads the pair's contract again and shows where it is.
 * Which side the page is on is the `isUpline` guard, supplied by the app.
 */
export const contractMachine = setup({
  types: {
    context: {} as ContractContext,
    events: {} as ContractMachineEvent,
    input: {} as ContractInput,
  },
  actors: {
    submitContract: fromPromise<ProcessContractReply, ContractRequest>(async () => {
      throw new Error('submitContract is supplied by the app');
    }),
    loadContract: fromPromise<ContractView | null, ContractLoadRequest>(async () => {
      throw new Error('loadContract is supplied by the app');
    }),
  },
  actions: {
    /** A new offer starts from an empty form. */
    clearDraft: assign(({ context }) => ({ draft: emptyDraft(context.kind), error: null })),
    /** The app re-reads the lists around (offers, badges) after a change made here. */
    announceChanged: (_, _params: { contract: ContractView | null }) => {},
  },
  guards: {
    /** Whether the page is the upline's (it offers); supplied by the app. */
    isUpline: () => false,
    hasContract: ({ context }) => context.contract !== null,
    isPending: ({ context }) => context.contract?.state === 'pending',
    isActive: ({ context }) => context.contract?.state === 'active',
    isTerminating: ({ context }) => context.contract?.state === 'terminating',
    isEnded: ({ context }) => context.contract?.state === 'ended',
    isRejected: ({ context }) => context.contract?.state === 'rejected',
    isDraftValid: ({ context }) => isValidDraft(context.kind, context.draft),
    /** A `contract` event about this contract, or (downline) a new offer of any contract. */
    isAboutThisContract: ({ context, event }) =>
      (event.type === 'socket.contractChanged' || event.type === 'socket.wageSettled') &&
      (event.contractId === context.contract?.contractId ||
        (event.type === 'socket.contractChanged' && event.status === 'requested')),
    /** The server says the contract moved on meanwhile (409): read it again. */
    isConflict: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
}).createMachine({
  id: 'contract',
  context: ({ input }) => ({
    ...input,
    draft: emptyDraft(input.kind),
    offers: 0,
    error: null,
  }),
  initial: 'routing',
  states: {
    /** Where the pair's contract stands decides the view. */
    routing: {
      always: [
        { guard: 'isPending', target: 'pending' },
        { guard: 'isActive', target: 'active' },
        { guard: 'isTerminating', target: 'terminationRequested' },
        { guard: 'isEnded', target: 'ended' },
        { guard: 'isRejected', target: 'rejected' },
        { guard: 'hasContract', target: 'cancelled' },
        { guard: 'isUpline', target: 'composing' },
        { target: 'waiting' },
      ],
    },
    /** Downline, no contract of the kind yet: nothing to answer until an offer arrives. */
    waiting: { on: { ...watch } },
    /** Upline: the offer's tiers (and the dividend's period) being written. */
    composing: {
      on: {
        'user.editOffer': {
          actions: assign({
            draft: ({ event }) => ({ tiers: event.tiers, period: event.period }),
            error: null,
          }),
        },
        'user.submitOffer': [
          { guard: 'isDraftValid', target: 'submitting' },
          { actions: assign({ error: 'contract_tiers_invalid' }) },
        ],
        'user.cancelOffer': {
          guard: 'hasContract',
          target: 'routing',
          actions: assign({ error: null }),
        },
      },
    },
    pending: {
      on: {
        'user.withdraw': { guard: 'isUpline', target: 'submitting' },
        'user.accept': { guard: not('isUpline'), target: 'submitting' },
        'user.reject': { guard: not('isUpline'), target: 'submitting' },
        ...watch,
      },
    },
    active: {
      on: {
        'user.terminate': { target: 'submitting' },
        'user.newOffer': { guard: 'isUpline', target: 'composing', actions: 'clearDraft' },
        ...watch,
      },
    },
    /** Active until the next period boundary; its last wage may end it. */
    terminationRequested: {
      on: {
        'user.newOffer': { guard: 'isUpline', target: 'composing', actions: 'clearDraft' },
        'socket.wageSettled': { guard: 'isAboutThisContract', target: 'refreshing' },
        ...watch,
      },
    },
    ended: {
      on: {
        'user.newOffer': { guard: 'isUpline', target: 'composing', actions: 'clearDraft' },
        ...watch,
      },
    },
    rejected: {
      on: {
        'user.newOffer': { guard: 'isUpline', target: 'composing', actions: 'clearDraft' },
        ...watch,
      },
    },
    cancelled: {
      on: {
        'user.newOffer': { guard: 'isUpline', target: 'composing', actions: 'clearDraft' },
        ...watch,
      },
    },
    /** One process call: offer, withdraw, accept, reject or terminate. */
    submitting: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'submitContract',
        src: 'submitContract',
        input: ({ context, event }): ContractRequest => {
          const contractId = context.contract?.contractId ?? 0;
          switch (event.type) {
            case 'user.withdraw':
              return { kind: context.kind, body: { action: 'withdraw', contractId } };
            case 'user.accept':
              return { kind: context.kind, body: { action: 'accept', contractId } };
            case 'user.reject':
              return { kind: context.kind, body: { action: 'reject', contractId } };
            case 'user.terminate':
              return { kind: context.kind, body: { action: 'terminate', contractId } };
            default:
              return {
                kind: context.kind,
                body: {
                  action: 'offer',
                  downline: context.downline ?? '',
                  tiers: context.draft.tiers,
                  ...(context.draft.period ? { period: context.draft.period } : {}),
                  idempotencyKey: `${context.nonce}-${context.offers}`,
                },
              };
          }
        },
        onDone: {
          target: 'routing',
          actions: [
            assign({
              contract: ({ context, event }) => event.output.contract ?? context.contract,
              offers: ({ context, event }) =>
                event.output.contract?.state === 'pending' ? context.offers + 1 : context.offers,
            }),
            {
              type: 'announceChanged',
              params: ({ event }) => ({ contract: event.output.contract }),
            },
          ],
        },
        onError: [
          {
            guard: 'isConflict',
            target: 'refreshing',
            actions: assign({ error: ({ event }) => codeOf(event.error) }),
          },
          { target: 'routing', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    /** The channel said the contract changed: read it again. */
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadContract',
        src: 'loadContract',
        input: ({ context }) => ({
          kind: context.kind,
          contractId: context.contract?.contractId ?? null,
          downline: context.downline,
        }),
        onDone: {
          target: 'routing',
          actions: assign({ contract: ({ context, event }) => event.output ?? context.contract }),
        },
        onError: {
          target: 'routing',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
  },
});

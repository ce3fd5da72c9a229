import { assign, fromPromise, setup } from 'xstate';
import { proofImageLimits, type ProofImageType } from '../contract/withdrawal-proof.ts';
import type { ConfirmationOutcome, Withdrawal } from '../contract/withdrawal.ts';

/** A picked image: what the checks read, and the file itself (a Blob, sent as it is). */
export type ProofImage = { id: string; name: string; type: string; size: number; file: Blob };

/** What the confirmation sends: the outcome, the amount received (partly), the images. */
export type ConfirmationRequest = {
  withdrawalId: number;
  outcome: ConfirmationOutcome;
  receivedAmount: string | null;
  images: ProofImage[];
};

export type WithdrawalConfirmationInput = { withdrawalId: number; amount: string };

export type WithdrawalConfirmationContext = WithdrawalConfirmationInput & {
  outcome: ConfirmationOutcome | null;
  /** Partly received: minor units as digits ('' while empty). */
  receivedAmount: string;
  images: ProofImage[];
  /** Picked, being checked by content. */
  pending: ProofImage[];
  error: string | null;
};

export type WithdrawalConfirmationEvent =
  | { type: 'user.selectOutcome'; outcome: ConfirmationOutcome }
  | { type: 'user.setReceivedAmount'; amount: string }
  | { type: 'user.addImages'; images: ProofImage[] }
  | { type: 'user.removeImage'; id: string }
  | { type: 'user.submit' };

const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'system_error';

const isAmountPart = (context: WithdrawalConfirmationContext) =>
  /^\d{1,12}$/.test(context.receivedAmount) &&
  BigInt(context.receivedAmount) > 0n &&
  BigInt(context.receivedAmount) < BigInt(context.amount);

/**
 * The confirmation of a paid withdrawal (spec section 4): received, not received (a proof image
 * required) or partly received (the amount that arrived). Images are png or jpg by content, at
 * most 5 MB each and 3 in all, checked here before anything is sent (the server checks again).
 * A request the server already counts as confirmed (answered by the player elsewhere, or left
 * unconfirmed past the configured minutes, which counts as received) ends as `closed`.
 */
export const withdrawalConfirmationMachine = setup({
  types: {
    context: {} as WithdrawalConfirmationContext,
    events: {} as WithdrawalConfirmationEvent,
    input: {} as WithdrawalConfirmationInput,
  },
  actors: {
    /** The type of each image by its first bytes (null: neither png nor jpg). */
    inspectImages: fromPromise<(ProofImageType | null)[], ProofImage[]>(async () => {
      throw new Error('inspectImages is supplied by the app');
    }),
    submitConfirmation: fromPromise<Withdrawal, ConfirmationRequest>(async () => {
      throw new Error('submitConfirmation is supplied by the app');
    }),
  },
  actions: {
    /** After the confirmation: the app re-reads the withdrawal list. */
    announceConfirmed: (_, _params: { withdrawal: Withdrawal }) => {},
  },
  guards: {
    isOverCount: ({ context, event }) =>
      event.type === 'user.addImages' &&
      context.images.length + event.images.length > proofImageLimits.maxCount,
    isWithinSize: ({ event }) =>
      event.type === 'user.addImages' &&
      event.images.every((image) => image.size > 0 && image.size <= proofImageLimits.maxBytes),
    isEveryImageValid: ({ context, event }) => {
      const output = (event as { output?: unknown }).output;
      return (
        Array.isArray(output) &&
        output.length === context.pending.length &&
        output.every((type) => type !== null)
      );
    },
    hasNoOutcome: ({ context }) => context.outcome === null,
    isProofMissing: ({ context }) =>
      context.outcome === 'notReceived' && context.images.length === 0,
    isAmountMissing: ({ context }) =>
      context.outcome === 'partlyReceived' && !isAmountPart(context),
    isAlreadyConfirmed: ({ event }) =>
      codeOf((event as { error?: unknown }).error) === 'withdrawal_state_invalid',
  },
}).createMachine({
  id: 'withdrawalConfirmation',
  context: ({ input }) => ({
    ...input,
    outcome: null,
    receivedAmount: '',
    images: [],
    pending: [],
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'user.selectOutcome': {
          actions: assign({ outcome: ({ event }) => event.outcome, error: null }),
        },
        'user.setReceivedAmount': {
          actions: assign({ receivedAmount: ({ event }) => event.amount, error: null }),
        },
        'user.addImages': [
          { guard: 'isOverCount', actions: assign({ error: 'too_many_images' }) },
          { guard: 'isWithinSize', target: 'inspecting' },
          { actions: assign({ error: 'image_too_large' }) },
        ],
        'user.removeImage': {
          actions: assign({
            images: ({ context, event }) => context.images.filter((image) => image.id !== event.id),
            error: null,
          }),
        },
        'user.submit': [
          { guard: 'hasNoOutcome', actions: assign({ error: 'outcome_required' }) },
          { guard: 'isProofMissing', actions: assign({ error: 'proof_image_required' }) },
          { guard: 'isAmountMissing', actions: assign({ error: 'withdrawal_amount_invalid' }) },
          { target: 'submitting', actions: assign({ error: null }) },
        ],
      },
    },
    inspecting: {
      tags: ['busy'],
      entry: assign({
        pending: ({ event }) => (event.type === 'user.addImages' ? event.images : []),
        error: null,
      }),
      invoke: {
        id: 'inspectImages',
        src: 'inspectImages',
        input: ({ context }) => context.pending,
        onDone: [
          {
            guard: 'isEveryImageValid',
            target: 'choosing',
            actions: assign({
              images: ({ context }) => [...context.images, ...context.pending],
              pending: [],
            }),
          },
          { target: 'choosing', actions: assign({ pending: [], error: 'image_invalid' }) },
        ],
        onError: { target: 'choosing', actions: assign({ pending: [], error: 'image_invalid' }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitConfirmation',
        src: 'submitConfirmation',
        input: ({ context }) => ({
          withdrawalId: context.withdrawalId,
          outcome: context.outcome ?? 'received',
          receivedAmount: context.outcome === 'partlyReceived' ? context.receivedAmount : null,
          images: context.outcome === 'received' ? [] : context.images,
        }),
        onDone: {
          target: 'confirmed',
          actions: {
            type: 'announceConfirmed',
            params: ({ event }) => ({ withdrawal: event.output }),
          },
        },
        onError: [
          { guard: 'isAlreadyConfirmed', target: 'closed' },
          { target: 'choosing', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    confirmed: { type: 'final' },
    closed: { type: 'final' },
  },
});

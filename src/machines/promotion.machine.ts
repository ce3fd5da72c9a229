import { assign, fromPromise, setup } from 'xstate';
import type {
  ActivityState,
  ApplyBody,
  Promotion,
  PromotionClaim,
} from '../contract/promotions.ts';
import { applyLimits } from '../contract/promotion-limits.ts';

/** A claim call: the plain claim, or the raffle draw (`MCS2_claimRafflePromotion`). */
export type PromotionClaimRequest = { promotionId: number; raffle: boolean };

export type PromotionInput = {
  /** The promotion as the list or detail call answered it, with the player's state. */
  promotion: Promotion;
};

export type PromotionContext = PromotionInput & {
  remark: string;
  /** Base64 png or jpg images the player picked (checked by content on the server). */
  images: string[];
  /** The last claim the server answered (what it credited, the wagering it needs). */
  claim: PromotionClaim | null;
  error: string | null;
};

export type PromotionMachineEvent =
  | { type: 'user.claim' }
  | { type: 'user.apply' }
  | { type: 'user.editRemark'; remark: string }
  | { type: 'user.addImage'; image: string }
  | { type: 'user.removeImage'; index: number }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  /** The server changed something the state depends on (a badges event, a deposit). */
  | { type: 'server.changed' };

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

/** The activity state a claim's answer puts the promotion in. */
export function stateAfterClaim(claim: PromotionClaim): ActivityState {
  if (claim.state === 'applying' || claim.state === 'rejected') return claim.state;
  return claim.wageringRemaining !== '0' ? 'issued' : 'claimed';
}

const is =
  (state: ActivityState) =>
  ({ context }: { context: PromotionContext }) =>
    context.promotion.state === state;

/** Changes the server announces, watched in every resting state. */
const watch = { 'server.changed': { target: 'refreshing' } } as const;

/**
 * One promotion's activity (spec section 4: join, claim, applying, close, rejected, issued,
 * claimed, process, signed, coming soon) on the promotions list and the promotion's detail. The
 * server works the state out (promotionViews) and enforces it; this machine shows it and moves
 * through the player's claim: a plain claim or a raffle draw (one call), or an application
 * (remark up to 140 characters, up to 3 images) that waits for the operator. A refusal because
 * the promotion moved on (409) reads it again; another failure stays with its message.
 */
export const promotionMachine = setup({
  types: {
    context: {} as PromotionContext,
    events: {} as PromotionMachineEvent,
    input: {} as PromotionInput,
  },
  actors: {
    submitClaim: fromPromise<PromotionClaim, PromotionClaimRequest>(async () => {
      throw new Error('submitClaim is supplied by the app');
    }),
    submitApplication: fromPromise<PromotionClaim, ApplyBody>(async () => {
      throw new Error('submitApplication is supplied by the app');
    }),
    loadPromotion: fromPromise<Promotion, { promotionId: number }>(async () => {
      throw new Error('loadPromotion is supplied by the app');
    }),
  },
  actions: {
    /** The app re-reads the balance, badges and bonus details after a credit or application. */
    announceClaimed: (_, _params: { claim: PromotionClaim }) => {},
  },
  guards: {
    isComingSoon: is('comingSoon'),
    isClose: is('close'),
    isJoin: is('join'),
    isProcess: is('process'),
    isClaim: is('claim'),
    isApplying: is('applying'),
    isRejected: is('rejected'),
    isIssued: is('issued'),
    isClaimed: is('claimed'),
    needsApproval: ({ context }) => context.promotion.needsApproval,
    hasRoomForImage: ({ context }) => context.images.length < applyLimits.maxImages,
    isRemarkValid: ({ context }) => context.remark.trim().length <= applyLimits.remarkMax,
    /** The promotion moved on meanwhile (409): read it again. */
    isConflict: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
}).createMachine({
  id: 'promotion',
  context: ({ input }) => ({ ...input, remark: '', images: [], claim: null, error: null }),
  initial: 'routing',
  states: {
    /** The server's state for the player decides the view. */
    routing: {
      always: [
        { guard: 'isComingSoon', target: 'comingSoon' },
        { guard: 'isClose', target: 'close' },
        { guard: 'isJoin', target: 'join' },
        { guard: 'isProcess', target: 'process' },
        { guard: 'isClaim', target: 'claim' },
        { guard: 'isApplying', target: 'applying' },
        { guard: 'isRejected', target: 'rejected' },
        { guard: 'isIssued', target: 'issued' },
        { guard: 'isClaimed', target: 'claimed' },
        { target: 'signed' },
      ],
    },
    comingSoon: { on: { ...watch } },
    close: { on: { ...watch } },
    /** Nothing to claim yet (deposit, play): a link to do so. */
    join: { on: { ...watch, 'user.apply': { guard: 'needsApproval', target: 'composing' } } },
    /** Started (some turnover or loss) but below the minimum. */
    process: { on: { ...watch, 'user.apply': { guard: 'needsApproval', target: 'composing' } } },
    /** Claimable now: a claim (or a raffle draw), or the application form when it needs one. */
    claim: {
      on: {
        ...watch,
        'user.claim': [{ guard: 'needsApproval', target: 'composing' }, { target: 'claiming' }],
      },
    },
    /** The application form: remark and images. */
    composing: {
      on: {
        'user.editRemark': {
          actions: assign({ remark: ({ event }) => event.remark, error: null }),
        },
        'user.addImage': [
          {
            guard: 'hasRoomForImage',
            actions: assign({
              images: ({ context, event }) => [...context.images, event.image],
              error: null,
            }),
          },
          { actions: assign({ error: 'too_many_images' }) },
        ],
        'user.removeImage': {
          actions: assign({
            images: ({ context, event }) => context.images.filter((_, i) => i !== event.index),
          }),
        },
        'user.submit': [
          { guard: 'isRemarkValid', target: 'applyingSubmit' },
          { actions: assign({ error: 'remark_too_long' }) },
        ],
        'user.cancel': { target: 'routing', actions: assign({ error: null }) },
      },
    },
    applying: { on: { ...watch } },
    rejected: { on: { ...watch } },
    /** Credited; its wagering requirement still open. */
    issued: { on: { ...watch } },
    claimed: { on: { ...watch } },
    /** Referral: the player takes part (the reward comes from the referral page). */
    signed: { on: { ...watch } },
    claiming: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'submitClaim',
        src: 'submitClaim',
        input: ({ context }) => ({
          promotionId: context.promotion.id,
          raffle: context.promotion.kind === 'raffle',
        }),
        onDone: {
          target: 'routing',
          actions: [
            assign({
              claim: ({ event }) => event.output,
              promotion: ({ context, event }) => ({
                ...context.promotion,
                state: stateAfterClaim(event.output),
                amount: null,
                claimId: event.output.id,
              }),
            }),
            { type: 'announceClaimed', params: ({ event }) => ({ claim: event.output }) },
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
    applyingSubmit: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => ({
          promotionId: context.promotion.id,
          remark: context.remark.trim(),
          images: context.images,
        }),
        onDone: {
          target: 'routing',
          actions: [
            assign({
              claim: ({ event }) => event.output,
              promotion: ({ context, event }) => ({
                ...context.promotion,
                state: stateAfterClaim(event.output),
                amount: null,
                claimId: event.output.id,
              }),
              remark: '',
              images: [],
            }),
            { type: 'announceClaimed', params: ({ event }) => ({ claim: event.output }) },
          ],
        },
        onError: [
          {
            guard: 'isConflict',
            target: 'refreshing',
            actions: assign({ error: ({ event }) => codeOf(event.error) }),
          },
          { target: 'composing', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    /** Read the promotion (and the player's state) again. */
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadPromotion',
        src: 'loadPromotion',
        input: ({ context }) => ({ promotionId: context.promotion.id }),
        onDone: { target: 'routing', actions: assign({ promotion: ({ event }) => event.output }) },
        onError: {
          target: 'routing',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
  },
});

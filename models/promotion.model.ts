import type { ActivityState, Promotion, PromotionClaim } from '../src/contract/promotions.ts';
import { promotionMachine } from '../src/machines/promotion.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { promotionMachine };

/** The walked promotion (a daily 10 % deposit bonus), in the state given. */
export function promotionIn(
  state: ActivityState,
  options: { needsApproval?: boolean; kind?: Promotion['kind'] } = {},
): Promotion {
  return {
    id: 7,
    kind: options.kind ?? 'depositBonus',
    title: 'Daily 10% deposit bonus',
    description: 'Every day, 10% of your largest deposit, up to 1,000.',
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: null,
    period: 'daily',
    rateBps: 1000,
    cap: '100000',
    minAmount: '50000',
    minVipLevel: 0,
    wageringMultiplier: 3,
    needsApproval: options.needsApproval ?? false,
    state,
    amount: state === 'claim' ? '5000' : null,
    claimId: null,
  };
}

/** A claim as the server answers it. */
export function claimIn(state: PromotionClaim['state'], wageringRemaining = '0'): PromotionClaim {
  return {
    id: 31,
    promotionId: 7,
    kind: 'depositBonus',
    title: 'Daily 10% deposit bonus',
    periodKey: '2026-11-26',
    state,
    amount: '5000',
    remark: '',
    imageCount: 0,
    rejectReason: null,
    wageringRequired: wageringRemaining === '0' ? '0' : '15000',
    wageringDone: '0',
    wageringRemaining,
    claimedAt: '2026-11-26T10:00:00.000Z',
    decidedAt: null,
  };
}

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAE=';

export const model = defineModel({
  name: 'promotion',
  title: 'Promotion activity (claim, raffle draw, apply for approval)',
  summary:
    "One promotion on the promotions list and its detail page, in the player's activity state " +
    'as the server works it out (coming soon, close, join, process, claim, applying, rejected, ' +
    'issued, claimed, signed). A claimable promotion is claimed in one call (a raffle draws its ' +
    'prize); one that needs approval opens the application form (remark up to 140 characters, ' +
    'up to 3 png/jpg images) and waits for the operator (applying). A credited bonus with ' +
    'wagering still open is issued, else claimed. A refusal because the promotion moved on ' +
    '(409) reads it again; a badges event or a deposit reads it again too.',
  source: 'src/machines/promotion.machine.ts',
  machine: promotionMachine,
  input: { promotion: promotionIn('claim') },
  settings: [
    {
      name: 'claim',
      description: 'a promotion claimed in one call (deposit bonus, raffle)',
      provide: { guards: { needsApproval: () => false } },
    },
    {
      name: 'apply',
      description: 'a promotion that needs an application and the operator’s approval',
      provide: { guards: { needsApproval: () => true } },
    },
  ],
  project: (context) => ({
    state: context.promotion.state,
    images: Math.min(context.images.length, 3),
    remarkValid: context.remark.length <= 140,
  }),
  events: {
    'user.claim': [{}],
    'user.apply': [{}],
    'user.editRemark': [
      { label: 'a short remark', remark: 'deposit made' },
      { label: '141 characters', remark: 'x'.repeat(141) },
    ],
    'user.addImage': [{ label: 'a png', image: png }],
    'user.removeImage': [{ index: 0 }],
    'user.submit': [{}],
    'user.cancel': [{}],
    'server.changed': [{}],
    'xstate.done.actor.submitClaim': [
      { label: 'issued (wagering open)', output: claimIn('issued', '15000') },
      { label: 'claimed', output: claimIn('issued') },
    ],
    'xstate.error.actor.submitClaim': [
      { label: 'network error', error: { code: 'network_error', status: 0 } },
      { label: 'already claimed (409)', error: { code: 'promotion_already_claimed', status: 409 } },
    ],
    'xstate.done.actor.submitApplication': [{ label: 'applying', output: claimIn('applying') }],
    'xstate.error.actor.submitApplication': [
      { label: 'not an image (415)', error: { code: 'image_invalid', status: 415 } },
      { label: 'moved on (409)', error: { code: 'promotion_not_claimable', status: 409 } },
    ],
    'xstate.done.actor.loadPromotion': [
      { label: 'coming soon', output: promotionIn('comingSoon') },
      { label: 'close', output: promotionIn('close') },
      { label: 'join', output: promotionIn('join') },
      { label: 'process', output: promotionIn('process') },
      { label: 'claim', output: promotionIn('claim') },
      { label: 'rejected', output: promotionIn('rejected') },
      { label: 'claimed', output: promotionIn('claimed') },
      { label: 'signed', output: promotionIn('signed', { kind: 'referral' }) },
    ],
    'xstate.error.actor.loadPromotion': [
      { label: 'network error', error: { code: 'network_error', status: 0 } },
    ],
  },
  states: {
    'promotion.routing': { shows: 'nothing of its own (passes on at once)' },
    'promotion.comingSoon': {
      shows: 'the promotion with "coming soon"',
      testId: 'promo-comingSoon',
    },
    'promotion.close': {
      shows: 'the promotion marked closed (ended, or not for this player)',
      testId: 'promo-close',
    },
    'promotion.join': {
      shows: 'a join button leading to deposit (apply, when it needs approval)',
      testId: 'promo-join',
    },
    'promotion.process': {
      shows: 'in progress: what is still missing (apply, when it needs approval)',
      testId: 'promo-process',
    },
    'promotion.claim': { shows: 'the amount to claim and the claim button', testId: 'promo-claim' },
    'promotion.composing': {
      shows: 'the application form: remark (140), up to 3 images, submit and cancel',
      testId: 'promo-apply-form',
    },
    'promotion.applying': {
      shows: 'the application waiting for the operator',
      testId: 'promo-applying',
    },
    'promotion.rejected': { shows: 'the application rejected', testId: 'promo-rejected' },
    'promotion.issued': {
      shows: 'credited; the turnover still needed (bonus details link)',
      testId: 'promo-issued',
    },
    'promotion.claimed': { shows: 'claimed', testId: 'promo-claimed' },
    'promotion.signed': {
      shows: 'taking part (referral: the invite page)',
      testId: 'promo-signed',
    },
    'promotion.claiming': { shows: 'the claim button busy', testId: 'promo-busy' },
    'promotion.applyingSubmit': { shows: 'the application form busy', testId: 'promo-busy' },
    'promotion.refreshing': {
      shows: 'the promotion being read again (busy)',
      testId: 'promo-busy',
    },
  },
});

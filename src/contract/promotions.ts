import { z } from 'zod';
import { dbIdParamSchema, dbIdSchema, countSchema } from './primitives.ts';
import { minorUnitsSchema } from './wallet.ts';

/**
 * Promotions (issue 16; spec sections 2, 3, 4, 5, 7 and 9): operator-managed offers a player
 * claims (or applies for, with a remark and up to 3 images, for the operator to approve). Each
 * credit is one ledger posting keyed per (promotion, member, period), so it is never paid twice.
 * A bonus may carry a wagering requirement (a multiple of the bonus in valid turnover since the
 * claim): until it is met, the bonus is held and a withdrawal above the withdrawable amount is
 * refused. The reward center lists everything claimable now; the red badges count it.
 */
export const promotionPaths = {
  /** GET (optional token): the promotions, each with the caller's activity state. */
  list: '/wps/promotions',
  /** GET (optional token): one promotion (promoDetail). */
  detail: '/wps/promotions/:promotionId',
  /** POST (token): claim a promotion's credit now (kinds that need no approval). */
  claim: '/wps/promotions/claim',
  /** POST (token): apply (remark up to 140 characters, up to 3 png/jpg images) for approval. */
  apply: '/wps/promotions/apply',
  /** GET (token): one of the caller's application images. */
  image: '/wps/promotions/claims/:claimId/images/:index',
  /** POST (token): draw and credit a raffle's prize (spec section 7). */
  claimRaffle: '/wps/relay/MCS2_claimRafflePromotion',
  /** GET (token): bonusDetails: the caller's claims with the turnover each still needs. */
  bonusDetails: '/wps/member/bonusDetails',
  /** GET (token): rewardCenter: everything claimable now, from every source. */
  rewardCenter: '/wps/member/rewardCenter',
  /** GET (token): the public state (balance, counts, VIP rank, available promotions). */
  publicState: '/wps/member/publicState',
} as const;

export const promotionOpsPaths = {
  /** GET: every promotion; POST: create one. */
  promotions: '/ops/promotions',
  /** PUT: update one. */
  promotion: '/ops/promotions/:promotionId',
  /** GET: claims waiting for approval (state applying), oldest first. */
  claims: '/ops/promotions/claims',
  /** POST: approve an application: credit it (optionally another amount). */
  approve: '/ops/promotions/claims/:claimId/approve',
  /** POST: reject an application with a reason. */
  reject: '/ops/promotions/claims/:claimId/reject',
  /** GET: one application image. */
  image: '/ops/promotions/claims/:claimId/images/:index',
} as const;

/**
 * Kinds: a deposit bonus (a percentage of the largest paid deposit of the period, up to a cap),
 * a first-deposit bonus (of the member's first paid deposit, once), cashback (a percentage of
 * the previous period's net loss), a raffle (a prize drawn from weighted prizes once the
 * period's valid turnover reaches the minimum) and the referral reward (paid by the referral
 * part; its promotion switches the REFERRAL entry of the public state).
 */
export const promotionKinds = [
  'depositBonus',
  'firstDeposit',
  'cashback',
  'raffle',
  'referral',
] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/** How often a member may claim: once ever, once a day or once a week (operator time zone). */
export const promotionPeriods = ['once', 'daily', 'weekly'] as const;
export type PromotionPeriod = (typeof promotionPeriods)[number];

/** Activity states (spec section 4), as the server works them out for the caller. */
export const activityStates = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'signed',
  'comingSoon',
] as const;
export type ActivityState = (typeof activityStates)[number];

import { applyLimits } from './promotion-limits.ts';

export { applyLimits };

const text = (max: number) => z.string().trim().min(1).max(max);
export const localizedTextSchema = z.object({ hi: text(200), en: text(200), bn: text(200) });
export const localizedLongTextSchema = z.object({
  hi: z.string().max(4000),
  en: z.string().max(4000),
  bn: z.string().max(4000),
});

/** An amount the operator sets: non-negative minor units below 10^15. */
const amountSchema = z.string().regex(/^\d{1,15}$/, 'integer minor units');
const isoDateTime = z.iso.datetime({ offset: true });

export const rafflePrizeSchema = z.object({
  amount: amountSchema,
  weight: z.number().int().min(1).max(1_000_000),
});

export const promotionBodySchema = z
  .object({
    kind: z.enum(promotionKinds),
    title: localizedTextSchema,
    description: localizedLongTextSchema,
    startsAt: isoDateTime,
    endsAt: isoDateTime.nullable(),
    period: z.enum(promotionPeriods),
    /** Percentage in basis points of the base (deposit, net loss): 1000 is 10 %. */
    rateBps: z.number().int().min(0).max(100_000),
    /** The most one claim credits (0: no cap). */
    cap: amountSchema,
    /** The least base (deposit, net loss, raffle turnover) that makes it claimable. */
    minAmount: amountSchema,
    minVipLevel: z.number().int().min(0).max(99),
    /** Only members registered since the promotion started. */
    newPlayersOnly: z.boolean(),
    /** Valid turnover required before withdrawing: this many times the bonus (0: none). */
    wageringMultiplier: z.number().int().min(0).max(100),
    /** The player applies (remark, images) and an operator approves. */
    needsApproval: z.boolean(),
    prizes: z.array(rafflePrizeSchema).max(20),
    enabled: z.boolean(),
    sort: z.number().int().min(0).max(10_000),
  })
  .refine((body) => body.kind !== 'raffle' || body.prizes.length > 0, {
    message: 'a raffle needs prizes',
    path: ['prizes'],
  })
  .refine((body) => !body.endsAt || body.endsAt > body.startsAt, {
    message: 'endsAt before startsAt',
    path: ['endsAt'],
  });
export type PromotionBody = z.infer<typeof promotionBodySchema>;

export const opsPromotionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(promotionKinds),
  title: localizedTextSchema,
  description: localizedLongTextSchema,
  startsAt: isoDateTime,
  endsAt: isoDateTime.nullable(),
  period: z.enum(promotionPeriods),
  rateBps: z.number().int(),
  cap: minorUnitsSchema,
  minAmount: minorUnitsSchema,
  minVipLevel: z.number().int(),
  newPlayersOnly: z.boolean(),
  wageringMultiplier: z.number().int(),
  needsApproval: z.boolean(),
  prizes: z.array(rafflePrizeSchema),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type OpsPromotion = z.infer<typeof opsPromotionSchema>;
export const opsPromotionListSchema = z.object({ list: z.array(opsPromotionSchema) });

/** A promotion as the player sees it, in the request's language, with their state. */
export const promotionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(promotionKinds),
  title: z.string(),
  description: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime.nullable(),
  period: z.enum(promotionPeriods),
  rateBps: z.number().int(),
  cap: minorUnitsSchema,
  minAmount: minorUnitsSchema,
  minVipLevel: z.number().int(),
  wageringMultiplier: z.number().int(),
  needsApproval: z.boolean(),
  /** The caller's activity state (visitors: join, close or comingSoon). */
  state: z.enum(activityStates),
  /** What a claim would credit now (null: unknown before the draw or the operator's decision). */
  amount: minorUnitsSchema.nullable(),
  /** The caller's claim of the current period, if any. */
  claimId: z.number().int().nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionListSchema = z.object({ list: z.array(promotionSchema) });
export const promotionParamsSchema = z.object({ promotionId: dbIdParamSchema });

export const claimBodySchema = z.object({ promotionId: dbIdSchema });
export type ClaimBody = z.infer<typeof claimBodySchema>;

/**
 * A png or jpg, base64. Its size, its type (by content, not by name or declared type) and how
 * many there are, are checked on the server by the one image rule, so that these answer its
 * codes (413 image_too_large, 413 too_many_images, 415 image_invalid) as the other uploads do;
 * the route's body limit bounds the whole.
 */
const base64Image = z
  .string()
  .min(8)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

export const applyBodySchema = z.object({
  promotionId: dbIdSchema,
  remark: z.string().trim().max(applyLimits.remarkMax),
  /** At most `applyLimits.maxImages` of `applyLimits.maxBytes` each (413 past either). */
  images: z.array(base64Image),
});
export type ApplyBody = z.infer<typeof applyBodySchema>;

export const claimStates = ['applying', 'rejected', 'issued'] as const;
export type ClaimState = (typeof claimStates)[number];

/** One of the member's claims: what it credited and the wagering it still needs. */
export const promotionClaimSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  kind: z.enum(promotionKinds),
  title: z.string(),
  periodKey: z.string(),
  state: z.enum(claimStates),
  amount: minorUnitsSchema.nullable(),
  remark: z.string(),
  imageCount: z.number().int(),
  rejectReason: z.string().nullable(),
  /** Valid turnover required since the claim (0: none). */
  wageringRequired: minorUnitsSchema,
  /** Valid turnover played since the claim (counted from its 5-minute window). */
  wageringDone: minorUnitsSchema,
  /** Turnover still needed before the bonus is free to withdraw. */
  wageringRemaining: minorUnitsSchema,
  claimedAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
});
export type PromotionClaim = z.infer<typeof promotionClaimSchema>;

export const bonusDetailsSchema = z.object({
  list: z.array(promotionClaimSchema),
  /** The bonus amounts still held by unmet wagering requirements. */
  held: minorUnitsSchema,
  /** The turnover still needed by all of them. */
  turnoverNeeded: minorUnitsSchema,
});
export type BonusDetails = z.infer<typeof bonusDetailsSchema>;

export const claimParamsSchema = z.object({ claimId: dbIdParamSchema });
export const imageParamsSchema = z.object({
  claimId: dbIdParamSchema,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(applyLimits.maxImages - 1),
});

export const approveBodySchema = z.object({
  /** Another amount than the one worked out at the application (minor units). */
  amount: amountSchema.optional(),
});
export const rejectBodySchema = z.object({ reason: z.string().trim().min(1).max(200) });

export const opsClaimSchema = promotionClaimSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
});
export const opsClaimListSchema = z.object({ list: z.array(opsClaimSchema) });

/** What can be claimed now (rewardCenter): one entry per source's item. */
export const claimableKinds = ['promotion', 'mission', 'rebate', 'raffle'] as const;
export const rewardItemSchema = z.object({
  kind: z.enum(claimableKinds),
  ref: z.string(),
  amount: minorUnitsSchema.nullable(),
  title: z.string(),
});
export type RewardItem = z.infer<typeof rewardItemSchema>;
export const rewardCenterSchema = z.object({ list: z.array(rewardItemSchema) });

/** The red badges (spec section 2): counts of the member-center entries that carry one. */
export const badgeCountsSchema = z.object({
  availablePromoCount: countSchema,
  rewardCenter: countSchema,
  missionLeaderboard: countSchema,
});
export type BadgeCounts = z.infer<typeof badgeCountsSchema>;

/** Spec section 3: the public state. */
export const publicStateSchema = z.object({
  sumBalance: minorUnitsSchema,
  currencySymbol: z.string(),
  availablePromoCount: countSchema,
  unreadMessage: countSchema,
  hasVip: z.boolean(),
  vipRankLevel: z.number().int().min(0),
  availablePromo: z.array(z.object({ type: z.string(), enabled: z.boolean() })),
  badges: badgeCountsSchema,
});
export type PublicState = z.infer<typeof publicStateSchema>;

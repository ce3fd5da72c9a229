import { z } from 'zod';
import { constants } from './constants.ts';
import { countSchema, dbIdParamSchema, dbIdSchema, int32Max } from './primitives.ts';
import { positiveMinorSchema, requestKeySchema } from './records.ts';
import { minorUnitsSchema } from './wallet.ts';

/**
 * Loyalty (issue 16): points earned from valid turnover (never expire) and the points mall,
 * rebate per game type and VIP level (manualRebate), and VIP levels. The spec gives no paths for
 * the points calls ("paths not shown"): these follow the site's style.
 */
export const loyaltyPaths = {
  /** GET (token): the member's points. */
  pointsBalance: '/wps/points/balance',
  /** GET (token): points history (earned, redeemed, refunded), paged. */
  pointsDetails: '/wps/points/details',
  /** GET: the exchange ratio and the rules. */
  pointsConfig: '/wps/points/config',
  /** GET: the catalog in the request's language. */
  pointsItems: '/wps/points/items',
  /** POST (token): redeem an item with the payment password. */
  pointsRedeem: '/wps/points/redeem',
  /** GET (token): the member's redemptions, paged. */
  pointsRedemptions: '/wps/points/redemptions',
  /** GET (token): unclaimed rebate per game type. */
  rebateSummary: '/wps/rebate/summary',
  /** POST (token): claim the unclaimed rebate (all, or one game type). */
  rebateClaim: '/wps/rebate/claim',
  /** GET (token): the member's VIP level, progress and every level's benefits. */
  vipInfo: '/wps/vip/info',
} as const;

export const loyaltyOpsPaths = {
  /** GET / PUT: points ratio, automatic rebate, customer service channels. */
  settings: '/ops/loyalty/settings',
  /** POST: a catalog item. */
  items: '/ops/loyalty/points/items',
  /** PUT: change an item. */
  item: '/ops/loyalty/points/items/:id',
  /** GET: redemptions (by state). */
  redemptions: '/ops/loyalty/points/redemptions',
  /** POST: approve, reject or release a redemption. */
  redemptionAction: '/ops/loyalty/points/redemptions/:id/:action',
  /** PUT: the rebate rates (replaces the whole table). */
  rebateRates: '/ops/loyalty/rebate/rates',
  /** PUT: the VIP levels (replaces the whole table). */
  vipLevels: '/ops/loyalty/vip/levels',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(constants.pageSize).default(constants.pageSize);
const pointsSchema = z.string().regex(/^-?\d{1,18}$/, 'integer points');
const text = (max: number) => z.string().max(max);

export const pagedQuerySchema = z.object({ pageNo, pageSize }).strict();

export const pointsBalanceSchema = z.object({
  points: pointsSchema,
  earned: pointsSchema,
  /** Valid turnover (minor units) worth one point. */
  turnoverPerPoint: minorUnitsSchema,
});
export type PointsBalance = z.infer<typeof pointsBalanceSchema>;

export const pointsEntryKinds = ['earn', 'redeem', 'refund'] as const;
export const pointsEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(pointsEntryKinds),
  points: pointsSchema,
  /** earn: the valid turnover counted. */
  turnover: minorUnitsSchema.nullable(),
  redemptionId: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;
export const pointsDetailsSchema = z.object({
  list: z.array(pointsEntrySchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type PointsDetails = z.infer<typeof pointsDetailsSchema>;

export const pointsConfigSchema = z.object({
  turnoverPerPoint: minorUnitsSchema,
  /** Points never expire (spec section 9). */
  neverExpire: z.literal(true),
});
export type PointsConfig = z.infer<typeof pointsConfigSchema>;

export const pointsItemKinds = ['bonus', 'free_spins', 'goods'] as const;
export type PointsItemKind = (typeof pointsItemKinds)[number];
export const pointsItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(pointsItemKinds),
  name: z.string(),
  description: z.string(),
  cost: pointsSchema,
  bonusAmount: minorUnitsSchema.nullable(),
  freeSpins: z.number().int().nullable(),
  gameCode: z.string().nullable(),
  /** free_spins: the stake of one free round (minor units); null for other kinds. */
  spinStake: minorUnitsSchema.nullable().optional(),
  /** null: unlimited. */
  stock: z.number().int().nullable(),
});
export type PointsItem = z.infer<typeof pointsItemSchema>;
export const pointsItemsSchema = z.object({ list: z.array(pointsItemSchema) });

export const redemptionStates = ['process', 'rejected', 'approved', 'released'] as const;
export type RedemptionState = (typeof redemptionStates)[number];
export const redeemBodySchema = z
  .object({
    itemId: dbIdSchema,
    paymentPassword: z.string().min(1).max(128),
    /** Where to send goods, or a note (140 characters, spec section 9). */
    remark: text(140).default(''),
    idempotencyKey: requestKeySchema,
  })
  .strict();
export const redemptionSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  kind: z.enum(pointsItemKinds),
  cost: pointsSchema,
  state: z.enum(redemptionStates),
  remark: z.string(),
  reason: z.string().nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  releasedAt: isoDateTime.nullable(),
  /** A released free_spins redemption's grant: rounds granted and left, game, stake of one. */
  freeRounds: z
    .object({
      gameCode: z.string(),
      rounds: z.number().int(),
      roundsLeft: z.number().int(),
      stake: minorUnitsSchema,
    })
    .nullable()
    .optional(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
export const redeemReplySchema = z.object({ redemption: redemptionSchema, points: pointsSchema });
export const redemptionsSchema = z.object({
  list: z.array(redemptionSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});
export type Redemptions = z.infer<typeof redemptionsSchema>;

const gameTypeSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Z0-9_]+$/);
export const rebateSummarySchema = z.object({
  vipLevel: z.number().int(),
  total: minorUnitsSchema,
  list: z.array(
    z.object({
      gameType: z.string(),
      validTurnover: minorUnitsSchema,
      amount: minorUnitsSchema,
      /** The member's rate now for the game type (basis points). */
      rateBps: z.number().int(),
    }),
  ),
  /** The automatic daily rebate pays what is unclaimed at the end of each day. */
  auto: z.boolean(),
});
export type RebateSummary = z.infer<typeof rebateSummarySchema>;
export const rebateClaimBodySchema = z.object({ gameType: gameTypeSchema.optional() }).strict();
export const rebateClaimReplySchema = z.object({
  amount: minorUnitsSchema,
  postings: countSchema,
});
export type RebateClaimReply = z.infer<typeof rebateClaimReplySchema>;

export const vipLevelSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  minDeposit: minorUnitsSchema,
  minTurnover: minorUnitsSchema,
  keepDeposit: minorUnitsSchema,
  keepTurnover: minorUnitsSchema,
  upgradeBonus: minorUnitsSchema,
  benefits: z.string(),
  /** Rebate rate per game type at this level (basis points). */
  rebate: z.array(z.object({ gameType: z.string(), rateBps: z.number().int() })),
});
export const vipInfoSchema = z.object({
  /** vipRankLevel of the public state. */
  vipRankLevel: z.number().int(),
  hasVip: z.boolean(),
  levelSince: isoDateTime.nullable(),
  deposits: minorUnitsSchema,
  turnover: minorUnitsSchema,
  next: z
    .object({ level: z.number().int(), deposit: minorUnitsSchema, turnover: minorUnitsSchema })
    .nullable(),
  levels: z.array(vipLevelSchema),
  /** Customer service: the VIP channel above rank 4, live chat (440 x 750) otherwise. */
  service: z.object({ kind: z.enum(['vip', 'liveChat']), url: z.string() }),
});
export type VipInfo = z.infer<typeof vipInfoSchema>;

// Operator.
export const loyaltySettingsSchema = z
  .object({
    turnoverPerPoint: positiveMinorSchema,
    rebateAuto: z.boolean(),
    vipServiceUrl: z.union([z.literal(''), z.url().max(500)]),
    liveChatUrl: z.union([z.literal(''), z.url().max(500)]),
  })
  .strict();
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

const nonNegativeMinor = z.string().regex(/^\d{1,16}$/, 'integer minor units');
export const pointsItemBodySchema = z
  .object({
    kind: z.enum(pointsItemKinds),
    nameHi: text(100).min(1),
    nameEn: text(100).min(1),
    nameBn: text(100).min(1),
    descriptionHi: text(1000).default(''),
    descriptionEn: text(1000).default(''),
    descriptionBn: text(1000).default(''),
    cost: positiveMinorSchema,
    bonusAmount: positiveMinorSchema.nullable().default(null),
    freeSpins: z.number().int().min(1).max(1000).nullable().default(null),
    gameCode: text(64).min(1).nullable().default(null),
    /** free_spins: the stake of one free round (minor units). */
    spinStake: positiveMinorSchema.nullable().default(null),
    stock: z.number().int().min(0).max(int32Max).nullable().default(null),
    active: z.boolean().default(true),
    sort: z.number().int().min(0).max(int32Max).default(0),
  })
  .strict()
  .refine((item) => item.kind !== 'bonus' || item.bonusAmount !== null, {
    message: 'a bonus item needs bonusAmount',
    path: ['bonusAmount'],
  })
  .refine(
    (item) =>
      item.kind !== 'free_spins' ||
      (item.freeSpins !== null && item.gameCode && item.spinStake !== null),
    {
      message: 'a free spins item needs freeSpins, gameCode and spinStake',
      path: ['freeSpins'],
    },
  );
export type PointsItemBody = z.input<typeof pointsItemBodySchema>;
export const itemIdParamsSchema = z.object({ id: dbIdParamSchema }).strict();
export const itemReplySchema = z.object({ id: z.number().int() });

export const redemptionActions = ['approve', 'reject', 'release'] as const;
export const redemptionActionParamsSchema = z
  .object({ id: dbIdParamSchema, action: z.enum(redemptionActions) })
  .strict();
export const redemptionActionBodySchema = z.object({ reason: text(140).default('') }).strict();
export const opsRedemptionsQuerySchema = z
  .object({ state: z.enum(redemptionStates).optional(), pageNo, pageSize })
  .strict();
export const opsRedemptionSchema = redemptionSchema.extend({ memberId: z.number().int() });
export const opsRedemptionsSchema = z.object({
  list: z.array(opsRedemptionSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
});

export const rebateRatesBodySchema = z
  .object({
    rates: z
      .array(
        z
          .object({
            gameType: gameTypeSchema,
            vipLevel: z.number().int().min(0).max(99),
            rateBps: z.number().int().min(0).max(10000),
          })
          .strict(),
      )
      .max(1000),
  })
  .strict();
export type RebateRatesBody = z.infer<typeof rebateRatesBodySchema>;

export const vipLevelsBodySchema = z
  .object({
    levels: z
      .array(
        z
          .object({
            level: z.number().int().min(1).max(99),
            nameHi: text(60).min(1),
            nameEn: text(60).min(1),
            nameBn: text(60).min(1),
            minDeposit: nonNegativeMinor,
            minTurnover: nonNegativeMinor,
            keepDeposit: nonNegativeMinor,
            keepTurnover: nonNegativeMinor,
            upgradeBonus: nonNegativeMinor,
            benefitsHi: text(1000).default(''),
            benefitsEn: text(1000).default(''),
            benefitsBn: text(1000).default(''),
          })
          .strict(),
      )
      .max(99),
  })
  .strict()
  .refine((body) => new Set(body.levels.map((l) => l.level)).size === body.levels.length, {
    message: 'levels must be distinct',
    path: ['levels'],
  });
export type VipLevelsBody = z.input<typeof vipLevelsBodySchema>;
export const okReplySchema = z.object({ ok: z.literal(true) });

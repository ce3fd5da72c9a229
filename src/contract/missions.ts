import { z } from 'zod';
import { countSchema, dbIdParamSchema, dbIdSchema, digitsSchema } from './primitives.ts';
import { minorUnitsSchema } from './wallet.ts';

/**
 * Missions, their leaderboard and referral (issue 16, engagement area, missions part; spec
 * sections 2 and 7). Daily and weekly missions on real play: turnover, rounds of a game type, a
 * deposit, a login streak; periods in the operator's time zone (a day from local midnight, a
 * week from Monday). Money and turnover are strings of integer minor units, as in wallet.ts.
 */
export const missionsPaths = {
  /** GET (token): the member's daily and weekly missions with their progress (spec call). */
  summary: '/wps/relay/MCSFE_getMissionSummaryDetails',
  /** GET (token): this week's mission leaderboard and the member's own place (spec call). */
  leaderboard: '/wps/relay/MCSFE_getMissionLeaderboard',
  /** POST (token) `{missionId}`: the completed mission's reward into the main wallet, once. */
  claim: '/wps/relay/MCSFE_claimMission',
  /** GET (token): the member's referral code, link, rules and referred friends. */
  referral: '/wps/member/referral',
} as const;

/** Operator calls of the missions part (HTTP Basic, audited). */
export const missionsOpsPaths = {
  /** GET: every mission definition; POST: a new one. */
  missions: '/ops/engagement/missions',
  /** PUT: a definition replaced (its claims stay). */
  mission: '/ops/engagement/missions/:missionId',
  /** GET / PUT: the referral reward's rules. */
  referral: '/ops/engagement/referral',
} as const;

export const missionPeriods = ['daily', 'weekly'] as const;
export type MissionPeriod = (typeof missionPeriods)[number];

/**
 * What a mission counts: valid turnover (minor units), rounds (bets) of a game type, deposits
 * paid (minor units), or consecutive days with a login (the longest run in the period).
 */
export const missionTypes = ['turnover', 'rounds', 'deposit', 'loginStreak'] as const;
export type MissionType = (typeof missionTypes)[number];

/** inProgress: target not reached; completed: claimable now; claimed: reward paid. */
export const missionStatuses = ['inProgress', 'completed', 'claimed'] as const;
export type MissionStatus = (typeof missionStatuses)[number];

const isoDateTime = z.iso.datetime({ offset: true });
const positiveMinor = digitsSchema({
  maxDigits: 15,
  positive: true,
  message: 'a positive integer',
});

const localizedTitle = z
  .object({
    hi: z.string().trim().min(1).max(120).optional(),
    en: z.string().trim().min(1).max(120).optional(),
    bn: z.string().trim().min(1).max(120).optional(),
  })
  .strict()
  .refine((text) => Object.keys(text).length > 0, { message: 'at least one language' });

export const missionSchema = z.object({
  missionId: dbIdSchema,
  period: z.enum(missionPeriods),
  missionType: z.enum(missionTypes),
  /** Rounds (and turnover, when set) count only this game type (SLOT, LOTTERY, ...). */
  gameType: z.string().nullable(),
  title: z.string(),
  /** The goal: minor units (turnover, deposit), rounds, or days. */
  target: minorUnitsSchema,
  /** Where the member is now, never above the target. */
  progress: minorUnitsSchema,
  /** progress / target, 0 to 100. */
  percent: z.number().int().min(0).max(100),
  reward: minorUnitsSchema,
  status: z.enum(missionStatuses),
});
export type Mission = z.infer<typeof missionSchema>;

const periodSpanSchema = z.object({ periodStart: isoDateTime, periodEnd: isoDateTime });

export const missionSummarySchema = z.object({
  daily: periodSpanSchema,
  weekly: periodSpanSchema,
  missions: z.array(missionSchema),
  /** Completed and not yet claimed (the red badge of missionLeaderboard). */
  claimableCount: countSchema,
  completedCount: countSchema,
  /** Rewards claimed this week. */
  weeklyReward: minorUnitsSchema,
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

export const missionClaimBodySchema = z.object({ missionId: dbIdSchema }).strict();
export type MissionClaimBody = z.infer<typeof missionClaimBodySchema>;
export const missionClaimReplySchema = z.object({
  missionId: dbIdSchema,
  reward: minorUnitsSchema,
  balance: minorUnitsSchema,
});
export type MissionClaimReply = z.infer<typeof missionClaimReplySchema>;

export const leaderboardRowSchema = z.object({
  rank: z.number().int().min(1),
  /** Masked account name (`ra***77`). */
  account: z.string(),
  /** Missions claimed this week (daily and weekly ones). */
  completed: countSchema,
  reward: minorUnitsSchema,
});
export const missionLeaderboardSchema = z.object({
  periodStart: isoDateTime,
  periodEnd: isoDateTime,
  rows: z.array(leaderboardRowSchema),
  /** The member's own line; rank null until a first claim this week. */
  me: z.object({
    rank: z.number().int().min(1).nullable(),
    completed: countSchema,
    reward: minorUnitsSchema,
  }),
});
export type MissionLeaderboard = z.infer<typeof missionLeaderboardSchema>;

/** How many lines the leaderboard shows. */
export const leaderboardSize = 50;

export const referralFriendStates = ['pending', 'rewarded'] as const;
export type ReferralFriendState = (typeof referralFriendStates)[number];

export const referralFriendSchema = z.object({
  account: z.string(),
  registeredAt: isoDateTime,
  /** Deposits paid and valid turnover since registration. */
  deposit: minorUnitsSchema,
  turnover: minorUnitsSchema,
  state: z.enum(referralFriendStates),
  reward: minorUnitsSchema.nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

export const referralRulesSchema = z.object({
  enabled: z.boolean(),
  /** Paid to the referrer once per friend when the friend reaches both minimums. */
  reward: minorUnitsSchema,
  minDeposit: minorUnitsSchema,
  minTurnover: minorUnitsSchema,
});
export type ReferralRules = z.infer<typeof referralRulesSchema>;

export const referralInfoSchema = z.object({
  referralCode: z.string(),
  /** `<site origin>/register?referralCode=<code>` (the QR code encodes it). */
  referralLink: z.string(),
  rules: referralRulesSchema,
  friends: z.array(referralFriendSchema),
  totalReward: minorUnitsSchema,
});
export type ReferralInfo = z.infer<typeof referralInfoSchema>;

/** Operator: a mission definition (create or replace). */
export const missionBodySchema = z
  .object({
    period: z.enum(missionPeriods),
    missionType: z.enum(missionTypes),
    gameType: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'an upper-case game type')
      .nullable()
      .default(null),
    target: positiveMinor,
    reward: positiveMinor,
    title: localizedTitle,
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .strict()
  .refine((body) => body.missionType !== 'rounds' || body.gameType !== null, {
    message: 'rounds need a gameType',
    path: ['gameType'],
  })
  .refine((body) => body.missionType !== 'loginStreak' || BigInt(body.target) <= 7n, {
    message: 'a login streak is at most 7 days',
    path: ['target'],
  });
export type MissionBody = z.infer<typeof missionBodySchema>;
export const missionParamsSchema = z.object({ missionId: dbIdParamSchema });
export const missionDefinitionSchema = z.object({
  missionId: dbIdSchema,
  period: z.enum(missionPeriods),
  missionType: z.enum(missionTypes),
  gameType: z.string().nullable(),
  target: minorUnitsSchema,
  reward: minorUnitsSchema,
  title: z.object({
    hi: z.string().optional(),
    en: z.string().optional(),
    bn: z.string().optional(),
  }),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type MissionDefinition = z.infer<typeof missionDefinitionSchema>;
export const missionDefinitionListSchema = z.array(missionDefinitionSchema);

export const referralRulesBodySchema = z
  .object({
    enabled: z.boolean(),
    reward: positiveMinor,
    minDeposit: digitsSchema({ maxDigits: 15, message: 'an integer' }),
    minTurnover: digitsSchema({ maxDigits: 15, message: 'an integer' }),
  })
  .strict();
export type ReferralRulesBody = z.infer<typeof referralRulesBodySchema>;

/** The `mission` real-time event (claimableCount, completedCount): src/contract/realtime.ts. */

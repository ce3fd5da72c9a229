import { z } from 'zod';
import { constants } from './constants.ts';
import { dbIdParamSchema, dbIdSchema } from './primitives.ts';
import { datePresets } from './date-presets.ts';
import { maxRangeDays, positiveMinorSchema, requestKeySchema } from './records.ts';
import { contractStatuses, wageTypes } from './realtime.ts';
import { minorUnitsSchema } from './wallet.ts';

/**
 * The agent center (issue 15; spec sections 1, 2, 3, 4, 6, 7): an agent's downline tree, team
 * reports, downline accounts, transfers to a downline, and the four wage contracts (profit
 * dividend, daily wage, hourly wage, real-time wage every 5 minutes) offered by the direct
 * upline, accepted or rejected by the downline, terminated by either side, and settled by jobs
 * through the ledger. Money is a string of integer minor units; rates are basis points
 * (1 = 0.01 %; 10000 = 100 %).
 */

/**
 * The agent center's pages by the spec's page keys, in menu order; the four contract pages are
 * optional. `agentLive` (issue 34: the open real-time wage window, live) follows my income.
 */
export const agentCenterPageKeys = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentLive',
  'agentDownlineTransactionDetailsCopy',
  'dividend',
  'salary',
  'hourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentCenterPageKey = (typeof agentCenterPageKeys)[number];
export const defaultAgentCenterPage: AgentCenterPageKey = 'agentTeamOverview';
/** The query key that opens the agent center on a page: `?ac=agentTeamOverview`. */
export const agentCenterQueryKey = 'ac';

/** The four contract kinds; the same words as the `wage` event's `wageType`. */
export const contractKinds = wageTypes;
export type ContractKind = (typeof contractKinds)[number];

/**
 * The site module flag that shows each kind's menu entry and allows its calls (spec section 2):
 * dividend enableCt, daily salary, hourly hourSalary, real-time agentRealtimeSalary. A kind whose
 * flag is off is hidden and its calls answer 403 `contract_kind_disabled`.
 */
export const contractKindFlags = {
  dividend: 'enableCt',
  daily: 'salary',
  hourly: 'hourSalary',
  realtime: 'agentRealtimeSalary',
} as const satisfies Record<ContractKind, string>;
/** The menu page of each kind. */
export const contractKindPages = {
  dividend: 'dividend',
  daily: 'salary',
  hourly: 'hourSalary',
  realtime: 'agentRealtimeSalary',
} as const satisfies Record<ContractKind, AgentCenterPageKey>;

/** Dividend periods (spec section 4). Daily and hourly wages use their own period. */
export const dividendPeriods = ['Daily', 'Weekly', 'Semimonthly', 'Monthly'] as const;
export type DividendPeriod = (typeof dividendPeriods)[number];

/**
 * A contract's life (spec section 4), the same on both sides:
 * pending (offered, waiting for the downline) -> active (accepted) | rejected;
 * active -> terminating (either side asked; it ends at the next period boundary) -> ended;
 * pending or active -> cancelled (automatically: the downline holds a higher-rate contract of
 * the kind, or the upline's own rate fell below this one; or the upline withdrew the offer).
 */
export const contractStates = [
  'pending',
  'active',
  'rejected',
  'terminating',
  'ended',
  'cancelled',
] as const;
export type ContractState = (typeof contractStates)[number];

/** Basis points, 0 to 10000. */
export const rateBpsSchema = z.number().int().min(0).max(10_000);

/**
 * A tier: the wage rate applies when the team reaches every threshold of the tier (the highest
 * tier reached wins). Dividend: net loss and turnover; daily and hourly: turnover and active
 * members. Real-time contracts have one tier with zero thresholds (one rate on each window's
 * valid turnover).
 */
export const contractTierSchema = z
  .object({
    /** Team valid turnover in the period, minor units. */
    minTurnover: minorUnitsSchema.default('0'),
    /** Team net loss (stakes less wins) in the period, minor units (dividend only). */
    minNetLoss: minorUnitsSchema.default('0'),
    /** Members of the team with at least one bet in the period (daily and hourly). */
    minActiveMembers: z.number().int().min(0).max(1_000_000).default(0),
    /** Dividend: of the team's net loss; wages: of the team's valid turnover. */
    rateBps: rateBpsSchema,
  })
  .strict();
export type ContractTier = z.infer<typeof contractTierSchema>;

/** A contract as either side sees it. */
export const contractViewSchema = z.object({
  contractId: dbIdSchema,
  kind: z.enum(contractKinds),
  state: z.enum(contractStates),
  /** Whether the caller is the upline (offered it) or the downline (receives the wage). */
  role: z.enum(['upline', 'downline']),
  upline: z.string(),
  downline: z.string(),
  /** Dividend only; null for wages. */
  period: z.enum(dividendPeriods).nullable(),
  tiers: z.array(contractTierSchema).min(1).max(10),
  /** The highest tier rate: the "win/loss rate" (dividend) or "single-bet rate" (wages). */
  maxRateBps: rateBpsSchema,
  createdAt: z.iso.datetime({ offset: true }),
  acceptedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When a termination takes effect (the next period boundary), or when it ended. */
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Who asked to terminate, when one did. */
  terminatedBy: z.enum(['upline', 'downline']).nullable(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

/**
 * The body of the four spec calls (`MCS2_processDividendReq`, `MCS2_processDailySalContract`,
 * `MCS2_processContractHourSalary`, `MCSFE_processRealTimeSalaryContract`), one per kind:
 * - offer: the upline offers the kind to a direct downline agent (it replaces a pending offer);
 * - withdraw: the upline takes back a pending offer (cancelled);
 * - accept / reject: the downline answers a pending offer;
 * - terminate: either side ends an active contract from the next period;
 * - list: the caller's contracts of the kind, both roles (no change).
 */
export const processContractBodySchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('offer'),
      downline: z.string().min(1).max(64),
      tiers: z.array(contractTierSchema).min(1).max(10),
      /** Dividend: required; wages: must be absent. */
      period: z.enum(dividendPeriods).optional(),
      idempotencyKey: requestKeySchema,
    })
    .strict(),
  z.object({ action: z.literal('withdraw'), contractId: dbIdSchema }).strict(),
  z.object({ action: z.literal('accept'), contractId: dbIdSchema }).strict(),
  z.object({ action: z.literal('reject'), contractId: dbIdSchema }).strict(),
  z.object({ action: z.literal('terminate'), contractId: dbIdSchema }).strict(),
  z.object({ action: z.literal('list') }).strict(),
]);
export type ProcessContractBody = z.infer<typeof processContractBodySchema>;
/** The reply: the contract acted on (null for list) and the caller's contracts of the kind. */
export const processContractReplySchema = z.object({
  contract: contractViewSchema.nullable(),
  contracts: z.array(contractViewSchema),
});
export type ProcessContractReply = z.infer<typeof processContractReplySchema>;

/**
 * Consolidated contract info (spec section 3): per kind, whether the member has an offer waiting
 * for its answer ('1') or not ('0'), plus the contracts' counts the menu badges show.
 */
export const consolidatedContractInfoSchema = z.object({
  dailysalreqtype: z.enum(['0', '1']),
  divtypereq: z.enum(['0', '1']),
  contracthoursalreq: z.enum(['0', '1']),
  realtimesalreqtype: z.enum(['0', '1']),
  /** Active contracts the member holds as downline, per kind. */
  active: z.record(z.enum(contractKinds), z.number().int().min(0)),
});
export type ConsolidatedContractInfo = z.infer<typeof consolidatedContractInfoSchema>;

export const agentPaths = {
  /** POST (token): the dividend contract workflow. */
  dividend: '/wps/relay/MCS2_processDividendReq',
  /** POST (token): the daily wage contract workflow. */
  daily: '/wps/relay/MCS2_processDailySalContract',
  /** POST (token): the hourly wage contract workflow. */
  hourly: '/wps/relay/MCS2_processContractHourSalary',
  /** POST (token): the real-time wage contract workflow. */
  realtime: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  /** GET (token): consolidated contract info. */
  contractInfo: '/wps/agent/contracts/info',
  /** GET (token): the agent center's menu (which optional pages the site shows) and the agent. */
  center: '/wps/agent/center',
  /** GET (token): team overview figures for a period. */
  teamOverview: '/wps/agent/team/overview',
  /** GET (token): one level of the team (direct downline of `parent`, default the caller). */
  downline: '/wps/agent/team/downline',
  /** GET (token): one downline member's details, figures and contracts. */
  member: '/wps/agent/team/members/:username',
  /** GET (token): the team's bets (team betting), paged. */
  teamBets: '/wps/agent/team/bets',
  /** GET (token): profit and loss per member of the team, paged. */
  profitLoss: '/wps/agent/team/profit-loss',
  /** GET (token): my income: wages and dividends received and paid, paged. */
  income: '/wps/agent/income',
  /** GET (token): the money movements of the team's members, paged. */
  transactions: '/wps/agent/team/transactions',
  /** GET (token): announcements for agents. */
  announcements: '/wps/agent/announcements',
  /** POST (token, enc): registerCenter creates a downline account with an initial password. */
  registerDownline: '/wps/agent/register',
  /** GET (token): the agent's invitation code and links. */
  invitation: '/wps/agent/invitation',
  /** POST (token): main wallet to a direct or deeper downline member (payment password). */
  transferDownline: '/wps/agent/transfer/downline',
  /** GET (token): the open real-time wage window as it stands (agentLive) and the latest events. */
  live: '/wps/agent/live',
} as const;

/** Operator calls (HTTP Basic, audited). */
export const agentOpsPaths = {
  /** POST: the site's contract with a top agent (no upline): the house pays its wage. */
  rootContracts: '/ops/agent/contracts',
  /** POST: an announcement for agents. */
  announcements: '/ops/agent/announcements',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(constants.pageSize).default(constants.pageSize);
/** A period: a preset (7 or 30 days back from now) or startDate/endDate (at most 92 days). */
export const agentRangeFields = {
  preset: z.enum(datePresets).optional(),
  startDate: isoDateTime.optional(),
  endDate: isoDateTime.optional(),
};

/** Both dates or neither, start first, at most maxRangeDays apart (nothing: the last 7 days). */
const agentRangeValid = (query: { startDate?: string; endDate?: string }) => {
  if (query.startDate === undefined && query.endDate === undefined) return true;
  if (query.startDate === undefined || query.endDate === undefined) return false;
  const start = Date.parse(query.startDate);
  const end = Date.parse(query.endDate);
  return start <= end && end - start <= maxRangeDays * 86_400_000;
};
const agentRangeMessage = {
  message: `startDate and endDate together, start first, at most ${maxRangeDays} days`,
};

export const agentRangeQuerySchema = z
  .object(agentRangeFields)
  .strict()
  .refine(agentRangeValid, agentRangeMessage);
export const agentPagedQuerySchema = z
  .object({
    ...agentRangeFields,
    /** Only this member of the team (account, exact). */
    username: z.string().min(1).max(64).optional(),
    pageNo,
    pageSize,
  })
  .strict()
  .refine(agentRangeValid, agentRangeMessage);
export const downlineQuerySchema = z
  .object({
    /** The member whose direct downline to list (a member of the caller's team); the caller by default. */
    parent: z.string().min(1).max(64).optional(),
    /** Search the whole team by account (prefix, case-insensitive). */
    search: z.string().min(1).max(64).optional(),
    pageNo,
    pageSize,
  })
  .strict();
export const memberParamsSchema = z.object({ username: z.string().min(1).max(64) });

export const teamOverviewSchema = z.object({
  startDate: isoDateTime,
  endDate: isoDateTime,
  teamSize: z.number().int().min(0),
  directCount: z.number().int().min(0),
  newMembers: z.number().int().min(0),
  /** Members with at least one bet in the period. */
  activeMembers: z.number().int().min(0),
  deposits: minorUnitsSchema,
  withdrawals: minorUnitsSchema,
  turnover: minorUnitsSchema,
  validTurnover: minorUnitsSchema,
  wins: minorUnitsSchema,
  /** The team's result for the site: stakes less wins (positive: the team lost). */
  netProfitLoss: minorUnitsSchema,
  /** Sum of the team's main wallet balances. */
  teamBalance: minorUnitsSchema,
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

export const downlineMemberSchema = z.object({
  username: z.string(),
  nickname: z.string(),
  /** 0 player; 1, 2, 41, 42 agents. */
  type: z.number().int(),
  isAgent: z.boolean(),
  /** Depth under the caller: 1 is a direct downline. */
  level: z.number().int().min(1),
  /** The member's direct upline's account. */
  upline: z.string(),
  /** Size of the member's own team (0 for players). */
  teamSize: z.number().int().min(0),
  balance: minorUnitsSchema,
  createdAt: isoDateTime,
  lastLoginAt: isoDateTime.nullable(),
});
export type DownlineMember = z.infer<typeof downlineMemberSchema>;
export const downlinePageSchema = z.object({
  /** The chain from the caller down to `parent` (for the breadcrumb). */
  path: z.array(z.string()),
  list: z.array(downlineMemberSchema),
  totalCount: z.number().int().min(0),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export const downlineMemberDetailSchema = downlineMemberSchema.extend({
  /** The member's own figures and its team's (the member included) for the period. */
  overview: teamOverviewSchema,
  /** The member's contracts, either side, as the member sees them (`role` is the member's). */
  contracts: z.array(contractViewSchema),
});

export const teamBetSchema = z.object({
  /** A stable key for the row: `games:<id>` or `lottery:<id>`. */
  betId: z.string(),
  username: z.string(),
  /** 'games' (seamless wallet) or 'lottery'. */
  source: z.enum(['games', 'lottery']),
  /** The game's category (RNG, LIVE, ...; ELOTT for a lottery bet), named as the lobby names it. */
  gameType: z.string(),
  gameName: z.string(),
  stake: minorUnitsSchema,
  validTurnover: minorUnitsSchema,
  win: minorUnitsSchema,
  placedAt: isoDateTime,
  settled: z.boolean(),
});
export const profitLossRowSchema = z.object({
  username: z.string(),
  level: z.number().int().min(1),
  turnover: minorUnitsSchema,
  validTurnover: minorUnitsSchema,
  wins: minorUnitsSchema,
  /** Stakes less wins (positive: the member lost). */
  netProfitLoss: minorUnitsSchema,
  deposits: minorUnitsSchema,
  withdrawals: minorUnitsSchema,
  wages: minorUnitsSchema,
});
export const incomeRowSchema = z.object({
  contractId: dbIdSchema,
  kind: z.enum(contractKinds),
  direction: z.enum(['received', 'paid']),
  /** The other party's account ('' for the house, as contracts name it). */
  counterparty: z.string(),
  /** Start and end of the settled period. */
  periodStart: isoDateTime,
  periodEnd: isoDateTime,
  /** The team figure the wage was computed on (turnover or net loss). */
  base: minorUnitsSchema,
  rateBps: rateBpsSchema,
  amount: minorUnitsSchema,
  settledAt: isoDateTime,
});
export const teamTransactionSchema = z.object({
  /** The journal entry's id (a stable key for the row). */
  entryId: z.string(),
  username: z.string(),
  kind: z.string(),
  /** 'main' or a vendor's game wallet. */
  walletKind: z.string(),
  /** Signed: positive into the member's wallet. */
  amount: minorUnitsSchema,
  createdAt: isoDateTime,
});
export const pagedOf = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    totalCount: z.number().int().min(0),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    /** Sums over the whole filtered range, not only this page (minor units by field name). */
    totals: z.record(z.string(), minorUnitsSchema),
  });

export const announcementSchema = z.object({
  id: dbIdSchema,
  title: z.string(),
  content: z.string(),
  createdAt: isoDateTime,
});

/**
 * The replies of the agent center's read calls. The paged ones carry `totals` over the whole
 * filtered range (not only the page), keyed: team bets stake, validTurnover, win; profit and
 * loss turnover, validTurnover, wins, netProfitLoss, deposits, withdrawals, wages; my income
 * received, paid; transactions totalIn, totalOut (announcements: none).
 */
export const teamBetPageSchema = pagedOf(teamBetSchema);
export const profitLossPageSchema = pagedOf(profitLossRowSchema);
export const incomePageSchema = pagedOf(incomeRowSchema);
export const teamTransactionPageSchema = pagedOf(teamTransactionSchema);
export const announcementPageSchema = pagedOf(announcementSchema);
export type TeamBetPage = z.infer<typeof teamBetPageSchema>;
export type ProfitLossPage = z.infer<typeof profitLossPageSchema>;
export type IncomePage = z.infer<typeof incomePageSchema>;
export type TeamTransactionPage = z.infer<typeof teamTransactionPageSchema>;
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;
export type DownlinePage = z.infer<typeof downlinePageSchema>;
export type DownlineMemberDetail = z.infer<typeof downlineMemberDetailSchema>;
/** Announcements: newest first, paged. */
export const announcementsQuerySchema = z.object({ pageNo, pageSize }).strict();

/** registerCenter: a downline account made by its agent; the first login must change the password. */
export const registerDownlinePayloadSchema = z
  .object({
    username: z.string().min(1).max(64),
    password: z.string().min(1).max(128),
    /** 'player' (type 0) or 'agent' (a sub-agent, type 2). */
    accountType: z.enum(['player', 'agent']),
    nickname: z.string().max(64).optional(),
  })
  .strict();
export type RegisterDownlinePayload = z.infer<typeof registerDownlinePayloadSchema>;
export const registerDownlineReplySchema = z.object({ member: downlineMemberSchema });

export const invitationSchema = z.object({
  /** The agent's invitation (affiliate) code. */
  code: z.string(),
  /** The register link with the code (on the site's own host); the page draws its QR code. */
  playerLink: z.string(),
  /** Registrations through the code so far. */
  registrations: z.number().int().min(0),
});

export const transferDownlineBodySchema = z
  .object({
    downline: z.string().min(1).max(64),
    amount: positiveMinorSchema,
    paymentPassword: z.string().min(1).max(128),
    idempotencyKey: requestKeySchema,
  })
  .strict();
export const transferDownlineReplySchema = z.object({
  postingId: z.string(),
  amount: minorUnitsSchema,
  downline: z.string(),
  mainBalance: minorUnitsSchema,
  createdAt: isoDateTime,
});

export const agentCenterSchema = z.object({
  username: z.string(),
  type: z.number().int(),
  /** The pages this site shows, in menu order (the optional ones follow the module flags). */
  pages: z.array(z.enum(agentCenterPageKeys)),
  /** The kinds the agent may offer to its downline (flag on and it holds an active one itself, or is a top agent). */
  offerableKinds: z.array(z.enum(contractKinds)),
  /** The real-time wage window in seconds (300 on a live site). */
  realtimeWindowSeconds: z.number().int().min(1),
  upline: z.string().nullable(),
});
export type AgentCenter = z.infer<typeof agentCenterSchema>;

/** Operator: a contract between the house and a top agent, active at once. */
export const rootContractBodySchema = z
  .object({
    agent: z.string().min(1).max(64),
    kind: z.enum(contractKinds),
    tiers: z.array(contractTierSchema).min(1).max(10),
    period: z.enum(dividendPeriods).optional(),
  })
  .strict();

export const contractIdParamsSchema = z.object({ contractId: dbIdParamSchema });

export { contractStatuses };

/** Operator: a contract made (`rootContracts` reply), as the house sees it. */
export const rootContractReplySchema = contractViewSchema;

/** Operator: an announcement for agents, in one or more of the site's languages. */
const localizedText = (max: number) =>
  z
    .object({
      hi: z.string().trim().min(1).max(max).optional(),
      en: z.string().trim().min(1).max(max).optional(),
      bn: z.string().trim().min(1).max(max).optional(),
    })
    .strict()
    .refine((text) => Object.keys(text).length > 0, { message: 'at least one language' });
export const agentAnnouncementBodySchema = z
  .object({ title: localizedText(200), content: localizedText(5000) })
  .strict();
export type AgentAnnouncementBody = z.infer<typeof agentAnnouncementBodySchema>;
export const agentAnnouncementReplySchema = z.object({ id: dbIdSchema, createdAt: isoDateTime });

/** How many of the latest wage and contract events the live view lists. */
export const agentLiveFeedSize = 20;

/** What the open window would pay on one contract the agent holds, at the rate its team reached. */
export const agentLiveAccrualSchema = z.object({
  contractId: dbIdSchema,
  kind: z.enum(contractKinds),
  /** Dividend only; null for wages. */
  period: z.enum(dividendPeriods).nullable(),
  /** The tier reached by the window's figures, capped at the upline's own rate. */
  rateBps: rateBpsSchema,
  /** The window's valid turnover (net loss for a dividend, never below 0). */
  base: minorUnitsSchema,
  /** floor(base x rateBps / 10000): what the window has earned so far, not yet settled. */
  amount: minorUnitsSchema,
});
export type AgentLiveAccrual = z.infer<typeof agentLiveAccrualSchema>;

/** One line of the live feed: a wage settled (received or paid) or a contract's step. */
export const agentLiveFeedItemSchema = z.object({
  /** A stable key: `wage:<contract>:<periodStart>` or `contract:<id>:<status>`. */
  id: z.string(),
  type: z.enum(['wage', 'contract']),
  kind: z.enum(contractKinds),
  contractId: dbIdSchema,
  /** Wages: received or paid; contracts: the agent's side (upline offered it, downline holds it). */
  direction: z.enum(['received', 'paid', 'upline', 'downline']),
  /** Contracts only: the step (requested, accepted, rejected, terminated, cancelled). */
  status: z.enum(contractStatuses).nullable(),
  /** The other party's account ('' for the house). */
  counterparty: z.string(),
  /** Wages only: the amount, minor units. */
  amount: minorUnitsSchema.nullable(),
  at: isoDateTime,
});
export type AgentLiveFeedItem = z.infer<typeof agentLiveFeedItemSchema>;

/**
 * The agent live view (agentLive): the open real-time wage window, from its start to the next
 * settlement, as it stands now: the team's figures so far, what each contract the agent holds has
 * earned so far at its rate, who of the team is online, the bets of the last 5 minutes, and the
 * latest wage and contract events. `serverTime` is when it was read: the countdown runs on it.
 */
export const agentLiveSchema = z.object({
  serverTime: isoDateTime,
  windowStart: isoDateTime,
  /** The next real-time settlement. */
  windowEnd: isoDateTime,
  windowSeconds: z.number().int().min(1),
  /** The whole team's (not the agent's own) valid turnover in the window so far. */
  validTurnover: minorUnitsSchema,
  /** Stakes less wins in the window so far (negative when the team won). */
  netLoss: minorUnitsSchema,
  /** Bets of the team counted in the window so far. */
  windowBets: z.number().int().min(0),
  /** Members of the team with a bet in the window. */
  activeMembers: z.number().int().min(0),
  /** Members of the team with a live session now. */
  onlineMembers: z.number().int().min(0),
  /** Bets the team placed in the last 5 minutes (games and lottery). */
  recentBets: z.number().int().min(0),
  accruals: z.array(agentLiveAccrualSchema),
  /** The sum of the accruals. */
  accruedTotal: minorUnitsSchema,
  /** The latest wage and contract events, newest first. */
  feed: z.array(agentLiveFeedItemSchema).max(agentLiveFeedSize),
});
export type AgentLive = z.infer<typeof agentLiveSchema>;

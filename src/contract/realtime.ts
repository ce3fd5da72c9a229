import { z } from 'zod';
import { minorUnitsSchema } from './wallet.ts';
import { betStates, drawStates } from './lottery-states.ts';

/**
 * The real-time channel (socket.io on the site's own HTTP server, path `/socket.io`).
 *
 * - The client connects with `auth: { token }`: the player's session token. A missing, expired
 *   or revoked token is refused with a `connect_error` whose `message` is an error code
 *   (`not_logged_in`, `session_expired`).
 * - Every server event carries `seq`: a per-member sequence number kept in the database, so all
 *   server nodes agree. It grows by one with every event published to that member. On
 *   connecting the server first sends `sync` with the member's current `seq`; a later event
 *   whose `seq` is not the last one plus one means something was missed, and the client
 *   re-reads balance and unread count over HTTP (it does so after every (re)connect too).
 * - Events are published after their transaction commits, so an event never tells of a change
 *   that was rolled back.
 */
export const realtimePath = '/socket.io';

const seq = z.number().int().min(1);
/** Money as the wallet calls carry it: a string of integer minor units ("123450" is 1,234.50). */
const minorUnits = minorUnitsSchema;

/** Sent first on every connection: the member's current sequence number (0: nothing yet). */
export const syncEventSchema = z.object({ seq: z.number().int().min(0) });

/** The member's total balance (sumBalance, integer minor units), after a committed change. */
export const balanceEventSchema = z.object({ balance: minorUnits, seq });

/** The number of unread platform messages (CSP_unreadCount). */
export const unreadEventSchema = z.object({ count: z.number().int().min(0), seq });

/**
 * What a notification is about (spec section 3: deposit arrival, deposit failure, withdraw
 * approval, withdraw rejection), `message`: an operator's note to the player, and `lotteryWon`:
 * the member's bets on a lottery draw settled with a win (params `amount`, the total won in
 * minor units, `game` the game's name in the member's language, `numero` the draw's number as
 * the site shows it, `bets` how many bets won).
 */
export const notificationKinds = [
  'depositArrived',
  'depositFailed',
  'withdrawApproved',
  'withdrawRejected',
  'message',
  'lotteryWon',
  // A points redemption decided by the operator (params: redemptionId).
  'redemptionApproved',
  'redemptionRejected',
  'redemptionReleased',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * A toast for the player. The app words it from `kind` and `params` in the player's language
 * (amounts in minor units); `title` is free text written by an operator (kind `message`).
 */
export const notificationEventSchema = z.object({
  id: z.string().min(1).max(64),
  kind: notificationKindSchema,
  title: z.string().max(200).nullable(),
  params: z.record(z.string(), z.union([z.string().max(500), z.number()])),
  createdAt: z.iso.datetime({ offset: true }),
  seq,
});

/** Wage periods of agent contracts (spec sections 1 and 6). */
export const wageTypes = ['realtime', 'hourly', 'daily', 'dividend'] as const;

/** An agent's wage settled for one period (agent room). */
export const wageEventSchema = z.object({
  contractId: z.number().int().min(1),
  wageType: z.enum(wageTypes),
  /** Start of the settled period. */
  period: z.iso.datetime({ offset: true }),
  amount: minorUnits,
  settledAt: z.iso.datetime({ offset: true }),
  seq,
});

/** Contract workflow steps (spec section 4: accept, reject, terminate, automatic cancel). */
export const contractStatuses = [
  'requested',
  'accepted',
  'rejected',
  'terminated',
  'cancelled',
] as const;

/** A change of one of the agent's contracts (agent room). */
export const contractEventSchema = z.object({
  contractId: z.number().int().min(1),
  status: z.enum(contractStatuses),
  /** The other party (upline or downline) of the contract; '' for the house (the site). */
  counterparty: z.string().max(64),
  /**
   * The receiver's side of the contract: `upline` offered it (pays it), `downline` was offered
   * it (is paid). Says whose act a change was: "you offered X" or "X offered you".
   */
  role: z.enum(['upline', 'downline']),
  at: z.iso.datetime({ offset: true }),
  seq,
});

/**
 * The agent live view should read again (agent room): a bet of the agent's team landed (or was
 * settled) in the open real-time window. At most about one a second per agent; the view re-reads
 * `agentPaths.live`, so a missed one costs nothing but a second.
 */
export const agentLiveEventSchema = z.object({
  reason: z.enum(['bet']),
  at: z.iso.datetime({ offset: true }),
  seq,
});
export type AgentLiveEvent = z.infer<typeof agentLiveEventSchema>;

/**
 * The red badges' counts (issue 16): claimable promotions, everything in the reward center,
 * claimable missions; after a change that may move them (a claim, a decision, a promotion).
 */
export const badgesEventSchema = z.object({
  availablePromoCount: z.number().int().min(0),
  rewardCenter: z.number().int().min(0),
  missionLeaderboard: z.number().int().min(0),
  seq,
});

export type BadgesEvent = z.infer<typeof badgesEventSchema>;
export type SyncEvent = z.infer<typeof syncEventSchema>;
export type BalanceEvent = z.infer<typeof balanceEventSchema>;
export type UnreadEvent = z.infer<typeof unreadEventSchema>;
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
export type WageEvent = z.infer<typeof wageEventSchema>;
export type ContractEvent = z.infer<typeof contractEventSchema>;

/**
 * Real-time: `lotteryDraw` goes to every connected socket (the `lottery` room) when a draw
 * opens, locks, is drawn (numbers and seed), is settled or is cancelled; `lotteryBet` to the
 * member when one of their bets settles or is refunded (the balance event follows the ledger).
 */
export const lotteryDrawEventSchema = z.object({
  gameId: z.string(),
  numero: z.string(),
  state: z.enum(drawStates),
  seedHash: z.string().nullable(),
  seed: z.string().nullable(),
  numbers: z.array(z.string()).nullable(),
  revision: z.number().int().min(0),
  /** Server time of the event (ISO 8601): what the lobby re-reads timers against. */
  at: z.string(),
});
export type LotteryDrawEvent = z.infer<typeof lotteryDrawEventSchema>;

/** One of the member's lottery bets settled, was re-settled or refunded (member room). */
export const lotteryBetEventSchema = z.object({
  betId: z.string(),
  gameId: z.string(),
  numero: z.string(),
  state: z.enum(betStates),
  winAmount: minorUnits,
  seq,
});
export type LotteryBetEvent = z.infer<typeof lotteryBetEventSchema>;

/** The schema of every server-to-client event, by name: the client validates with these. */
export const serverEventSchemas = {
  sync: syncEventSchema,
  balance: balanceEventSchema,
  unread: unreadEventSchema,
  notification: notificationEventSchema,
  wage: wageEventSchema,
  contract: contractEventSchema,
  agentLive: agentLiveEventSchema,
  lotteryBet: lotteryBetEventSchema,
  badges: badgesEventSchema,
  /** The member's mission figures moved (progress, a claim): engagement, missions part. */
  mission: z.object({
    claimableCount: z.number().int().min(0),
    completedCount: z.number().int().min(0),
    seq,
  }),
  /**
   * The member's points moved (the loyalty count added some, a redemption took some, a rejected
   * one gave them back): engagement, loyalty part. `points` is the balance after it.
   */
  points: z.object({ points: z.string().regex(/^\d{1,18}$/), seq }),
  /**
   * A lottery draw opened, locked, was drawn, settled or cancelled: sent to every socket (the
   * `lottery` room), without `seq` (it is not the member's news; a missed one is caught up by
   * the lobby's next list load).
   */
  lotteryDraw: lotteryDrawEventSchema,
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventPayloads = {
  [K in ServerEventName]: z.infer<(typeof serverEventSchemas)[K]>;
};

/** Events that carry a member sequence number (all but `sync` and the `lotteryDraw` broadcast). */
export type SequencedEventName = Exclude<ServerEventName, 'sync' | 'lotteryDraw'>;

/** What a service publishes: an event without its `seq` (the publisher assigns it). */
export type PublishedEvent = {
  [K in SequencedEventName]: { name: K; payload: Omit<ServerEventPayloads[K], 'seq'> };
}[SequencedEventName];

/** socket.io typing: server-to-client events. */
export type ServerToClientEvents = {
  [K in ServerEventName]: (payload: ServerEventPayloads[K]) => void;
};

/** socket.io typing: the client sends nothing; it reads over HTTP. */
export type ClientToServerEvents = Record<never, never>;

/** The handshake's `auth` object. */
export const handshakeAuthSchema = z.object({ token: z.string().min(1).max(512) });
export type HandshakeAuth = z.infer<typeof handshakeAuthSchema>;

/** Operator: a live notification to one player (`POST /ops/members/:memberId/notify`). */
export const notifyPath = '/ops/members/:memberId/notify';
export const notifyBodySchema = z.object({
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().max(500).default(''),
});
export const notifyResultSchema = z.object({ id: z.string(), seq });

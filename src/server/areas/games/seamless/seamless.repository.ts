import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import {
  gameBets,
  gameLaunchSettings,
  gameProviders,
  gameRollups,
  gameSessions,
  seamlessTombstones,
  seamlessTransactions,
} from './seamless.schema.ts';

export type ProviderRow = typeof gameProviders.$inferSelect;
export type GameSessionRow = typeof gameSessions.$inferSelect;
export type BetRow = typeof gameBets.$inferSelect;
export type TransactionRow = typeof seamlessTransactions.$inferSelect;

/** A query's first row (undefined when none): the lookups by a unique key. */
async function first<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

// --- providers ---

export const findProvider = (db: Db, code: string): Promise<ProviderRow | undefined> =>
  first(db.select().from(gameProviders).where(eq(gameProviders.code, code)));

export const listProviders = (db: Db) =>
  db.select().from(gameProviders).orderBy(gameProviders.code);

export async function insertProvider(tx: Db, row: typeof gameProviders.$inferInsert) {
  const [inserted] = await tx.insert(gameProviders).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateProvider(
  tx: Db,
  code: string,
  changes: Partial<typeof gameProviders.$inferInsert>,
) {
  const [row] = await tx
    .update(gameProviders)
    .set(changes)
    .where(eq(gameProviders.code, code))
    .returning();
  return row;
}

/** Which of `vendors` active providers other than `exceptCode` serve: (vendor, provider) pairs. */
export async function vendorsClaimed(
  tx: Db,
  vendors: readonly string[],
  exceptCode: string,
): Promise<{ vendor: string; provider: string }[]> {
  if (vendors.length === 0) return [];
  const result = (await tx.execute(sql`
    select v.vendor, p.code as provider
      from ${gameProviders} p
     cross join lateral jsonb_array_elements_text(p.vassalages) as v(vendor)
     where p.status = 'active' and p.code <> ${exceptCode}
       and v.vendor in (${sql.join(
         vendors.map((vendor) => sql`${vendor}`),
         sql`, `,
       )})
     order by v.vendor, p.code`)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    vendor: string;
    provider: string;
  }[];
}

/** The active provider serving a catalog vendor. */
export async function providerForVassalage(db: Db, vassalage: string) {
  const [row] = await db
    .select()
    .from(gameProviders)
    .where(
      and(
        eq(gameProviders.status, 'active'),
        sql`${gameProviders.vassalages} @> ${JSON.stringify([vassalage])}::jsonb`,
      ),
    )
    .orderBy(gameProviders.code)
    .limit(1);
  return row;
}

// --- sessions ---

export async function insertGameSession(tx: Db, row: typeof gameSessions.$inferInsert) {
  await tx.insert(gameSessions).values(row);
}

/**
 * Uses a launch token: once, before it expires; the session token (hash) takes its place.
 * Undefined when the token is unknown, used or expired.
 */
export async function consumeLaunchToken(
  tx: Db,
  input: {
    launchTokenHash: string;
    providerCode: string;
    sessionTokenHash: string;
    sessionExpiresAt: Date;
    now: Date;
  },
): Promise<GameSessionRow | undefined> {
  const [row] = await tx
    .update(gameSessions)
    .set({
      usedAt: input.now,
      sessionTokenHash: input.sessionTokenHash,
      sessionExpiresAt: input.sessionExpiresAt,
    })
    .where(
      and(
        eq(gameSessions.launchTokenHash, input.launchTokenHash),
        eq(gameSessions.providerCode, input.providerCode),
        sql`${gameSessions.usedAt} is null`,
        sql`${gameSessions.launchExpiresAt} > ${input.now}`,
      ),
    )
    .returning();
  return row;
}

/** A provider's session by the hash of its token. */
export const findSessionByToken = (db: Db, sessionTokenHash: string, providerCode: string) =>
  first(
    db
      .select()
      .from(gameSessions)
      .where(
        and(
          eq(gameSessions.providerCode, providerCode),
          eq(gameSessions.sessionTokenHash, sessionTokenHash),
        ),
      ),
  );

export async function extendSession(db: Db, id: number, expiresAt: Date) {
  await db.update(gameSessions).set({ sessionExpiresAt: expiresAt }).where(eq(gameSessions.id, id));
}

// --- transactions and bets ---

/** A transaction a provider sent, by its id. */
export const findTransaction = (db: Db, providerCode: string, transactionId: string) =>
  first(
    db
      .select()
      .from(seamlessTransactions)
      .where(
        and(
          eq(seamlessTransactions.providerCode, providerCode),
          eq(seamlessTransactions.transactionId, transactionId),
        ),
      ),
  );

/** False when the (provider, transaction id) is taken (a concurrent twin). */
export async function insertTransaction(
  tx: Db,
  row: typeof seamlessTransactions.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(seamlessTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: seamlessTransactions.transactionId });
  return inserted.length === 1;
}

export async function insertTombstone(tx: Db, row: typeof seamlessTombstones.$inferInsert) {
  await tx.insert(seamlessTombstones).values(row).onConflictDoNothing();
}

/** A bet by its provider's transaction id. */
export const findBet = (db: Db, providerCode: string, transactionId: string) =>
  first(
    db
      .select()
      .from(gameBets)
      .where(
        and(eq(gameBets.providerCode, providerCode), eq(gameBets.transactionId, transactionId)),
      ),
  );

/** Marks an open bet rolled back; false when it is no longer open (settled or rolled back). */
export async function rollBackBet(tx: Db, betId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(gameBets)
    .set({ status: 'rolled_back', validTurnover: 0n, settledAt: now })
    .where(and(eq(gameBets.id, betId), eq(gameBets.status, 'open')))
    .returning({ id: gameBets.id });
  return rows.length === 1;
}

export async function settleRound(
  tx: Db,
  providerCode: string,
  roundId: string,
  memberId: number,
  now: Date,
) {
  await tx
    .update(gameBets)
    .set({ status: 'settled', settledAt: now })
    .where(
      and(
        eq(gameBets.providerCode, providerCode),
        eq(gameBets.roundId, roundId),
        eq(gameBets.memberId, memberId),
        eq(gameBets.status, 'open'),
      ),
    );
}

export type RollupDelta = {
  memberId: number;
  windowStart: Date;
  vassalage: string;
  gameType: string;
  betCount: number;
  stake: bigint;
  validTurnover: bigint;
  win: bigint;
};

/** Adds to the member's 5-minute window (one statement). */
export async function addToRollup(tx: Db, delta: RollupDelta) {
  const netLoss = delta.stake - delta.win;
  await tx
    .insert(gameRollups)
    .values({ ...delta, netLoss })
    .onConflictDoUpdate({
      target: [
        gameRollups.memberId,
        gameRollups.windowStart,
        gameRollups.vassalage,
        gameRollups.gameType,
      ],
      set: {
        betCount: sql`${gameRollups.betCount} + ${delta.betCount}`,
        stake: sql`${gameRollups.stake} + ${delta.stake}`,
        validTurnover: sql`${gameRollups.validTurnover} + ${delta.validTurnover}`,
        win: sql`${gameRollups.win} + ${delta.win}`,
        netLoss: sql`${gameRollups.netLoss} + ${netLoss}`,
      },
    });
}

// --- records (the member's: bet-records.repository.ts) ---

export async function pageMemberBets(db: Db, memberId: number, offset: number, limit: number) {
  const where = eq(gameBets.memberId, memberId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gameBets)
      .where(where)
      .orderBy(desc(gameBets.placedAt), desc(gameBets.id))
      .offset(offset)
      .limit(limit),
    db.select({ count: count() }).from(gameBets).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

// --- settings ---

export async function launchSettings(db: Db) {
  const [row] = await db.select().from(gameLaunchSettings).where(eq(gameLaunchSettings.id, 1));
  return row ?? { id: 1, trialLaunch: 'refuse' as const, updatedAt: new Date(0) };
}

export async function saveLaunchSettings(tx: Db, trialLaunch: 'refuse' | 'allow', now: Date) {
  await tx
    .insert(gameLaunchSettings)
    .values({ id: 1, trialLaunch, updatedAt: now })
    .onConflictDoUpdate({ target: gameLaunchSettings.id, set: { trialLaunch, updatedAt: now } });
}

// --- a bet and a win in one statement (the `seamless_bet` / `seamless_win` functions) ---

/** What `seamless_bet` and `seamless_win` answer (see their migration). */
export type OneTripOutcome =
  | { outcome: 'refused'; code: string; balance: string | null }
  | { outcome: 'replayed'; reply: Record<string, unknown> }
  | { outcome: 'posted'; reply: Record<string, unknown>; memberId: number | null };

type OneTripCall = {
  provider: string;
  transactionId: string;
  hash: string;
  sessionHash: string;
  playerId: string;
  currency: string;
  ledgerCurrency: string;
  amount: string;
  roundId: string;
  now: string;
  window: string;
};
/** `maintenance`: the site is in maintenance (a debit is refused, a replay still answers). */
export type BetCall = OneTripCall & { gameCode: string; maintenance: boolean };
export type WinCall = OneTripCall & { betTransactionId: string | null; onBoard: boolean };
export type FreeRoundCall = OneTripCall & {
  gameCode: string;
  grantId: string;
  stake: string;
  onBoard: boolean;
  maintenance: boolean;
};

const slot = (name: keyof BetCall | keyof WinCall | keyof FreeRoundCall) => sql.placeholder(name);
const oneTripHead = sql`${slot('provider')}::text, ${slot('transactionId')}::text,
  ${slot('hash')}::text, ${slot('sessionHash')}::text, ${slot('playerId')}::text,
  ${slot('currency')}::text, ${slot('ledgerCurrency')}::text, ${slot('amount')}::bigint,
  ${slot('roundId')}::text`;
const oneTripTail = sql`${slot('now')}::timestamptz, ${slot('window')}::timestamptz`;

/** `seamless_bet` and `seamless_win` as prepared statements (named: parsed once per connection). */
const oneTripStatements = {
  seamless_bet: sql`seamless_bet(${oneTripHead}, ${slot('gameCode')}::text,
    ${slot('maintenance')}::boolean, ${oneTripTail})`,
  seamless_win: sql`seamless_win(${oneTripHead}, ${slot('betTransactionId')}::text,
    ${slot('onBoard')}::boolean, ${oneTripTail})`,
  seamless_free_round: sql`seamless_free_round(${oneTripHead}, ${slot('gameCode')}::text,
    ${slot('grantId')}::bigint, ${slot('stake')}::bigint, ${slot('onBoard')}::boolean,
    ${slot('maintenance')}::boolean, ${oneTripTail})`,
};
type OneTripName = keyof typeof oneTripStatements;

const prepareOneTrip = (db: Db, name: OneTripName) =>
  db
    .select({ outcome: sql<OneTripOutcome | string>`outcome` })
    .from(sql`${oneTripStatements[name]} as outcome`)
    .prepare(name);
const prepared = new WeakMap<Db, Map<OneTripName, ReturnType<typeof prepareOneTrip>>>();

async function oneTrip(db: Db, name: OneTripName, call: BetCall | WinCall | FreeRoundCall) {
  let mine = prepared.get(db);
  if (!mine) prepared.set(db, (mine = new Map()));
  let statement = mine.get(name);
  if (!statement) mine.set(name, (statement = prepareOneTrip(db, name)));
  const [row] = await statement.execute(call);
  const outcome = row?.outcome;
  if (!outcome) throw new Error(`${name} answered nothing`);
  return typeof outcome === 'string' ? (JSON.parse(outcome) as OneTripOutcome) : outcome;
}

/** A bet: replay check, player, tombstone, posting, bet row, rollup and reply, one statement. */
export const betInOneStatement = (db: Db, call: BetCall) => oneTrip(db, 'seamless_bet', call);

/** A win: replay check, player, its bet, posting, rollup, winner board and reply, one statement. */
export const winInOneStatement = (db: Db, call: WinCall) => oneTrip(db, 'seamless_win', call);

/**
 * A free round: replay check, player, one round off the grant, the win's posting, bet row,
 * rollup, winner board and reply, one statement (`seamless_free_round`).
 */
export const freeRoundInOneStatement = (db: Db, call: FreeRoundCall) =>
  oneTrip(db, 'seamless_free_round', call);

/** The member's free rounds left in a game, oldest grant first (`free_rounds_of`). */
export async function freeRoundsOf(
  db: Db,
  memberId: number,
  gameCode: string,
): Promise<{ grantId: string; roundsLeft: number; stake: string }[]> {
  const result = (await db.execute(
    sql`SELECT free_rounds_of(${memberId}::int, ${gameCode}::text) AS grants`,
  )) as unknown as { rows: { grants: unknown }[] };
  const grants = result.rows[0]?.grants ?? [];
  return (typeof grants === 'string' ? JSON.parse(grants) : grants) as {
    grantId: string;
    roundsLeft: number;
    stake: string;
  }[];
}

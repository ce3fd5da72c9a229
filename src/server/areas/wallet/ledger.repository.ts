import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { ledgerEntries, ledgerPostings, wallets } from './ledger.schema.ts';
import type { EntryKind } from '../../../contract/wallet.ts';

export type WalletRow = typeof wallets.$inferSelect;
export type PostingRow = typeof ledgerPostings.$inferSelect;
export type NewPosting = typeof ledgerPostings.$inferInsert;

export async function findWallet(db: Db, memberId: number, kind: string, currency: string) {
  const [row] = await db
    .select()
    .from(wallets)
    .where(
      and(eq(wallets.memberId, memberId), eq(wallets.kind, kind), eq(wallets.currency, currency)),
    );
  return row;
}

/** The wallet, made at balance 0 when missing (concurrent makers agree on one row). */
export async function ensureWallet(db: Db, memberId: number, kind: string, currency: string) {
  const [made] = await db
    .insert(wallets)
    .values({ memberId, kind, currency })
    .onConflictDoNothing()
    .returning();
  return made ?? (await findWallet(db, memberId, kind, currency));
}

export async function listMemberWallets(db: Db, memberId: number) {
  return db.select().from(wallets).where(eq(wallets.memberId, memberId)).orderBy(asc(wallets.id));
}

/**
 * Each member's total and the sum of its wallet versions, read together; one statement for the
 * whole list (the members a burst of postings touched). A member without wallets is left out.
 */
export async function memberTotals(db: Db, memberIds: readonly number[]) {
  const ids = `{${memberIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await db
    .select({
      memberId: wallets.memberId,
      balance: sql<string>`sum(${wallets.balance})::text`,
      seq: sql<string>`sum(${wallets.version})::text`,
    })
    .from(wallets)
    .where(sql`${wallets.memberId} = any(${ids}::int[])`)
    .groupBy(wallets.memberId);
  return new Map(
    rows.map((row) => [row.memberId, { balance: BigInt(row.balance), seq: Number(row.seq) }]),
  );
}

/**
 * Claims an idempotency key. Undefined when the key is taken: on PostgreSQL this waits for a
 * concurrent holder to commit (then the key is taken) or roll back (then it is ours).
 */
export async function insertPosting(tx: Db, values: NewPosting) {
  const [row] = await tx.insert(ledgerPostings).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPostingByKey(db: Db, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * Adds `amount` (signed) to the wallet unless that would take it below zero; the row lock it
 * takes orders concurrent postings on one wallet. Undefined when the wallet cannot afford it.
 */
export async function applyToWallet(tx: Db, walletId: number, amount: bigint) {
  const [row] = await tx
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} + ${amount}`,
      version: sql`${wallets.version} + 1`,
    })
    .where(and(eq(wallets.id, walletId), sql`${wallets.balance} + ${amount} >= 0`))
    .returning({ balance: wallets.balance, version: wallets.version });
  return row;
}

export type NewEntry = {
  postingId: number;
  walletId: number;
  walletSeq: number;
  kind: EntryKind;
  amount: bigint;
  balanceAfter: bigint;
};

export async function insertEntries(tx: Db, entries: NewEntry[]) {
  return tx.insert(ledgerEntries).values(entries).returning();
}

/** A posting's entries with their wallets' owner and kind, in entry order. */
export async function listPostingEntries(db: Db, postingId: number) {
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      memberId: wallets.memberId,
      walletKind: wallets.kind,
    })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(eq(ledgerEntries.postingId, postingId))
    .orderBy(asc(ledgerEntries.id));
}

export async function findWalletsByIds(db: Db, ids: number[]) {
  return db.select().from(wallets).where(inArray(wallets.id, ids));
}

/** Raw query rows: PGlite and node-postgres both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type ReconcileRow = {
  wallet_id: string;
  member_id: number;
  kind: string;
  balance: string;
  entries_sum: string;
  broken: string;
};

/**
 * Every wallet whose balance differs from the sum of its entries, or whose entries do not chain
 * (balance_after = previous balance_after + amount, in wallet_seq order); with the totals.
 */
export async function reconcileWallets(db: Db) {
  const differences = rowsOf<ReconcileRow>(
    await db.execute(sql`
    with chained as (
      select wallet_id, amount, balance_after,
        coalesce(lag(balance_after) over (partition by wallet_id order by wallet_seq), 0) as before
      from ledger_entries
    ), per_wallet as (
      select wallet_id, sum(amount) as entries_sum,
        count(*) filter (where before + amount <> balance_after) as broken
      from chained group by wallet_id
    )
    select w.id::text as wallet_id, w.member_id, w.kind, w.balance::text as balance,
      coalesce(p.entries_sum, 0)::text as entries_sum, coalesce(p.broken, 0)::text as broken
    from wallets w left join per_wallet p on p.wallet_id = w.id
    where w.balance <> coalesce(p.entries_sum, 0) or coalesce(p.broken, 0) > 0
    order by w.id`),
  );
  const [totals] = rowsOf<{
    wallets: string;
    entries: string;
    total_balance: string;
    total_entries: string;
  }>(
    await db.execute(sql`
      select (select count(*) from wallets)::text as wallets,
        (select count(*) from ledger_entries)::text as entries,
        (select coalesce(sum(balance), 0) from wallets)::text as total_balance,
        (select coalesce(sum(amount), 0) from ledger_entries)::text as total_entries`),
  );
  const [unbalanced] = rowsOf<{ n: string }>(
    await db.execute(sql`
      select count(*)::text as n from (
        select p.id from ledger_postings p join ledger_entries e on e.posting_id = p.id
        where p.shape = 'transfer' group by p.id having sum(e.amount) <> 0 or count(*) <> 2
      ) t`),
  );
  return {
    differences,
    wallets: Number(totals?.wallets ?? 0),
    entries: Number(totals?.entries ?? 0),
    totalBalance: BigInt(totals?.total_balance ?? '0'),
    totalEntries: BigInt(totals?.total_entries ?? '0'),
    unbalancedTransfers: Number(unbalanced?.n ?? 0),
  };
}

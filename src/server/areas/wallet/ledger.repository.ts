import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { wallets } from './ledger.schema.ts';
import type { EntryKind } from '../../../contract/wallet.ts';

/** Raw query rows: PGlite and node-postgres both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type WalletRow = typeof wallets.$inferSelect;

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

/** One leg of a posting as `ledger_post` takes it: amounts as strings of signed minor units. */
export type PostingLeg = {
  member_id: number;
  wallet_kind: string;
  kind: EntryKind;
  amount: string;
};

/** One journal entry as `ledger_post` answers it (bigints as strings). */
export type PostedEntry = {
  entryId: string;
  walletId: string;
  memberId: number;
  walletKind: string;
  kind: EntryKind;
  amount: string;
  balanceAfter: string;
  /** The wallet's version after this entry (its entry count). */
  walletSeq: string;
};

export type PostOutcome =
  | { outcome: 'key_reused' }
  | {
      outcome: 'posted' | 'replayed';
      postingId: string;
      createdAt: string;
      entries: PostedEntry[];
    };

export type NewPosting = {
  idempotencyKey: string;
  requestHash: string;
  shape: 'single' | 'transfer';
  reference: string | null;
  actor: string;
  currency: string;
  legs: PostingLeg[];
};

/**
 * A whole posting in one statement (the `ledger_post` function of the `*_ledger_post.sql`
 * migration): claims the key, moves each wallet with a conditional UPDATE, appends the entries
 * and answers them; a taken key answers its stored posting ('replayed') or 'key_reused'. A debit the wallet cannot
 * afford raises SQLSTATE `insufficientBalanceState`, leaving nothing behind.
 */
const placeholder = (name: keyof NewPosting) => sql.placeholder(name);

/** `ledger_post` as a prepared statement of `db` (named: parsed once per connection). */
function preparePosting(db: Db) {
  return db
    .select({ outcome: sql<PostOutcome | string>`outcome` })
    .from(
      sql`ledger_post(${placeholder('idempotencyKey')}, ${placeholder('requestHash')},
        ${placeholder('shape')}, ${placeholder('reference')}, ${placeholder('actor')},
        ${placeholder('currency')}, ${placeholder('legs')}::json) as outcome`,
    )
    .prepare('ledger_post');
}

const preparedPostings = new WeakMap<Db, ReturnType<typeof preparePosting>>();

export async function postInOneStatement(db: Db, posting: NewPosting): Promise<PostOutcome> {
  let prepared = preparedPostings.get(db);
  if (!prepared) {
    prepared = preparePosting(db);
    preparedPostings.set(db, prepared);
  }
  const [row] = await prepared.execute({ ...posting, legs: JSON.stringify(posting.legs) });
  const outcome = row?.outcome;
  if (!outcome) throw new Error('ledger_post answered nothing');
  return typeof outcome === 'string' ? (JSON.parse(outcome) as PostOutcome) : outcome;
}

/** The SQLSTATE `ledger_post` raises for a debit its wallet cannot afford. */
export const insufficientBalanceState = 'LDG01';

export async function findWalletsByIds(db: Db, ids: number[]) {
  return db.select().from(wallets).where(inArray(wallets.id, ids));
}

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

import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { ledgerEntries, ledgerPostings, wallets } from './ledger.schema.ts';
import { members } from '../../platform/members/members.schema.ts';
import type { EntryKind } from '../../../contract/wallet.ts';

export type EntryFilter = {
  memberId: number;
  /** Null: every kind. */
  kinds: readonly EntryKind[] | null;
  start: Date;
  end: Date;
};

function conditions(filter: EntryFilter): SQL | undefined {
  return and(
    eq(wallets.memberId, filter.memberId),
    gte(ledgerEntries.createdAt, filter.start),
    lte(ledgerEntries.createdAt, filter.end),
    filter.kinds ? inArray(ledgerEntries.kind, [...filter.kinds]) : undefined,
  );
}

/** One page of the member's journal entries, newest first, with the posting's note. */
export async function listMemberEntries(
  db: Db,
  filter: EntryFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      createdAt: ledgerEntries.createdAt,
      walletKind: wallets.kind,
      reference: ledgerPostings.reference,
    })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .where(conditions(filter))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many entries match, and the sums of their credits and debits. */
export async function summarizeMemberEntries(db: Db, filter: EntryFilter) {
  const [row] = await db
    .select({
      n: count(),
      totalIn: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)::text`,
      totalOut: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)::text`,
    })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(conditions(filter));
  return {
    total: row?.n ?? 0,
    totalIn: BigInt(row?.totalIn ?? '0'),
    totalOut: BigInt(row?.totalOut ?? '0'),
  };
}

/** The active agent whose invitation code this is, with the name a downline may see. */
export async function findUplineAgent(db: Db, code: string, agentTypes: readonly number[]) {
  const [row] = await db
    .select({ id: members.id, username: members.username, nickname: members.nickname })
    .from(members)
    .where(
      and(
        eq(members.affiliateCode, code.toUpperCase()),
        eq(members.status, 'active'),
        inArray(members.type, [...agentTypes]),
      ),
    );
  return row;
}

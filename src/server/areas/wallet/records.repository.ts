import { and, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

/** A transfer's other leg (its posting's other entry), its wallet, and that wallet's owner. */
const otherEntry = alias(ledgerEntries, 'other_entry');
const otherWallet = alias(wallets, 'other_wallet');
const otherMember = alias(members, 'other_member');
const self = alias(members, 'self');

/** True for an entry whose other leg is a wallet of the same member (main <-> game wallet). */
const ownTransfer = sql`${otherWallet.memberId} is not distinct from ${wallets.memberId}`;

/**
 * One page of the member's journal entries, newest first, with the posting's note and, for a
 * transfer, the other side: the wallet kind, or the member (name, and whether they are the
 * member's upline agent or a downline).
 */
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
      otherMemberId: otherWallet.memberId,
      otherWalletKind: otherWallet.kind,
      otherUsername: otherMember.username,
      otherNickname: otherMember.nickname,
      otherIsUpline: sql<boolean>`coalesce(${otherMember.affiliateCode} = upper(${self.uplineAffiliateCode}), false)`,
      otherIsDownline: sql<boolean>`coalesce(upper(${otherMember.uplineAffiliateCode}) = ${self.affiliateCode}, false)`,
    })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .innerJoin(self, eq(self.id, wallets.memberId))
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .leftJoin(
      otherEntry,
      and(eq(otherEntry.postingId, ledgerEntries.postingId), ne(otherEntry.id, ledgerEntries.id)),
    )
    .leftJoin(otherWallet, eq(otherWallet.id, otherEntry.walletId))
    .leftJoin(otherMember, eq(otherMember.id, otherWallet.memberId))
    .where(conditions(filter))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * How many entries match, and the sums of their credits and debits: money that came into or
 * left the member's hands, so a transfer between the member's own wallets counts in neither.
 */
export async function summarizeMemberEntries(db: Db, filter: EntryFilter) {
  const [row] = await db
    .select({
      n: count(),
      totalIn: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0 and not (${ownTransfer})), 0)::text`,
      totalOut: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0 and not (${ownTransfer})), 0)::text`,
    })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .leftJoin(
      otherEntry,
      and(eq(otherEntry.postingId, ledgerEntries.postingId), ne(otherEntry.id, ledgerEntries.id)),
    )
    .leftJoin(otherWallet, eq(otherWallet.id, otherEntry.walletId))
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

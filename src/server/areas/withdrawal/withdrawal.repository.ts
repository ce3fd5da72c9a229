import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { members } from '../../platform/members/members.schema.ts';
import { bankAccounts, withdrawalImages, withdrawals } from './withdrawal.schema.ts';
import type { WithdrawalStatus } from '../../../contract/withdrawal.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawalImage = typeof withdrawalImages.$inferInsert;

/** Locks the member's row: binds of one member run one after the other (the account limit). */
export async function lockMember(tx: Db, memberId: number) {
  await tx.execute(sql`select id from ${members} where ${members.id} = ${memberId} for update`);
}

export function listBankAccounts(db: Db, memberId: number) {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.memberId, memberId))
    .orderBy(bankAccounts.id);
}

export async function countBankAccounts(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bankAccounts)
    .where(eq(bankAccounts.memberId, memberId));
  return row?.n ?? 0;
}

/** Null when the member already has this account number. */
export async function insertBankAccount(
  tx: Db,
  values: Omit<typeof bankAccounts.$inferInsert, 'id' | 'createdAt'>,
): Promise<BankAccountRow | undefined> {
  const [row] = await tx.insert(bankAccounts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findBankAccount(db: Db, memberId: number, id: number) {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.memberId, memberId)));
  return row;
}

export function findBankAccountsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(bankAccounts).where(inArray(bankAccounts.id, ids));
}

/** Sets the payment password only where none is set; false when one already was. */
export async function setPaymentPasswordHash(tx: Db, memberId: number, hash: string) {
  const rows = await tx
    .update(members)
    .set({ paymentPasswordHash: hash })
    .where(and(eq(members.id, memberId), isNull(members.paymentPasswordHash)))
    .returning({ id: members.id });
  return rows.length === 1;
}

/** Replaces the payment password only while it is still `currentHash`; false otherwise. */
export async function replacePaymentPasswordHash(
  tx: Db,
  memberId: number,
  currentHash: string,
  hash: string,
) {
  const rows = await tx
    .update(members)
    .set({ paymentPasswordHash: hash })
    .where(and(eq(members.id, memberId), eq(members.paymentPasswordHash, currentHash)))
    .returning({ id: members.id });
  return rows.length === 1;
}

export async function insertWithdrawal(tx: Db, values: typeof withdrawals.$inferInsert) {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal not stored');
  return row;
}

export async function findWithdrawal(db: Db, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function findWithdrawalByPosting(db: Db, postingId: number) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.requestPostingId, postingId));
  return row;
}

/**
 * The member's withdrawals of the day `now` falls in (local midnight to midnight in `tz`, the
 * operator's time zone), rejected ones left out (their amount came back): how many, their total,
 * and when the day ends. In `tx` after `lockMember`, what a concurrent request of the member sees.
 */
export async function todaysWithdrawals(db: Db, memberId: number, now: Date, tz: string) {
  const at = now.toISOString();
  const result = await db.execute(sql`
    SELECT count(*)::int AS n, coalesce(sum(w.amount), 0)::text AS total,
      (date_trunc('day', ${at}::timestamptz AT TIME ZONE ${tz}) + interval '1 day')
        AT TIME ZONE ${tz} AS day_end
    FROM ${withdrawals} w
    WHERE w.member_id = ${memberId} AND w.status <> 'rejected'
      AND w.created_at >= date_trunc('day', ${at}::timestamptz AT TIME ZONE ${tz}) AT TIME ZONE ${tz}`);
  const [row] = (
    result as unknown as { rows: { n: number; total: string; day_end: string | Date }[] }
  ).rows;
  if (!row) throw new Error('no totals row');
  return { count: row.n, amount: BigInt(row.total), dayEnd: new Date(row.day_end) };
}

export function listWithdrawals(
  db: Db,
  filter: { memberId?: number; status?: WithdrawalStatus },
  limit: number,
) {
  const conditions = [
    filter.memberId === undefined ? undefined : eq(withdrawals.memberId, filter.memberId),
    filter.status === undefined ? undefined : eq(withdrawals.status, filter.status),
  ].filter((c) => c !== undefined);
  return db
    .select()
    .from(withdrawals)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(withdrawals.id))
    .limit(limit);
}

/** Moves a withdrawal forward from `from` only; undefined when it was not in that status. */
export async function moveWithdrawal(
  tx: Db,
  id: number,
  from: WithdrawalStatus,
  set: Partial<typeof withdrawals.$inferInsert>,
  memberId?: number,
) {
  const [row] = await tx
    .update(withdrawals)
    .set(set)
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, from),
        memberId === undefined ? undefined : eq(withdrawals.memberId, memberId),
      ),
    )
    .returning();
  return row;
}

/** Paid requests unconfirmed since `paidBefore` become received (by 'auto'). */
export function autoConfirmPaid(tx: Db, paidBefore: Date, now: Date, memberId?: number) {
  return tx
    .update(withdrawals)
    .set({ status: 'confirmed', confirmation: 'received', confirmedBy: 'auto', confirmedAt: now })
    .where(
      and(
        eq(withdrawals.status, 'paid'),
        lte(withdrawals.decidedAt, paidBefore),
        memberId === undefined ? undefined : eq(withdrawals.memberId, memberId),
      ),
    )
    .returning({ id: withdrawals.id, memberId: withdrawals.memberId });
}

export async function insertWithdrawalImages(tx: Db, rows: NewWithdrawalImage[]) {
  if (rows.length > 0) await tx.insert(withdrawalImages).values(rows);
}

/** Image ids per withdrawal (no data). */
export async function imageIdsOf(db: Db, withdrawalIds: number[]) {
  const found = new Map<number, number[]>();
  if (withdrawalIds.length === 0) return found;
  const rows = await db
    .select({ id: withdrawalImages.id, withdrawalId: withdrawalImages.withdrawalId })
    .from(withdrawalImages)
    .where(inArray(withdrawalImages.withdrawalId, withdrawalIds))
    .orderBy(withdrawalImages.id);
  for (const row of rows)
    found.set(row.withdrawalId, [...(found.get(row.withdrawalId) ?? []), row.id]);
  return found;
}

export async function findWithdrawalImage(db: Db, withdrawalId: number, imageId: number) {
  const [row] = await db
    .select()
    .from(withdrawalImages)
    .where(and(eq(withdrawalImages.id, imageId), eq(withdrawalImages.withdrawalId, withdrawalId)));
  return row;
}

export async function countWithdrawalImages(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawalImages);
  return row?.n ?? 0;
}

export async function usernamesOf(db: Db, memberIds: number[]) {
  if (memberIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(inArray(members.id, memberIds));
  return new Map(rows.map((row) => [row.id, row.username]));
}

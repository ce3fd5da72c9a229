import { and, asc, desc, eq } from 'drizzle-orm';
import type { ChannelKind, DepositStatus } from '../../../contract/deposit.ts';
import type { Db } from '../../platform/db/client.ts';
import { depositOrders, paymentChannels, sandboxGatewayPayments } from './deposit.schema.ts';
import { members } from '../../platform/members/members.schema.ts';

export type ChannelRow = typeof paymentChannels.$inferSelect;
export type DepositOrderRow = typeof depositOrders.$inferSelect;
export type SandboxPaymentRow = typeof sandboxGatewayPayments.$inferSelect;

export function listEnabledChannels(db: Db): Promise<ChannelRow[]> {
  return db
    .select()
    .from(paymentChannels)
    .where(eq(paymentChannels.enabled, true))
    .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
}

export async function findChannel(db: Db, id: number): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, id));
  return row;
}

export async function findOrder(db: Db, id: string): Promise<DepositOrderRow | undefined> {
  const [row] = await db.select().from(depositOrders).where(eq(depositOrders.id, id));
  return row;
}

/** The UPI order that carries this UTR, whatever its status. */
export async function findUpiOrderByUtr(db: Db, utr: string): Promise<DepositOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.kind, 'upi'), eq(depositOrders.transferReference, utr)));
  return row;
}

export async function findOrderByKey(
  db: Db,
  memberId: number,
  idempotencyKey: string,
): Promise<DepositOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(depositOrders)
    .where(
      and(eq(depositOrders.memberId, memberId), eq(depositOrders.idempotencyKey, idempotencyKey)),
    );
  return row;
}

/** Inserts an order; undefined when the member's key is taken (a concurrent submit). */
export async function insertOrder(
  db: Db,
  row: typeof depositOrders.$inferInsert,
): Promise<DepositOrderRow | undefined> {
  const [made] = await db.insert(depositOrders).values(row).onConflictDoNothing().returning();
  return made;
}

export function listMemberOrders(db: Db, memberId: number, limit: number) {
  return db
    .select()
    .from(depositOrders)
    .where(eq(depositOrders.memberId, memberId))
    .orderBy(desc(depositOrders.createdAt))
    .limit(limit);
}

export function listOrdersByStatus(
  db: Db,
  status: DepositStatus,
  kind: ChannelKind,
  limit: number,
) {
  return db
    .select({ order: depositOrders, username: members.username })
    .from(depositOrders)
    .innerJoin(members, eq(members.id, depositOrders.memberId))
    .where(and(eq(depositOrders.status, status), eq(depositOrders.kind, kind)))
    .orderBy(asc(depositOrders.createdAt))
    .limit(limit);
}

/** Changes a pending order; undefined when it is not pending any more. */
export async function updatePendingOrder(
  db: Db,
  id: string,
  values: Partial<
    Pick<
      DepositOrderRow,
      | 'status'
      | 'providerReference'
      | 'redirectUrl'
      | 'transferReference'
      | 'failureReason'
      | 'updatedAt'
    >
  >,
): Promise<DepositOrderRow | undefined> {
  const [row] = await db
    .update(depositOrders)
    .set(values)
    .where(and(eq(depositOrders.id, id), eq(depositOrders.status, 'pending')))
    .returning();
  return row;
}

export async function insertSandboxPayment(
  db: Db,
  row: typeof sandboxGatewayPayments.$inferInsert,
): Promise<SandboxPaymentRow> {
  const [made] = await db.insert(sandboxGatewayPayments).values(row).returning();
  if (!made) throw new Error('sandbox payment not stored');
  return made;
}

export async function findSandboxPayment(
  db: Db,
  id: string,
): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxGatewayPayments)
    .where(eq(sandboxGatewayPayments.id, id));
  return row;
}

export async function findSandboxPaymentByReference(
  db: Db,
  merchantReference: string,
): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxGatewayPayments)
    .where(eq(sandboxGatewayPayments.merchantReference, merchantReference));
  return row;
}

/** Closes an open sandbox payment; undefined when it was closed already. */
export async function closeSandboxPayment(
  db: Db,
  id: string,
  status: 'paid' | 'failed',
): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db
    .update(sandboxGatewayPayments)
    .set({ status })
    .where(and(eq(sandboxGatewayPayments.id, id), eq(sandboxGatewayPayments.status, 'open')))
    .returning();
  return row;
}

import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { operatorTotp } from './operators.schema.ts';

export type OperatorTotpRow = typeof operatorTotp.$inferSelect;

export async function findOperatorTotp(db: Db, operatorId: number) {
  const [row] = await db.select().from(operatorTotp).where(eq(operatorTotp.operatorId, operatorId));
  return row;
}

/** A new pending secret (replacing a pending one); undefined while one is bound. */
export async function upsertPendingOperatorTotp(
  db: Db,
  values: { operatorId: number; secret: string; createdAt: Date },
) {
  const [row] = await db
    .insert(operatorTotp)
    .values({ ...values, confirmedAt: null, lastUsedStep: null })
    .onConflictDoUpdate({
      target: operatorTotp.operatorId,
      set: { secret: values.secret, createdAt: values.createdAt, lastUsedStep: null },
      setWhere: isNull(operatorTotp.confirmedAt),
    })
    .returning();
  return row;
}

export async function updateOperatorTotp(
  db: Db,
  operatorId: number,
  patch: Partial<Pick<OperatorTotpRow, 'confirmedAt' | 'lastUsedStep' | 'secret'>>,
) {
  await db.update(operatorTotp).set(patch).where(eq(operatorTotp.operatorId, operatorId));
}

/** Takes the time step once: false when a code of this step or a later one was taken. */
export async function spendOperatorTotpStep(
  db: Db,
  operatorId: number,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(operatorTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(operatorTotp.operatorId, operatorId),
        or(isNull(operatorTotp.lastUsedStep), sql`${operatorTotp.lastUsedStep} < ${step}`),
      ),
    )
    .returning({ operatorId: operatorTotp.operatorId });
  return rows.length > 0;
}

export async function deleteOperatorTotp(db: Db, operatorId: number) {
  await db.delete(operatorTotp).where(eq(operatorTotp.operatorId, operatorId));
}

/** Every stored operator authenticator secret (the start-up pass seals them with the current key). */
export function allOperatorTotpSecrets(db: Db) {
  return db
    .select({ operatorId: operatorTotp.operatorId, secret: operatorTotp.secret })
    .from(operatorTotp);
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { registerValidators } from './validators.schema.ts';
import type { FieldRule, RegisterField } from '../../../contract/validation.ts';

export type ValidatorRow = typeof registerValidators.$inferSelect;

export function listValidators(db: Db): Promise<ValidatorRow[]> {
  return db.select().from(registerValidators);
}

export async function findValidator(db: Db, field: RegisterField) {
  const [row] = await db
    .select()
    .from(registerValidators)
    .where(eq(registerValidators.field, field));
  return row;
}

export async function upsertValidator(tx: Db, field: RegisterField, rule: FieldRule) {
  const [row] = await tx
    .insert(registerValidators)
    .values({ field, ...rule })
    .onConflictDoUpdate({ target: registerValidators.field, set: rule })
    .returning();
  return row;
}

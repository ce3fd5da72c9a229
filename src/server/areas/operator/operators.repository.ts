import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { operators } from './operators.schema.ts';

export async function findOperator(db: Db, username: string) {
  const [row] = await db.select().from(operators).where(eq(operators.username, username));
  return row;
}

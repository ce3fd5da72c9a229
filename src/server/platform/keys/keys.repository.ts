import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverKeys } from './server-keys.schema.ts';

export type KeyRow = typeof serverKeys.$inferSelect;

export async function findKey(db: Db, name: string): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return row;
}

/** Inserts unless another node already did; the caller re-reads the winner. */
export async function insertKeyIfMissing(db: Db, row: typeof serverKeys.$inferInsert) {
  await db.insert(serverKeys).values(row).onConflictDoNothing();
}

import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Serializes work on one key (a target or an IP) across connections and nodes until the
 * transaction ends. `space` keeps targets and IPs apart.
 */
export async function lockKey(tx: Db, space: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${space}::int, hashtext(${key}))`);
}

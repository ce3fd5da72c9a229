import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';

const tableLists = new WeakMap<Db, string[]>();

/**
 * The row count of every table of the schema, in one statement: equal before and after a
 * request means the request wrote (inserted or deleted) no row anywhere.
 *
 * @example
 * const before = await rowCounts(db);
 * await refusedCall();
 * expect(await rowCounts(db)).toEqual(before);
 */
export async function rowCounts(
  db: Db,
  // Bookkeeping written beside requests, not by them: a job run claims its period, the
  // real-time publisher numbers an earlier call's balance event after that call has answered,
  // and a node adds the default rate limit's hits of earlier calls every 500 ms (a limit counts
  // every call, refused input too, by design). The lottery's period generator and draw engine
  // make draws ahead and draw the in-house ones on their own ticks, whatever a request does.
  ignore: readonly string[] = [
    'job_runs',
    'member_event_seq',
    'rate_limit_hits',
    'lottery_draws',
    'lottery_results',
    // The PostgreSQL adapter's attachments: the draw engine's broadcasts pass through it.
    'socket_io_attachments',
    // Where each wage job's settlement stopped: its first run after a start marks it.
    'agent_settlement_marks',
  ],
): Promise<Record<string, number>> {
  // The schema's tables do not change while a site runs: their list is read once per database.
  let tables = tableLists.get(db);
  if (!tables) {
    const listed = (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    tables = listed.rows.map(({ name }) => name);
    tableLists.set(db, tables);
  }
  const parts = tables
    .filter((name) => !ignore.includes(name))
    .map(
      (name) => `select '${name.replaceAll("'", "''")}' as name, count(*)::int as n from "${name}"`,
    );
  if (parts.length === 0) return {};
  const counts = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { name: string; n: number }[];
  };
  return Object.fromEntries(counts.rows.map((row) => [row.name, Number(row.n)]));
}

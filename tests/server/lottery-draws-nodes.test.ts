import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LotteryDrawEvent } from '../../src/contract/realtime.ts';
import { drawNumbers, seedHashOf } from '../../src/contract/lottery-draw.ts';
import { createLedgerService } from '../../src/server/areas/wallet/ledger.service.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { realtimeClient } from '../support/realtime.ts';
import { startNode, stopNode, twoNodes } from '../support/server-nodes.ts';
import { testOperator } from '../support/server.ts';

/**
 * The draw engine on several server processes sharing one PostgreSQL database (issue 14):
 * - two nodes run the engine's job at once: every draw is drawn once (one result), every bet
 *   settled once, every win paid once, each draw's news heard once on a socket of either node;
 * - a node killed with SIGKILL in the middle of a settlement of 20,000 bets leaves nothing of it
 *   (the draw still locked, no result, no bet settled, no win paid); restarted, it draws and
 *   settles the draw: every bet settled once, reconcile clean.
 * PGlite is one process, so these run only with DATABASE_URL (as realtime-nodes does).
 */
const postgres = Boolean(process.env.DATABASE_URL);

/** How the settlement statement begins (pg_stat_activity keeps a statement's first 1 kB). */
const settlementStart = '%WITH due AS (%SELECT d.game_id, d.numero, d.result_revision, g.layout%';
/** pg_stat_activity rows of this database's other backends running a settlement statement. */
const otherSettlements = sql`datname = current_database() AND pid <> pg_backend_pid()
  AND query LIKE ${settlementStart}`;

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function waitFor<T>(what: string, probe: () => Promise<T | null>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A test draw of VN_FAST_1, an hour away: bets go in before it is due. */
async function makeDraw(db: Db, numero: string) {
  const seed = randomBytes(32).toString('hex');
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  await db.execute(sql`
    INSERT INTO lottery_draws (game_id, numero, opens_at, locks_at, draws_at, seed, seed_hash)
    VALUES ('VN_FAST_1', ${numero}, ${at(-1000)}::timestamptz, ${at(3_600_000)}::timestamptz,
      ${at(3_601_000)}::timestamptz, ${seed}, ${seedHashOf(seed)})`);
  return { gameId: 'VN_FAST_1', numero, seed };
}

/** The draw locks in `drawInMs - 1000` ms and is drawn in `drawInMs`. */
async function dueSoon(db: Db, numero: string, drawInMs: number) {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  await db.execute(sql`
    UPDATE lottery_draws SET locks_at = ${at(drawInMs - 1000)}::timestamptz,
      draws_at = ${at(drawInMs)}::timestamptz
    WHERE game_id = 'VN_FAST_1' AND numero = ${numero}`);
}

/**
 * `perMember` lô bets on '00'.. of each member on the draw, their stakes debited through the
 * ledger in one statement (ledger_post_many), the bet rows in another.
 */
async function placeLoBets(db: Db, numero: string, memberIds: number[], perMember: number) {
  const ledger = createLedgerService({ db });
  const bets = memberIds.flatMap((memberId) =>
    Array.from({ length: perMember }, (_, i) => ({
      memberId,
      selection: String(i % 100).padStart(2, '0'),
      key: `lottery:bet:${numero}:${memberId}:${i}`,
    })),
  );
  await db.transaction(async (tx) => {
    await ledger.postMany(
      tx,
      bets.map((bet) => ({
        key: bet.key,
        member_id: bet.memberId,
        wallet_kind: 'main',
        kind: 'bet',
        amount: '-2700',
        reference: `lottery:VN_FAST_1:${numero}`,
        actor: `member:${bet.memberId}`,
      })),
    );
    await tx.execute(sql`
      INSERT INTO lottery_bets (slip_id, member_id, game_id, numero, bet_type, selection,
        unit_amount, stake, odds_x100, currency)
      SELECT b.key, b."memberId", 'VN_FAST_1', ${numero}, 'lo', b.selection, 100, 2700, 8000,
        'INR'
      FROM json_to_recordset(${JSON.stringify(bets)}::json)
        AS b(key text, "memberId" integer, selection text)`);
  });
  return bets.length;
}

async function fund(db: Db, memberIds: number[]) {
  await createLedgerService({ db }).postMany(
    db,
    memberIds.map((memberId) => ({
      key: `fund:${memberId}`,
      member_id: memberId,
      wallet_kind: 'main',
      kind: 'deposit',
      amount: '100000000000',
      reference: null,
      actor: 'system:test',
    })),
  );
}

/** Each bet settled once, each win paid once, the result the seed's, reconcile clean. */
async function expectSettledOnce(db: Db, draw: { numero: string; seed: string }) {
  const [state] = await rows<{ state: string; seed: string | null; seed_hash: string }>(
    db,
    sql`SELECT state, seed, seed_hash FROM lottery_draws
      WHERE game_id = 'VN_FAST_1' AND numero = ${draw.numero}`,
  );
  expect(state?.state).toBe('settled');
  // Drawn from the seed it committed to and published. A draw still scheduled when its node
  // died (its opening rolled back with the rest of the tick) is committed again by the next
  // start, under the outcome key, so its seed is then not the one the test wrote.
  const seed = state?.seed ?? '';
  expect(seedHashOf(seed)).toBe(state?.seed_hash);
  if (state?.seed_hash === seedHashOf(draw.seed)) expect(seed).toBe(draw.seed);
  const results = await rows<{ numbers: string[] }>(
    db,
    sql`SELECT numbers FROM lottery_results
      WHERE game_id = 'VN_FAST_1' AND numero = ${draw.numero}`,
  );
  expect(results).toHaveLength(1);
  const numbers = drawNumbers(seed, 'VN_FAST_1', draw.numero, 'north27');
  expect(results[0]!.numbers).toEqual(numbers);
  const [bets] = await rows<{ open: number; won: number; wins: string | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE state = 'open')::int AS open,
        count(*) FILTER (WHERE state = 'won')::int AS won,
        sum(win_amount)::text AS wins
      FROM lottery_bets WHERE game_id = 'VN_FAST_1' AND numero = ${draw.numero}`,
  );
  expect(bets!.open).toBe(0);
  const [paid] = await rows<{ postings: number; entries: number; total: string | null }>(
    db,
    sql`SELECT count(DISTINCT p.id)::int AS postings, count(e.id)::int AS entries,
        sum(e.amount)::text AS total
      FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id
      WHERE p.idempotency_key LIKE ${`lottery:win:%:VN_FAST_1:${draw.numero}:1`}`,
  );
  expect(paid).toEqual({ postings: bets!.won, entries: bets!.won, total: bets!.wins });
  const report = await createLedgerService({ db }).reconcile();
  expect(report.differences).toEqual([]);
}

describe.skipIf(!postgres)(
  'the draw engine on two server nodes (needs DATABASE_URL; skipped on PGlite, which is one process)',
  () => {
    const site = twoNodes();
    const db = () => site.database.db;

    it('draws and settles each draw exactly once with both nodes running the engine', async () => {
      const sessions = await Promise.all([1, 2, 3].map(() => createMemberSession(db())));
      const memberIds = sessions.map((one) => one.member.id);
      await fund(db(), memberIds);
      // A socket on the second node hears every draw, whichever node ran it.
      const client = realtimeClient(site.second!.url, sessions[0]!.token);
      const heard: LotteryDrawEvent[] = [];
      client.socket.on('lotteryDraw', (event) => heard.push(event));
      await client.connected();
      const draws = [];
      for (let i = 0; i < 6; i++) {
        const numero = `20990101${String(i + 1).padStart(4, '0')}`;
        draws.push(await makeDraw(db(), numero));
        await placeLoBets(db(), numero, memberIds, 40);
      }
      for (const [i, draw] of draws.entries()) await dueSoon(db(), draw.numero, 3000 + i * 1500);
      await waitFor(
        'every draw settled',
        async () => {
          const [left] = await rows<{ n: number }>(
            db(),
            sql`SELECT count(*)::int AS n FROM lottery_draws
            WHERE numero LIKE '20990101%' AND state <> 'settled'`,
          );
          return left!.n === 0 ? true : null;
        },
        60_000,
      );
      for (const draw of draws) await expectSettledOnce(db(), draw);
      await waitFor(
        'the settled broadcasts',
        async () =>
          heard.filter((event) => event.numero.startsWith('20990101') && event.state === 'settled')
            .length === draws.length
            ? true
            : null,
        10_000,
      );
      for (const draw of draws) {
        const mine = heard.filter((event) => event.numero === draw.numero);
        for (const state of ['locked', 'drawn', 'settled'] as const) {
          expect(mine.filter((event) => event.state === state)).toHaveLength(1);
        }
        expect(mine.find((event) => event.state === 'drawn')?.seed).toBe(draw.seed);
      }
      client.close();
    }, 120_000);

    it('a node killed during a settlement leaves nothing of it; restarted, it settles every bet once', async () => {
      // One node, so the one killed is the one settling.
      await stopNode(site.second);
      const sessions = await Promise.all(
        Array.from({ length: 50 }, () => createMemberSession(db())),
      );
      const memberIds = sessions.map((one) => one.member.id);
      await fund(db(), memberIds);
      const draw = await makeDraw(db(), '209901020001');
      expect(await placeLoBets(db(), draw.numero, memberIds, 400)).toBe(20_000);
      await dueSoon(db(), draw.numero, 2000);
      // Kill the node while its settlement statement runs.
      const caught = await waitFor(
        'the settlement running',
        async () => {
          const [active] = await rows<{ n: number }>(
            db(),
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE ${otherSettlements} AND state = 'active'`,
          );
          return active!.n > 0 ? true : null;
        },
        60_000,
      );
      expect(caught).toBe(true);
      site.first!.process.kill('SIGKILL');
      await new Promise((resolve) => site.first!.process.once('exit', resolve));
      site.first = undefined;
      // The orphaned backend would run the whole statement before it finds its client gone
      // (over two minutes once, on CI's loaded PostgreSQL pass): end it, as an operator would.
      // Either way its transaction rolls back; what is checked is that nothing of it stays.
      await db().execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE ${otherSettlements} AND state <> 'idle'`);
      await waitFor(
        'the orphaned statement to end',
        async () => {
          const [active] = await rows<{ n: number }>(
            db(),
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE ${otherSettlements} AND state <> 'idle'`,
          );
          return active!.n === 0 ? true : null;
        },
        30_000,
      ).catch(async (error: unknown) => {
        console.log(
          await rows(
            db(),
            sql`SELECT pid, state, wait_event_type, wait_event, backend_start, left(query, 120) AS q
              FROM pg_stat_activity WHERE datname = current_database()`,
          ),
        );
        throw error;
      });
      const [left] = await rows<{ state: string; settled: number; results: number; paid: number }>(
        db(),
        sql`SELECT d.state,
            (SELECT count(*)::int FROM lottery_bets b WHERE b.game_id = d.game_id
              AND b.numero = d.numero AND b.state <> 'open') AS settled,
            (SELECT count(*)::int FROM lottery_results r WHERE r.game_id = d.game_id
              AND r.numero = d.numero) AS results,
            (SELECT count(*)::int FROM ledger_postings
              WHERE idempotency_key LIKE ${`lottery:win:%:VN_FAST_1:${draw.numero}:1`}) AS paid
          FROM lottery_draws d WHERE d.game_id = 'VN_FAST_1' AND d.numero = ${draw.numero}`,
      );
      // The tick's transaction (open or lock, draw, settle) rolled back as a whole.
      expect(left).toEqual({ state: left!.state, settled: 0, results: 0, paid: 0 });
      // Whatever the tick had moved it from: scheduled, open or locked, never drawn or settled.
      expect(['scheduled', 'open', 'locked']).toContain(left!.state);

      site.first = await startNode(site.testDb);
      await waitFor(
        "the restarted node's settlement",
        async () => {
          const [row] = await rows<{ state: string }>(
            db(),
            sql`SELECT state FROM lottery_draws
            WHERE game_id = 'VN_FAST_1' AND numero = ${draw.numero}`,
          );
          return row?.state === 'settled' ? true : null;
        },
        90_000,
      );
      await expectSettledOnce(db(), draw);
      // The reconcile script agrees.
      const child = spawn('npm', ['run', '--silent', 'reconcile'], {
        env: {
          PATH: process.env.PATH ?? '',
          ...site.testDb.env,
          NODE_ENV: 'test',
          OPS_USERNAME: testOperator.username,
          OPS_PASSWORD: testOperator.password,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect({ code, output }).toMatchObject({ code: 0 });
    }, 330_000);
  },
);

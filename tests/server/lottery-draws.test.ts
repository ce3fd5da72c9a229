import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { numeroSchema } from '../../src/contract/lottery.ts';
import type { LotteryDrawEvent } from '../../src/contract/realtime.ts';
import { drawNumbers, seedHashOf, verifyDraw } from '../../src/contract/lottery-draw.ts';
import { createDrawEngine } from '../../src/server/areas/lottery/draw-engine.ts';
import { drawSeedOf } from '../../src/server/areas/lottery/draw-seeds.ts';
import { generatePeriods } from '../../src/server/areas/lottery/schedule.ts';
import { manualClock, testSite } from '../support/server.ts';

// Thursday 2026-01-01 15:40 in Vietnam (UTC+7).
const clock = manualClock(new Date('2026-01-01T08:40:00Z'));
const site = testSite({}, { clock: clock.now });

type DrawRow = {
  game_id: string;
  numero: string;
  opens_at: Date | string;
  locks_at: Date | string;
  draws_at: Date | string;
  state: string;
  seed: string | null;
  seed_hash: string | null;
  seed_key_id: string | null;
  seed_salt: string | null;
};
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await site.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const iso = (value: Date | string) => new Date(value).toISOString();

describe('lottery games and the period generator', () => {
  it('seeds the regional stations on their weekday rota and the fast in-house draws', async () => {
    const games = await rows<{
      game_id: string;
      region: string;
      layout: string;
      source: string;
      draw_day_of_week: string;
      lock_seconds: number;
      schedule: string;
      names: Record<string, string>;
      config: { betTypes: Record<string, { oddsX100: number }> };
    }>(sql`SELECT * FROM lottery_games ORDER BY sort`);
    const byId = new Map(games.map((game) => [game.game_id, game]));
    expect(byId.get('VN_MB')).toMatchObject({ layout: 'north27', source: 'feed' });
    expect(byId.get('VN_MN_HCM')).toMatchObject({
      layout: 'south18',
      draw_day_of_week: '2,7',
      schedule: '0 15 16 * * 1,6',
      lock_seconds: 900,
    });
    // Southern Monday: TP.HCM, Dong Thap, Ca Mau.
    const monday = games.filter(
      (game) => game.region === 'south' && game.draw_day_of_week.split(',').includes('2'),
    );
    expect(monday.map((game) => game.game_id).sort()).toEqual(
      ['VN_MN_CM', 'VN_MN_DT', 'VN_MN_HCM'].sort(),
    );
    for (const day of ['1', '2', '3', '4', '5', '6', '7']) {
      const south = games.filter((g) => g.region === 'south' && g.draw_day_of_week.includes(day));
      const central = games.filter(
        (g) => g.region === 'central' && g.draw_day_of_week.includes(day),
      );
      expect(south.length).toBeGreaterThanOrEqual(3);
      expect(central.length).toBeGreaterThanOrEqual(2);
    }
    expect(
      ['VN_FAST_1', 'VN_FAST_3', 'VN_FAST_5'].map((id) => [
        byId.get(id)?.layout,
        byId.get(id)?.source,
        byId.get(id)?.lock_seconds,
      ]),
    ).toEqual([
      ['north27', 'rng', 10],
      ['south18', 'rng', 20],
      ['north27', 'rng', 30],
    ]);
    for (const game of games) {
      expect(Object.keys(game.names).sort()).toEqual(['bn', 'en', 'hi']);
      expect(game.config.betTypes.lo?.oddsX100).toBe(8000);
      expect(Object.keys(game.config.betTypes)).toHaveLength(9);
    }
  });

  it('makes the draws ahead at start: numeros, times in the game zone, seeds only committed', async () => {
    const draws = await rows<DrawRow>(sql`SELECT * FROM lottery_draws ORDER BY game_id, draws_at`);
    const of = (gameId: string) => draws.filter((draw) => draw.game_id === gameId);
    for (const draw of draws) expect(numeroSchema.safeParse(draw.numero).success).toBe(true);
    // Fast 1: the next two hours, one a minute; 15:41 local is the day's 942nd draw.
    const fast = of('VN_FAST_1');
    expect(fast).toHaveLength(120);
    expect(fast[0]).toMatchObject({ numero: '202601010942', state: 'scheduled' });
    expect(iso(fast[0]!.draws_at)).toBe('2026-01-01T08:41:00.000Z');
    expect(iso(fast[0]!.opens_at)).toBe('2026-01-01T08:40:00.000Z');
    expect(iso(fast[0]!.locks_at)).toBe('2026-01-01T08:40:50.000Z');
    // Every 5 minutes: 15:45 local is the day's 190th draw.
    expect(of('VN_FAST_5')[0]?.numero).toBe('202601010190');
    // No seed stored before the draw: its commitment, under the outcome key of the row.
    const salts = new Set<string>();
    for (const draw of [...fast, ...of('VN_FAST_3')]) {
      expect(draw.seed).toBeNull();
      expect(draw.seed_key_id).toBe(site.app.outcomeKeys.currentKeyId);
      expect(draw.seed_salt).toMatch(/^[0-9a-f]{32}$/);
      salts.add(draw.seed_salt!);
      const seed = drawSeedOf(site.app.outcomeKeys, {
        gameId: draw.game_id,
        numero: draw.numero,
        seedKeyId: draw.seed_key_id!,
        seedSalt: draw.seed_salt!,
      });
      expect(draw.seed_hash).toBe(seedHashOf(seed!));
    }
    expect(salts.size).toBe(fast.length + of('VN_FAST_3').length);
    // Northern: daily at 18:15 local, eight days ahead, locked 15 minutes before.
    const north = of('VN_MB');
    expect(north.map((draw) => draw.numero)).toEqual([
      '20260101',
      '20260102',
      '20260103',
      '20260104',
      '20260105',
      '20260106',
      '20260107',
      '20260108',
    ]);
    expect(iso(north[0]!.draws_at)).toBe('2026-01-01T11:15:00.000Z');
    expect(iso(north[0]!.locks_at)).toBe('2026-01-01T11:00:00.000Z');
    expect(iso(north[0]!.opens_at)).toBe('2025-12-31T11:15:00.000Z');
    expect(north[0]!.seed).toBeNull();
    // TP.HCM: Saturday 3rd and Monday 5th, opening at the previous draw.
    const hcm = of('VN_MN_HCM');
    expect(hcm.map((draw) => draw.numero)).toEqual(['20260103', '20260105']);
    expect(iso(hcm[1]!.opens_at)).toBe(iso(hcm[0]!.draws_at));
  });

  it('adds only what is missing on a rerun and carries the fast sequence over midnight', async () => {
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM lottery_draws`);
    expect(await generatePeriods(site.database.db, clock.now(), site.app.outcomeKeys)).toBe(0);
    const seeds = await rows<{ seed_hash: string }>(
      sql`SELECT seed_hash FROM lottery_draws WHERE game_id = 'VN_FAST_1' ORDER BY draws_at LIMIT 1`,
    );
    // Just before local midnight (16:58:30 UTC), the draws cross into the next day from 0001.
    const late = new Date('2026-01-01T16:58:30Z');
    expect(await generatePeriods(site.database.db, late, site.app.outcomeKeys)).toBeGreaterThan(0);
    const crossing = await rows<DrawRow>(sql`
      SELECT numero, draws_at FROM lottery_draws WHERE game_id = 'VN_FAST_1'
        AND draws_at BETWEEN '2026-01-01T16:59:00Z' AND '2026-01-01T17:01:00Z'
      ORDER BY draws_at`);
    expect(crossing.map((draw) => draw.numero)).toEqual([
      '202601011440',
      '202601020001',
      '202601020002',
    ]);
    const after = await rows<{ seed_hash: string }>(
      sql`SELECT seed_hash FROM lottery_draws WHERE game_id = 'VN_FAST_1' ORDER BY draws_at LIMIT 1`,
    );
    expect(after[0]?.seed_hash).toBe(seeds[0]?.seed_hash);
    expect(before[0]!.n).toBeGreaterThan(200);
  });
});

describe('the draw engine', () => {
  const draw = { gameId: 'VN_FAST_1', numero: '202601010942' };
  const stateOf = async () =>
    (
      await rows<DrawRow & { result_revision: number }>(sql`
        SELECT * FROM lottery_draws WHERE game_id = ${draw.gameId} AND numero = ${draw.numero}`)
    )[0]!;
  /** The engine's job at `at` (a real tick of this node may hold it: then wait for it). */
  async function runEngineAt(at: string) {
    clock.advance(new Date(at).getTime() - clock.now().getTime());
    for (;;) {
      const report = await site.app.scheduler.runDue(clock.now());
      const run = report.runs.find((one) => one.job === 'lottery-draws');
      if (run?.status !== 'busy') return run?.status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const broadcasts = () => {
    const spy = vi.spyOn(site.app.realtime.publisher, 'broadcast');
    return {
      events: () =>
        spy.mock.calls
          .flatMap(([events]) => events.map((event) => event.payload as LotteryDrawEvent))
          .filter((event) => event.gameId === draw.gameId && event.numero === draw.numero),
      restore: () => spy.mockRestore(),
    };
  };

  it('opens, locks, draws from the committed seed and settles, announcing after each commit', async () => {
    const heard = broadcasts();
    // Start's catch-up ran the engine at 15:40:00 local: the draw opened with its seed hash.
    await runEngineAt('2026-01-01T08:40:05Z');
    expect((await stateOf()).state).toBe('open');
    await runEngineAt('2026-01-01T08:40:45Z');
    expect((await stateOf()).state).toBe('open');
    await runEngineAt('2026-01-01T08:40:50Z');
    const locked = await stateOf();
    expect(locked.state).toBe('locked');
    await vi.waitFor(() => expect(heard.events().map((event) => event.state)).toContain('locked'));
    // Until the draw, nothing announced carries the seed or numbers.
    for (const event of heard.events()) {
      expect(event.seed).toBeNull();
      expect(event.numbers).toBeNull();
      expect(event.seedHash).toBe(locked.seed_hash);
    }
    expect(
      await rows(sql`SELECT 1 FROM lottery_results WHERE game_id = ${draw.gameId}
        AND numero = ${draw.numero}`),
    ).toHaveLength(0);

    await runEngineAt('2026-01-01T08:41:00Z');
    const done = await stateOf();
    expect(done).toMatchObject({ state: 'settled', result_revision: 1 });
    const [result] = await rows<{ numbers: string[]; source: string; revision: number }>(sql`
      SELECT numbers, source, revision FROM lottery_results
      WHERE game_id = ${draw.gameId} AND numero = ${draw.numero}`);
    expect(result).toMatchObject({ source: 'rng', revision: 1 });
    expect(result!.numbers).toEqual(drawNumbers(done.seed!, draw.gameId, draw.numero, 'north27'));
    await vi.waitFor(() =>
      expect(heard.events().map((event) => event.state)).toEqual([
        ...heard
          .events()
          .map((event) => event.state)
          .filter((s) => s === 'open'),
        'locked',
        'drawn',
        'settled',
      ]),
    );
    const drawn = heard.events().find((event) => event.state === 'drawn')!;
    expect(drawn.numbers).toEqual(result!.numbers);
    expect(
      verifyDraw({
        seed: drawn.seed!,
        seedHash: locked.seed_hash!,
        gameId: draw.gameId,
        numero: draw.numero,
        layout: 'north27',
        numbers: drawn.numbers!,
      }),
    ).toEqual({ seedMatches: true, numbersMatch: true });
    heard.restore();
  });

  it('does nothing twice: a rerun of the period and a second engine at the same instant', async () => {
    expect(await runEngineAt('2026-01-01T08:41:00Z')).toBe('already-run');
    const other = createDrawEngine({
      db: site.database.db,
      ledger: site.app.wallet.ledger,
      publisher: { broadcast: () => {}, publishMany: async () => [] },
      clock: clock.now,
      log: site.app.log,
      keys: site.app.outcomeKeys,
    });
    const again = await site.database.db.transaction((tx) => other.step(tx, clock.now()));
    expect(again).toMatchObject({ opened: 0, locked: 0, drawn: 0, bets: [], draws: [] });
    const results = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM lottery_results
      WHERE game_id = ${draw.gameId} AND numero = ${draw.numero}`);
    expect(results[0]!.n).toBe(1);
  });

  it('catches up after downtime: every overdue in-house draw drawn and settled in one run', async () => {
    await runEngineAt('2026-01-01T08:50:02Z');
    const states = await rows<{ numero: string; state: string }>(sql`
      SELECT numero, state FROM lottery_draws
      WHERE game_id = 'VN_FAST_1' AND draws_at <= '2026-01-01T08:50:00Z' ORDER BY numero`);
    expect(states.length).toBe(10);
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(['settled']));
    // Regional draws are never drawn by the engine: they wait, locked, for their result.
    const north = await rows<{ state: string }>(sql`
      SELECT state FROM lottery_draws WHERE game_id = 'VN_MB' AND numero = '20260101'`);
    expect(north[0]!.state).toBe('open');
  });
});

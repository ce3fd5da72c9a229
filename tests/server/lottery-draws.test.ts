import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { numeroSchema } from '../../src/contract/lottery.ts';
import { seedHashOf } from '../../src/contract/lottery-draw.ts';
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

  it('makes the draws ahead at start: numeros, times in the game zone, sealed seeds', async () => {
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
    for (const draw of [...fast, ...of('VN_FAST_3')]) {
      expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(draw.seed_hash).toBe(seedHashOf(draw.seed!));
    }
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
    expect(await generatePeriods(site.database.db, clock.now())).toBe(0);
    const seeds = await rows<{ seed: string }>(
      sql`SELECT seed FROM lottery_draws WHERE game_id = 'VN_FAST_1' ORDER BY draws_at LIMIT 1`,
    );
    // Just before local midnight (16:58:30 UTC), the draws cross into the next day from 0001.
    const late = new Date('2026-01-01T16:58:30Z');
    expect(await generatePeriods(site.database.db, late)).toBeGreaterThan(0);
    const crossing = await rows<DrawRow>(sql`
      SELECT numero, draws_at FROM lottery_draws WHERE game_id = 'VN_FAST_1'
        AND draws_at BETWEEN '2026-01-01T16:59:00Z' AND '2026-01-01T17:01:00Z'
      ORDER BY draws_at`);
    expect(crossing.map((draw) => draw.numero)).toEqual([
      '202601011440',
      '202601020001',
      '202601020002',
    ]);
    const after = await rows<{ seed: string }>(
      sql`SELECT seed FROM lottery_draws WHERE game_id = 'VN_FAST_1' ORDER BY draws_at LIMIT 1`,
    );
    expect(after[0]?.seed).toBe(seeds[0]?.seed);
    expect(before[0]!.n).toBeGreaterThan(200);
  });
});

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  lotteryMenuTags,
  lotteryPaths,
  type DrawView,
  type LotteryMenu,
  type OpenNumero,
} from '../../src/contract/lottery.ts';
import { drawNumbers, seedHashOf, verifyDraw } from '../../src/contract/lottery-draw.ts';
import { defaultGameConfig } from '../../src/server/areas/lottery/lottery.seed-steps.ts';
import { createLobbyService } from '../../src/server/areas/lottery/lobby.service.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { createMember } from '../support/identity.ts';
import { call, manualClock, testSite } from '../support/server.ts';

// Tuesday 2026-03-10 12:00 in Vietnam (UTC+7).
const start = new Date('2026-03-10T05:00:00Z');
const clock = manualClock(start);
// SITE_CACHE_MS=0: each call reads the games, so a game added by a test is seen at once.
const site = testSite({ SITE_CACHE_MS: '0' }, { clock: clock.now });
const db = () => site.database.db;
// The draw engine's ticks stopped: this file writes each draw's state itself, and the lobby only
// reads them (the engine's own tests move them).
beforeAll(async () => {
  await site.app.ready();
  await site.app.scheduler.stop();
});
const at = (ms: number) => new Date(start.getTime() + ms).toISOString();

/**
 * A test game of our own beside the seeded ones: its schedule never fires within the period
 * generator's horizon, so its draws are only the ones written here.
 */
const game = 'LOBBY_TEST';
const other = 'LOBBY_OTHER';
async function addGame(gameId: string, sort: number) {
  await db().execute(sql`
    INSERT INTO lottery_games (game_id, names, region, menu_tag, layout, schedule, time_zone,
      draw_day_of_week, lock_seconds, source, remark, hot, sort, config)
    VALUES (${gameId}, ${JSON.stringify({ en: `Test ${gameId}`, hi: `परीक्षण ${gameId}`, bn: `পরীক্ষা ${gameId}` })}::jsonb,
      'fast', 'FAST', 'south18', '0 0 0 1 1 *', 'Asia/Ho_Chi_Minh', '1,2,3,4,5,6,7', 30,
      'rng', 'test remark', true, ${sort}, ${JSON.stringify(defaultGameConfig)}::jsonb)`);
}

type DrawSeed = {
  gameId?: string;
  numero: string;
  opensAt: number;
  locksAt: number;
  drawsAt: number;
  state: string;
  seed?: string;
  revision?: number;
};
async function addDraw(draw: DrawSeed) {
  const seed = draw.seed ?? randomBytes(32).toString('hex');
  await db().execute(sql`
    INSERT INTO lottery_draws (game_id, numero, opens_at, locks_at, draws_at, state, seed,
      seed_hash, result_revision)
    VALUES (${draw.gameId ?? game}, ${draw.numero}, ${at(draw.opensAt)}, ${at(draw.locksAt)},
      ${at(draw.drawsAt)}, ${draw.state}, ${seed}, ${seedHashOf(seed)}, ${draw.revision ?? 0})`);
  return seed;
}
async function addResult(numero: string, revision: number, numbers: string[]) {
  await db().execute(sql`
    INSERT INTO lottery_results (game_id, numero, revision, numbers, source)
    VALUES (${game}, ${numero}, ${revision}, ${JSON.stringify(numbers)}::jsonb, 'rng')`);
}

async function player() {
  const { member } = await createMember(db());
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  return { member, headers: { authorization: `Bearer ${token}` } };
}

let bets = 0;
async function addBet(memberId: number, gameId: string, numero: string, createdAt: number) {
  bets += 1;
  await db().execute(sql`
    INSERT INTO lottery_bets (slip_id, member_id, game_id, numero, bet_type, selection,
      unit_amount, stake, odds_x100, currency, created_at)
    VALUES (${`slip-${bets}`}, ${memberId}, ${gameId}, ${numero}, 'de', '27', 1000, 1000, 9500,
      'INR', ${at(createdAt)})`);
}

const get = <T>(url: string, headers: Record<string, string> = {}) =>
  call<T>(site.app, { url, headers: { 'accept-language': 'en', ...headers } });

const openSeed = { numero: '202603100001', opensAt: -60_000, locksAt: 90_000, drawsAt: 120_000 };
let drawnSeed = '';

describe('lottery lobby calls', () => {
  it('sets up a test game with an open draw and past draws', async () => {
    await addGame(game, 1);
    await addGame(other, 2);
    await addDraw({ ...openSeed, state: 'open' });
    // The next draw: not open yet.
    await addDraw({
      numero: '202603100002',
      opensAt: 120_000,
      locksAt: 210_000,
      drawsAt: 240_000,
      state: 'scheduled',
    });
    // Past draws: settled with a correction (revision 2 in force), drawn, called off, and one
    // locked whose result is late.
    drawnSeed = await addDraw({
      numero: '202603090003',
      opensAt: -900_000,
      locksAt: -630_000,
      drawsAt: -600_000,
      state: 'settled',
      revision: 2,
    });
    await addResult('202603090003', 1, drawNumbers(drawnSeed, game, '202603090003', 'south18'));
    await addResult(
      '202603090003',
      2,
      drawNumbers(drawnSeed, game, '202603090003', 'south18').reverse(),
    );
    const drawn = await addDraw({
      numero: '202603090004',
      opensAt: -600_000,
      locksAt: -330_000,
      drawsAt: -300_000,
      state: 'drawn',
      revision: 1,
    });
    await addResult('202603090004', 1, drawNumbers(drawn, game, '202603090004', 'south18'));
    await addDraw({
      numero: '202603090005',
      opensAt: -300_000,
      locksAt: -230_000,
      drawsAt: -200_000,
      state: 'cancelled',
    });
    await addDraw({
      numero: '202603090006',
      opensAt: -200_000,
      locksAt: -70_000,
      drawsAt: -60_000,
      state: 'locked',
    });
  });

  it('gameMenu: the four tags with their games, each with its open draw timed on the server clock', async () => {
    const reply = await get<LotteryMenu>(`${lotteryPaths.gameMenu}?device=WEB`);
    expect(reply.status).toBe(200);
    const menu = reply.body.value!;
    expect(menu.map((tag) => tag.tag)).toEqual([...lotteryMenuTags]);
    for (const tag of menu) {
      expect(tag.gameMenus.length, tag.tag).toBeGreaterThan(0);
      for (const entry of tag.gameMenus) expect(entry.gameMenuTag).toBe(tag.tag);
    }
    const fast = menu.find((tag) => tag.tag === 'FAST')!.gameMenus;
    const ours = fast.find((entry) => entry.gameId === game)!;
    expect(ours).toMatchObject({
      gameName: `Test ${game}`,
      remark: 'test remark',
      drawDayOfWeek: '1,2,3,4,5,6,7',
      numero: openSeed.numero,
      remainTime: 90_000,
      lockTime: 30_000,
      winningTime: at(openSeed.drawsAt),
      nextOpenTime: 0,
      nextWinningTime: at(openSeed.drawsAt),
      // Its schedule draws once a year: not a game of draws all day.
      drawEveryMinutes: null,
      accountTypeName: 'TCG_LOTTO_VN',
      layout: 'south18',
      region: 'fast',
      isHot: 1,
    });
    expect(ours.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(ours.betTypes.find((b) => b.betType === 'de')).toEqual({
      betType: 'de',
      ...defaultGameConfig.betTypes.de,
    });
    expect(ours.betTypes).toHaveLength(9);
    // No seed anywhere in the menu.
    expect(JSON.stringify(reply.body)).not.toMatch(/"seed"/);

    // The seeded fast games have their generated draws open now.
    const seeded = fast.filter((entry) => entry.gameId !== game && entry.gameId !== other);
    expect(seeded.length).toBeGreaterThan(0);
    for (const entry of seeded) {
      expect(entry.numero, entry.gameId).not.toBeNull();
      expect(entry.remainTime).toBeGreaterThan(0);
    }
    // When each game draws comes as data the page words in its own language (issue 34): the
    // fast games' minutes, the regional games' next draw time (their remark is not for show).
    expect(
      ['VN_FAST_1', 'VN_FAST_3', 'VN_FAST_5'].map(
        (id) => fast.find((entry) => entry.gameId === id)?.drawEveryMinutes,
      ),
    ).toEqual([1, 3, 5]);
    const north = menu.find((tag) => tag.tag === 'NORTH')!.gameMenus[0]!;
    expect(north).toMatchObject({ gameId: 'VN_MB', drawEveryMinutes: null });
    // 18:15 in Hanoi, 11:15 UTC: today's draw is still open at 12:00 local.
    expect(north.nextWinningTime).toBe('2026-03-10T11:15:00.000Z');

    // In the request's language.
    const hindi = await get<LotteryMenu>(lotteryPaths.gameMenu, { 'accept-language': 'hi' });
    const hi = hindi.body.value!.find((t) => t.tag === 'FAST')!.gameMenus;
    expect(hi.find((entry) => entry.gameId === game)!.gameName).toBe(`परीक्षण ${game}`);
  });

  it('remainTime follows the server clock; after the lock no draw is open until the next opens', async () => {
    const find = async () =>
      (await get<OpenNumero[]>(`${lotteryPaths.openedNumero}?gameIds=${game}`)).body.value![0]!;
    clock.advance(1_000);
    expect((await find()).remainTime).toBe(89_000);
    expect((await find()).nextOpenTime).toBe(0);
    clock.advance(89_000);
    // Closed: no draw open, and when the next one (202603100002 at +120 s) opens.
    expect(await find()).toMatchObject({
      numero: null,
      remainTime: 0,
      winningTime: null,
      seedHash: null,
      nextOpenTime: 30_000,
    });
    clock.advance(10_000);
    expect((await find()).nextOpenTime).toBe(20_000);
    clock.advance(20_000);
    expect(await find()).toMatchObject({
      numero: '202603100002',
      remainTime: 90_000,
      nextOpenTime: 0,
    });
    clock.advance(-120_000);
    expect((await find()).remainTime).toBe(90_000);
  });

  it('openedNumero: every game, or the chosen ones in their order; bad and unknown ids refused', async () => {
    const all = await get<OpenNumero[]>(lotteryPaths.openedNumero);
    expect(all.status).toBe(200);
    const ids = all.body.value!.map((entry) => entry.gameId);
    expect(ids).toContain(game);
    expect(ids).toContain('VN_MB');
    const chosen = await get<OpenNumero[]>(`${lotteryPaths.openedNumero}?gameIds=${other},${game}`);
    expect(chosen.body.value).toEqual([
      {
        gameId: other,
        numero: null,
        remainTime: 0,
        lockTime: 30_000,
        winningTime: null,
        seedHash: null,
        nextOpenTime: null,
      },
      {
        gameId: game,
        numero: openSeed.numero,
        remainTime: 90_000,
        lockTime: 30_000,
        winningTime: at(openSeed.drawsAt),
        seedHash: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
        nextOpenTime: 0,
      },
    ]);
    const bad = await get(`${lotteryPaths.openedNumero}?gameIds=${game},bad id`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'bad_request' });
    const unknown = await get(`${lotteryPaths.openedNumero}?gameIds=NO_SUCH_GAME`, {
      'accept-language': 'hi',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'game_not_found', message: 'यह गेम नहीं मिला।' });
  });

  it('openedNumeros: past draws newest first with the result in force; seed only once drawn', async () => {
    const reply = await get<DrawView[]>(`${lotteryPaths.openedNumeros}?gameId=${game}&count=100`);
    expect(reply.status).toBe(200);
    const board = reply.body.value!;
    expect(board.map((d) => [d.numero, d.state])).toEqual([
      ['202603090006', 'locked'],
      ['202603090005', 'cancelled'],
      ['202603090004', 'drawn'],
      ['202603090003', 'settled'],
    ]);
    const [locked, cancelled, drawn, settled] = board as [DrawView, DrawView, DrawView, DrawView];
    expect(locked).toMatchObject({ seed: null, numbers: null, source: null, revision: 0 });
    expect(locked.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(cancelled).toMatchObject({ seed: null, numbers: null });
    expect(settled).toMatchObject({
      seed: drawnSeed,
      revision: 2,
      source: 'rng',
      layout: 'south18',
    });
    // The correction (revision 2) is the result in force.
    expect(settled.numbers).toEqual(
      drawNumbers(drawnSeed, game, '202603090003', 'south18').reverse(),
    );
    expect(
      verifyDraw({
        seed: drawn.seed!,
        seedHash: drawn.seedHash!,
        gameId: game,
        numero: drawn.numero,
        layout: 'south18',
        numbers: drawn.numbers!,
      }),
    ).toEqual({ seedMatches: true, numbersMatch: true });
    expect(drawn.winningTime).toBe(at(-300_000));

    const one = await get<DrawView[]>(`${lotteryPaths.openedNumeros}?gameId=${game}&count=1`);
    expect(one.body.value!.map((d) => d.numero)).toEqual(['202603090006']);
  });

  it('openedNumeros: count 0 or 101, a bad or unknown game refused with a translated error', async () => {
    for (const query of [
      `gameId=${game}&count=0`,
      `gameId=${game}&count=101`,
      `gameId=${game}&count=x`,
      'gameId=bad%20id',
      '',
    ]) {
      const reply = await get(`${lotteryPaths.openedNumeros}?${query}`, {
        'accept-language': 'hi',
      });
      expect(reply.status, query).toBe(400);
      expect(reply.body, query).toMatchObject({ success: false, code: 'bad_request' });
      expect((reply.body as { message: string }).message, query).toMatch(/[\u0900-\u097F]/);
    }
    const unknown = await get(`${lotteryPaths.openedNumeros}?gameId=NO_SUCH_GAME`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'game_not_found',
      message: 'This game was not found.',
    });
  });

  it('draw: one draw; the seed never before it is drawn', async () => {
    const path = (gameId: string, numero: string) =>
      lotteryPaths.draw.replace(':gameId', gameId).replace(':numero', numero);
    const open = await get<DrawView>(path(game, openSeed.numero));
    expect(open.status).toBe(200);
    expect(open.body.value).toMatchObject({
      gameId: game,
      numero: openSeed.numero,
      state: 'open',
      opensAt: at(openSeed.opensAt),
      locksAt: at(openSeed.locksAt),
      winningTime: at(openSeed.drawsAt),
      seed: null,
      numbers: null,
      revision: 0,
    });
    const stored = (await db().execute(
      sql`SELECT seed FROM lottery_draws WHERE game_id = ${game} AND numero = ${openSeed.numero}`,
    )) as unknown as { rows: { seed: string }[] };
    expect(JSON.stringify(open.body)).not.toContain(stored.rows[0]!.seed);
    for (const numero of ['202603090006', '202603090005']) {
      expect((await get<DrawView>(path(game, numero))).body.value!.seed, numero).toBeNull();
    }
    const settled = await get<DrawView>(path(game, '202603090003'));
    expect(settled.body.value).toMatchObject({ seed: drawnSeed, revision: 2 });

    expect((await get(path(game, '202603099999'))).status).toBe(404);
    expect((await get(path('NO_SUCH_GAME', '202603090003'))).body).toMatchObject({
      code: 'game_not_found',
    });
    for (const [gameId, numero] of [
      [game, 'abc'],
      [game, '12345'],
      ['bad-id', '202603090003'],
    ] as const) {
      const reply = await get(path(gameId, numero));
      expect(reply.status, `${gameId} ${numero}`).toBe(400);
      expect(reply.body).toMatchObject({ code: 'bad_request' });
    }
  });

  it("recent: the member's games by last bet, most recent first; others see their own", async () => {
    const alice = await player();
    const bob = await player();
    await addBet(alice.member.id, game, '202603090004', -500_000);
    await addDraw({
      gameId: other,
      numero: '202603090004',
      opensAt: -600_000,
      locksAt: -330_000,
      drawsAt: -300_000,
      state: 'drawn',
    });
    await addBet(alice.member.id, other, '202603090004', -400_000);
    await addBet(bob.member.id, other, '202603090004', -100_000);
    const path = `${lotteryPaths.recent}?prizeMode=Elott&device=WEB&recentCount=100`;
    const mine = await get<LotteryMenu>(path, alice.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.value!.flatMap((t) => t.gameMenus.map((g) => g.gameId))).toEqual([
      other,
      game,
    ]);
    // A later bet moves its game first.
    await addBet(alice.member.id, game, openSeed.numero, -50_000);
    const again = await get<LotteryMenu>(path, alice.headers);
    const games = again.body.value!.flatMap((t) => t.gameMenus);
    expect(games.map((g) => g.gameId)).toEqual([game, other]);
    expect(games[0]).toMatchObject({ numero: openSeed.numero, remainTime: 90_000 });
    const one = await get<LotteryMenu>(`${lotteryPaths.recent}?recentCount=1`, alice.headers);
    expect(one.body.value!.flatMap((t) => t.gameMenus.map((g) => g.gameId))).toEqual([game]);
    const bobs = await get<LotteryMenu>(path, bob.headers);
    expect(bobs.body.value!.flatMap((t) => t.gameMenus.map((g) => g.gameId))).toEqual([other]);

    expect((await get(path)).status).toBe(401);
    // One spelling of the prize modes, the spec's (Lott, ZY, Elott, SEA), on every call.
    for (const query of ['recentCount=0', 'recentCount=101', 'prizeMode=XX', 'prizeMode=LOTT']) {
      const reply = await get(`${lotteryPaths.recent}?${query}`, alice.headers);
      expect(reply.status, query).toBe(400);
    }
  });

  it('lobbyLaunch: our own lottery page; backUrl only to this site, else a translated 400', async () => {
    const { headers } = await player();
    const launch = (
      query: string,
      extra: Record<string, string> = {},
      base = 'lottoArea=VN&launchMode=LOTT&',
    ) =>
      call<{ url: string }>(site.app, {
        url: `${lotteryPaths.lobbyLaunch}?${base}${query}`,
        headers: { host: 'site.test', 'accept-language': 'en', ...headers, ...extra },
      });
    const betting = await launch(`view=betting&gameId=${game}&language=bn`);
    expect(betting.status).toBe(200);
    expect(betting.body.value).toEqual({
      url: `/vnlottery?view=betting&gameId=${game}&language=bn`,
    });
    const lobby = await launch(`view=lobby&backUrl=${encodeURIComponent('/lottery?x=1')}`);
    expect(lobby.body.value).toEqual({
      url: `/vnlottery?view=lobby&backUrl=${encodeURIComponent('/lottery?x=1')}&language=en`,
    });
    for (const backUrl of [
      'https://site.test/home',
      'http://site.test:8080/',
      'https://a.example.test/',
    ]) {
      const reply = await launch(`view=lobby&backUrl=${encodeURIComponent(backUrl)}`);
      expect(reply.status, backUrl).toBe(200);
    }
    for (const backUrl of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'https://site.test.evil.test/',
      'https://user@evil.test/',
      'data:text/html,hi',
    ]) {
      const reply = await launch(`view=lobby&backUrl=${encodeURIComponent(backUrl)}`, {
        'accept-language': 'hi',
      });
      expect(reply.status, backUrl).toBe(400);
      expect(reply.body, backUrl).toMatchObject({
        success: false,
        code: 'bad_request',
        message: 'वापसी का पता (backUrl) इसी साइट का होना चाहिए।',
      });
    }
    expect((await launch('view=betting&gameId=NO_SUCH_GAME')).status).toBe(404);
    expect((await launch('view=betting')).status).toBe(400);
    expect((await launch('lottoArea=XX&launchMode=LOTT', {}, '')).status).toBe(400);
    expect((await launch('lottoArea=VN&launchMode=ELOTT', {}, '')).status).toBe(400);
    expect((await launch('view=other')).status).toBe(400);
    const anonymous = await call(site.app, {
      url: `${lotteryPaths.lobbyLaunch}?view=lobby`,
    });
    expect(anonymous.status).toBe(401);
  });

  it('gameMenu: two statements with nothing kept; with the games kept, one (the draws, read fresh)', async () => {
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query.bind(client);
    const statements: string[] = [];
    const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
      const [first] = args;
      const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
      if (/lottery_/.test(text)) statements.push(text);
      return original(...args);
    });
    try {
      expect((await get(lotteryPaths.gameMenu)).status).toBe(200);
      expect(statements).toHaveLength(2);
      statements.length = 0;
      // The service as deployed: the games kept (SITE_CACHE_MS), the draws read on every call.
      const lobby = createLobbyService({
        db: db(),
        clock: clock.now,
        gamesTtlMs: 60_000,
        siteDomains: [],
      });
      const first = await lobby.gameMenu('en');
      expect(statements).toHaveLength(2);
      clock.advance(5_000);
      const second = await lobby.gameMenu('en');
      expect(statements).toHaveLength(3);
      const remain = (menu: typeof first) =>
        menu.flatMap((t) => t.gameMenus).find((g) => g.gameId === game)!.remainTime;
      expect(remain(first) - remain(second)).toBe(5_000);
    } finally {
      spy.mockRestore();
      clock.advance(-5_000);
    }
  });

  it('the seed appears once the engine has drawn the draw, and verifies against its hash', async () => {
    const numero = '202603100099';
    const path = lotteryPaths.draw.replace(':gameId', game).replace(':numero', numero);
    // A draw already closed, its draw time 10 s ahead.
    await addDraw({ numero, opensAt: -50_000, locksAt: -1_000, drawsAt: 10_000, state: 'locked' });
    const before = await get<DrawView>(path);
    expect(before.body.value).toMatchObject({ state: 'locked', seed: null, numbers: null });
    clock.advance(15_000);
    try {
      await site.app.scheduler.runDue(clock.now());
      const after = (await get<DrawView>(path)).body.value!;
      expect(['drawn', 'settled']).toContain(after.state);
      expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(after.seedHash).toBe(before.body.value!.seedHash);
      expect(
        verifyDraw({
          seed: after.seed!,
          seedHash: after.seedHash!,
          gameId: game,
          numero,
          layout: 'south18',
          numbers: after.numbers!,
        }),
      ).toEqual({ seedMatches: true, numbersMatch: true });
      const board = await get<DrawView[]>(`${lotteryPaths.openedNumeros}?gameId=${game}&count=1`);
      expect(board.body.value![0]).toMatchObject({ numero, seed: after.seed, revision: 1 });
    } finally {
      clock.advance(-15_000);
    }
  });
});

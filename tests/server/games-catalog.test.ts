import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { GameCategory } from '../../src/contract/routes.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { games } from '../../src/server/areas/games/games.schema.ts';
import {
  gamesPaths,
  type FavoriteIds,
  type GamePage,
  type gameMenusSchema,
  type hotGamesSchema,
  type popularSchema,
  type rankListSchema,
  type recentGamesSchema,
  type favoriteListSchema,
  type roomListSchema,
  type vassGameTypeSchema,
} from '../../src/contract/games.ts';
import type { z } from 'zod';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import { addProvider, launch, signedCall, uid } from '../support/seamless.ts';
import { walletOpsPaths } from '../../src/contract/wallet.ts';
import {
  seamlessPaths,
  type AuthenticateReply,
  type TransactionReply,
} from '../../src/contract/seamless.ts';
import { maskName } from '../../src/server/areas/games/catalog.service.ts';
import { createMember } from '../support/identity.ts';
import { rowCounts } from '../support/row-counts.ts';

const clock = manualClock();
const site = testSite({ DEMO_CATALOG: 'full' }, { clock: clock.now });
const db = (): Db => site.database.db;

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

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

const list = async (params: Record<string, string | number>, language = 'en') => {
  const reply = await call<GamePage>(site.app, {
    url: `${gamesPaths.gameList}?${query({ language, ...params })}`,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const value = reply.body.value;
  if (!value) throw new Error('no value');
  return value;
};

describe('the games catalog', () => {
  it('holds about 10,000 demo games over the demo vendors and the built-in provider games', async () => {
    const [all] = await db().select({ n: count() }).from(games);
    expect(all?.n).toBeGreaterThanOrEqual(10_000);
    const builtin = await db().select().from(games).where(eq(games.vassalage, 'BUILTIN'));
    expect(builtin.map((game) => game.gameCode).sort()).toEqual(['crash', 'dice', 'slot']);
    expect(new Set(builtin.map((game) => game.gameType))).toEqual(new Set(['RNG']));
  });

  it('keeps the name search trigram index of migration 0019 (the seed builds it after its insert)', async () => {
    const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
      ((await db().execute(query)) as unknown as { rows: Row[] }).rows;
    const indexes = await rowsOf<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'games_search_trgm_idx'`,
    );
    expect(indexes.map((row) => row.indexdef)).toEqual([
      'CREATE INDEX games_search_trgm_idx ON public.games USING gin (search_text gin_trgm_ops)',
    ]);
    // The planner uses it for a name search (PGlite gathers no statistics on its own).
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      sql`explain select node_id from games where search_text like '%golden tiger%'`,
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('games_search_trgm_idx');
  });

  it('GCSGAME_gameList: 15 a page with the spec fields, paging to the last page', async () => {
    const first = await list({ gameType: 'RNG' });
    expect(first.list).toHaveLength(15);
    expect(first.pageSize).toBe(15);
    expect(first.totalCount).toBe(6003);
    expect(first.totalPages).toBe(Math.ceil(6003 / 15));
    const game = first.list[0];
    expect(Object.keys(game ?? {}).sort()).toEqual(
      [
        'displayName',
        'gameClassify',
        'gameCode',
        'gameName',
        'gameType',
        'imageUrl',
        'isHot',
        'maintenance',
        'minBet',
        'minLineNum',
        'nodeId',
        'vassalage',
      ].sort(),
    );
    const second = await list({ gameType: 'RNG', pageNo: 2 });
    const firstIds = new Set(first.list.map((g) => g.nodeId));
    expect(second.list.some((g) => firstIds.has(g.nodeId))).toBe(false);
    const last = await list({ gameType: 'RNG', pageNo: first.totalPages });
    expect(last.list).toHaveLength(6003 - (first.totalPages - 1) * 15);
    const past = await list({ gameType: 'RNG', pageNo: first.totalPages + 1 });
    expect(past.list).toEqual([]);
    expect(past.totalCount).toBe(6003);
  });

  it('filters by vendor (any case), classify, min bet and lines', async () => {
    const vendor = await list({ vassalage: 'starslots' });
    expect(vendor.totalCount).toBe(500);
    expect(new Set(vendor.list.map((g) => g.vassalage))).toEqual(new Set(['STARSLOTS']));
    const classify = await list({ gameType: 'RNG', gameClassify: 'jackpot', pageSize: 15 });
    expect(classify.list.every((g) => g.gameClassify === 'jackpot')).toBe(true);
    const cheap = await list({ gameType: 'RNG', minBet: '0.05' });
    expect(cheap.totalCount).toBeGreaterThan(0);
    // The games with that minimum, not every game playable at that stake (issue 34).
    expect(new Set(cheap.list.map((g) => g.minBet))).toEqual(new Set(['5']));
    const cheapest = await list({ gameType: 'RNG', minBet: '0.01' });
    expect(new Set(cheapest.list.map((g) => g.minBet))).toEqual(new Set(['1']));
    const all = await list({ gameType: 'RNG' });
    expect(cheap.totalCount).toBeLessThan(all.totalCount);
    const lines = await list({ gameType: 'RNG', minLineNum: 9 });
    expect(lines.list.every((g) => g.minLineNum <= 9)).toBe(true);
    expect(lines.totalCount).toBeLessThan(all.totalCount);
  });

  it('searches names in EN, HI and BN, ignoring case and accents', async () => {
    const upper = await list({ gameName: 'CAFE TIGER' });
    const accented = await list({ gameName: 'café tiger' });
    expect(upper.totalCount).toBeGreaterThan(0);
    expect(accented.totalCount).toBe(upper.totalCount);
    expect(upper.list.every((g) => g.gameName.startsWith('Café Tiger'))).toBe(true);

    const jalapeno = await list({ gameName: 'jalapeno' });
    expect(jalapeno.totalCount).toBeGreaterThan(0);
    expect(jalapeno.list.every((g) => g.gameName.includes('Jalapeño'))).toBe(true);

    const hindi = await list({ gameName: 'सुनहरा बाघ' }, 'hi');
    expect(hindi.totalCount).toBeGreaterThan(0);
    expect(hindi.list.every((g) => g.gameName.startsWith('सुनहरा बाघ'))).toBe(true);
    // The nukta is ignored like an accent: खजाना finds ख़ज़ाना.
    const nukta = await list({ gameName: 'खजाना' }, 'hi');
    expect(nukta.totalCount).toBeGreaterThan(0);
    expect(nukta.list.every((g) => g.gameName.includes('ख़ज़ाना'))).toBe(true);

    const bengali = await list({ gameName: 'সোনালী বাঘ' }, 'bn');
    expect(bengali.totalCount).toBe(hindi.totalCount);
    expect(bengali.list.every((g) => g.gameName.startsWith('সোনালী বাঘ'))).toBe(true);

    // The same game found by its name in any language.
    const english = await list({ gameName: 'golden tiger' });
    expect(english.list.map((g) => g.nodeId)).toEqual(hindi.list.map((g) => g.nodeId));

    // LIKE's own characters are taken literally.
    expect((await list({ gameName: '%' })).totalCount).toBe(0);
    expect((await list({ gameName: 'rajwin slot' })).list.map((g) => g.gameCode)).toEqual(['slot']);
  });

  it('refuses bad input with a translated 400 and writes nothing', async () => {
    const before = await rowCounts(db());
    const bad: Record<string, string | number>[] = [
      { pageSize: 16 },
      { pageNo: 0 },
      { gameType: 'CASINO' },
      { clientType: 2 },
      { minBet: '0.001' },
      { minBet: 'abc' },
      { vassalage: 'A B' },
      { gameName: 'x'.repeat(61) },
      { unknown: 1 },
    ];
    for (const params of bad) {
      for (const [language, text] of [
        ['en', /not valid/],
        ['hi', /[\u0900-\u097f]/],
      ] as const) {
        const reply = await call(site.app, {
          url: `${gamesPaths.gameList}?${query(params)}`,
          headers: { 'accept-language': language },
        });
        expect(reply.status, JSON.stringify(params)).toBe(400);
        expect(reply.body).toMatchObject({ success: false, code: 'bad_request' });
        expect(reply.body.message).toMatch(text);
      }
    }
    const nul = await call(site.app, { url: `${gamesPaths.gameList}?gameName=a%00b` });
    expect(nul.status).toBe(400);
    expect(await rowCounts(db())).toEqual(before);
  });

  it('game_menus: every category with its name in the language, page and vendor counts', async () => {
    const reply = await call<z.infer<typeof gameMenusSchema>>(site.app, {
      url: `${gamesPaths.gameMenus}?language=bn`,
    });
    const menus = reply.body.value?.menus ?? [];
    const rng = menus.find((menu) => menu.gameType === 'RNG');
    expect(rng).toMatchObject({ name: 'স্লট', page: '/rng', gameCount: 6003 });
    expect(rng?.vendors.find((v) => v.vassalage === 'BUILTIN')?.gameCount).toBe(3);
    expect(menus.find((menu) => menu.gameType === 'LOTT')?.page).toBe('/lottery');
  });

  it('GCSGAME_getVassGameType: a vendor’s category and classifies', async () => {
    const reply = await call<z.infer<typeof vassGameTypeSchema>>(site.app, {
      url: `${gamesPaths.vassGameType}?vassalage=oceanking`,
    });
    expect(reply.body.value?.list).toEqual([
      {
        vassalage: 'OCEANKING',
        gameType: 'FISH',
        displayName: 'Ocean King',
        gameClassify: ['arcade', 'fishing'],
        maintenance: false,
      },
    ]);
  });

  it('GCSGAME_hotGamesV2: hot games by category (value.list) and the footer vendors', async () => {
    const reply = await call<z.infer<typeof hotGamesSchema>>(site.app, {
      url: `${gamesPaths.hotGames}?isPlatform=2&merchantCode=site&platform=W&language=hi`,
    });
    const value = reply.body.value;
    expect(value?.list.length).toBeGreaterThan(3);
    for (const group of value?.list ?? []) {
      expect(group.games.length).toBeGreaterThan(0);
      expect(group.games.length).toBeLessThanOrEqual(12);
      expect(group.games.every((g) => g.isHot === 1 && g.gameType === group.gameType)).toBe(true);
    }
    expect(value?.footer.map((v) => v.vassalage)).toContain('STARSLOTS');
    expect((await call(site.app, { url: `${gamesPaths.hotGames}?isPlatform=1` })).status).toBe(400);
  });

  it('/lgw/games/popular: the prize mode’s lottery games, 20 by default, most played first', async () => {
    const popular = async (query: string) => {
      const reply = await call<z.infer<typeof popularSchema>>(site.app, {
        url: `${gamesPaths.popular}?${query}`,
      });
      expect(reply.status).toBe(200);
      return reply.body.value?.list ?? [];
    };
    // The most played ELOTT and LOTT games, as the catalog counts their launches.
    const expected = async (gameTypes: GameCategory[], limit: number) =>
      (
        await db()
          .select({ nodeId: games.nodeId })
          .from(games)
          .where(and(inArray(games.gameType, gameTypes), eq(games.status, 'ACTIVE')))
          .orderBy(desc(games.popularity), asc(games.nodeId))
          .limit(limit)
      ).map((row) => row.nodeId);

    const elott = await popular('count=20&prizeMode=Elott&device=WEB&language=en');
    expect(elott).toHaveLength(20);
    expect(elott.every((game) => game.gameType === 'ELOTT')).toBe(true);
    expect(elott.map((game) => game.nodeId)).toEqual(await expected(['ELOTT'], 20));

    const lott = await popular('count=5&prizeMode=Lott&device=WEB');
    expect(lott.map((game) => game.nodeId)).toEqual(await expected(['LOTT'], 5));
    expect(lott.every((game) => game.gameType === 'LOTT')).toBe(true);

    // Without a prize mode: both lottery categories, never a slot or a live table.
    const both = await popular('');
    expect(both).toHaveLength(20);
    expect(both.map((game) => game.nodeId)).toEqual(await expected(['ELOTT', 'LOTT'], 20));

    // A launch counts: the game played most comes first in its prize mode's list.
    const last = elott.at(-1)!;
    await db()
      .update(games)
      .set({ popularity: sql`${games.popularity} + 100000` })
      .where(eq(games.nodeId, last.nodeId));
    const again = await popular('count=3&prizeMode=Elott&language=hi');
    expect(again[0]?.nodeId).toBe(last.nodeId);

    expect((await call(site.app, { url: `${gamesPaths.popular}?count=21` })).status).toBe(400);
    expect((await call(site.app, { url: `${gamesPaths.popular}?prizeMode=LOTT` })).status).toBe(
      400,
    );
  });

  it('GLS2_roomList: three bet tiers per PVP game', async () => {
    const reply = await call<z.infer<typeof roomListSchema>>(site.app, {
      url: `${gamesPaths.roomList}?vassalage=RUMMYCLUB&language=en`,
    });
    const rooms = reply.body.value?.list ?? [];
    expect(rooms.length).toBe(90);
    const [a, b, c] = rooms;
    expect([a?.level, b?.level, c?.level]).toEqual([1, 2, 3]);
    expect(BigInt(b?.minBet ?? 0)).toBe(BigInt(a?.minBet ?? 0) * 10n);
    expect((await call(site.app, { url: `${gamesPaths.roomList}?nodeId=x` })).status).toBe(400);
  });

  it('draws each game’s artwork as a cached SVG, the same bytes every time', async () => {
    const page = await list({ gameType: 'FISH' });
    const url = page.list[0]?.imageUrl ?? '';
    expect(url).toMatch(/^\/lgw\/games\/art\/\d+\.svg$/);
    const first = await site.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('image/svg+xml');
    expect(first.headers['cache-control']).toContain('max-age=86400');
    expect(first.body.startsWith('<svg')).toBe(true);
    // No words in any one language (issue 34: English initials on Hindi pages): the card's
    // title names the game in the page's language.
    const words = [...first.body.matchAll(/<text[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(words.every((word) => /^\d*$/.test(word ?? ''))).toBe(true);
    expect(first.body).not.toContain('aria-label');
    const again = await site.app.inject({ url });
    expect(again.body).toBe(first.body);
    const cached = await site.app.inject({
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect((await site.app.inject({ url: '/lgw/games/art/99999999.svg' })).statusCode).toBe(404);
    expect((await site.app.inject({ url: '/lgw/games/art/9999999999.svg' })).statusCode).toBe(404);
    expect((await site.app.inject({ url: '/lgw/games/art/x.png' })).statusCode).toBe(400);
  });
});

describe('favourites and recent games', () => {
  it('need a session', async () => {
    for (const url of [gamesPaths.favoriteIds, gamesPaths.favoriteList, gamesPaths.recentGames]) {
      const reply = await call(site.app, { url });
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('not_logged_in');
    }
    const add = await call(site.app, {
      method: 'POST',
      url: gamesPaths.addFavorite,
      payload: { nodeId: 1, vendor: 'STARSLOTS', gameType: 'RNG' },
    });
    expect(add.status).toBe(401);
  });

  it('add, list (paged, by category), ids, remove', async () => {
    const { headers } = await player();
    const rng = (await list({ gameType: 'RNG' })).list.slice(0, 2);
    const fish = (await list({ gameType: 'FISH' })).list[0];
    if (!fish) throw new Error('no fish game');
    for (const game of [...rng, fish]) {
      const reply = await call<FavoriteIds>(site.app, {
        method: 'POST',
        url: gamesPaths.addFavorite,
        headers,
        payload: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.value?.nodeIds).toContain(game.nodeId);
    }
    // Adding twice keeps one.
    const again = await call<FavoriteIds>(site.app, {
      method: 'POST',
      url: gamesPaths.addFavorite,
      headers,
      payload: { nodeId: fish.nodeId, vendor: fish.vassalage, gameType: fish.gameType },
    });
    expect(again.body.value?.nodeIds).toHaveLength(3);

    const ids = await call<FavoriteIds>(site.app, { url: gamesPaths.favoriteIds, headers });
    expect(new Set(ids.body.value?.nodeIds)).toEqual(
      new Set([...rng.map((g) => g.nodeId), fish.nodeId]),
    );
    const page = await call<z.infer<typeof favoriteListSchema>>(site.app, {
      url: `${gamesPaths.favoriteList}?pageNo=1&pageSize=2&language=en`,
      headers,
    });
    expect(page.body.value?.content).toHaveLength(2);
    expect(page.body.value?.totalPages).toBe(2);
    expect(page.body.value?.totalCount).toBe(3);
    const fishOnly = await call<z.infer<typeof favoriteListSchema>>(site.app, {
      url: `${gamesPaths.favoriteList}?gameType=FISH`,
      headers,
    });
    expect(fishOnly.body.value?.content.map((g) => g.nodeId)).toEqual([fish.nodeId]);

    const removed = await call<FavoriteIds>(site.app, {
      method: 'POST',
      url: gamesPaths.removeFavorite,
      headers,
      payload: { nodeId: fish.nodeId, vendor: fish.vassalage, gameType: fish.gameType },
    });
    expect(removed.body.value?.nodeIds).not.toContain(fish.nodeId);
    expect(removed.body.value?.nodeIds).toHaveLength(2);
  });

  it('refuses a favourite that does not match its game, or bad input, writing nothing', async () => {
    const { headers } = await player();
    const game = (await list({ gameType: 'RNG' })).list[0];
    if (!game) throw new Error('no game');
    const before = await rowCounts(db());
    const notFound = [
      { nodeId: game.nodeId, vendor: 'OCEANKING', gameType: game.gameType },
      { nodeId: game.nodeId, vendor: game.vassalage, gameType: 'FISH' },
      { nodeId: 2_000_000_000, vendor: game.vassalage, gameType: game.gameType },
    ];
    for (const payload of notFound) {
      const reply = await call(site.app, {
        method: 'POST',
        url: gamesPaths.addFavorite,
        headers,
        payload,
      });
      expect(reply.status).toBe(404);
    }
    const bad = [
      {},
      { nodeId: 0, vendor: game.vassalage, gameType: game.gameType },
      { nodeId: 2 ** 31, vendor: game.vassalage, gameType: game.gameType },
      { nodeId: '1', vendor: game.vassalage, gameType: game.gameType },
      { nodeId: game.nodeId, vendor: 'x\u0000', gameType: game.gameType },
      { nodeId: game.nodeId, vendor: game.vassalage, gameType: 'CASINO' },
      { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType, extra: 1 },
    ];
    for (const payload of bad) {
      const reply = await call(site.app, {
        method: 'POST',
        url: gamesPaths.addFavorite,
        headers: { ...headers, 'accept-language': 'bn' },
        payload,
      });
      expect(reply.status, JSON.stringify(payload)).toBe(400);
      expect(reply.body.code).toBe('bad_request');
      expect(reply.body.message).toMatch(/[\u0980-\u09ff]/);
    }
    expect(
      (await call(site.app, { url: `${gamesPaths.favoriteList}?pageSize=100`, headers })).status,
    ).toBe(400);
    expect(await rowCounts(db())).toEqual(before);
  });

  it('recent games: written by the port’s recordPlay, newest first, paged', async () => {
    const { member, headers } = await player();
    const picks = (await list({ gameType: 'PVP' })).list.slice(0, 3);
    for (const game of picks) {
      clock.advance(1000);
      await site.app.games.recordPlay(member.id, game.nodeId, db());
    }
    // Played again later: moves to the top, counted twice.
    const first = picks[0];
    if (!first) throw new Error('no game');
    clock.advance(60_000);
    await site.app.games.recordPlay(member.id, first.nodeId, db());
    const reply = await call<z.infer<typeof recentGamesSchema>>(site.app, {
      url: `${gamesPaths.recentGames}?clientType=3&pageNo=1&pageSize=2&language=en`,
      headers,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value?.totalPages).toBe(2);
    expect(reply.body.value?.totalCount).toBe(3);
    expect(reply.body.value?.list[0]?.nodeId).toBe(first.nodeId);
    const other = await player();
    const empty = await call<z.infer<typeof recentGamesSchema>>(site.app, {
      url: gamesPaths.recentGames,
      headers: other.headers,
    });
    expect(empty.body.value).toMatchObject({ list: [], totalPages: 0 });
    expect(
      (await call(site.app, { url: `${gamesPaths.recentGames}?clientType=1`, headers })).status,
    ).toBe(400);
  });
});

describe('the winner board', () => {
  it('GCSGAME_getRankList: the biggest recorded wins, masked names, at most limitNum', async () => {
    const [slot] = (await list({ vassalage: 'BUILTIN', gameName: 'slot' })).list;
    const [fish] = (await list({ gameType: 'FISH' })).list;
    if (!slot || !fish) throw new Error('no games');
    await site.app.games.recordWin({
      memberId: null,
      memberName: 'rajesh77',
      nodeId: slot.nodeId,
      amount: 250_000n,
    });
    await site.app.games.recordWin({
      memberId: null,
      memberName: 'priya',
      nodeId: fish.nodeId,
      amount: 900_000n,
    });
    await site.app.games.recordWin({
      memberId: null,
      memberName: 'nobody',
      nodeId: fish.nodeId,
      amount: 0n,
    });
    const reply = await call<z.infer<typeof rankListSchema>>(site.app, {
      url: `${gamesPaths.rankList}?gameCategory=ALL&limitNum=50&language=hi`,
    });
    const board = reply.body.value?.list ?? [];
    expect(board.map((row) => row.vo.amount)).toEqual(['900000', '250000']);
    expect(board[0]?.vo).toMatchObject({ memberName: 'p***a', gameType: 'FISH' });
    expect(board[1]?.vo).toMatchObject({ memberName: 'ra***77', gameName: 'राजविन स्लॉट' });
    const rngOnly = await call<z.infer<typeof rankListSchema>>(site.app, {
      url: `${gamesPaths.rankList}?gameCategory=RNG`,
    });
    expect(rngOnly.body.value?.list.map((row) => row.vo.nodeId)).toEqual([slot.nodeId]);
    const one = await call<z.infer<typeof rankListSchema>>(site.app, {
      url: `${gamesPaths.rankList}?limitNum=1`,
    });
    expect(one.body.value?.list).toHaveLength(1);
    expect((await call(site.app, { url: `${gamesPaths.rankList}?limitNum=51` })).status).toBe(400);
  });

  it('masks a name to at most half its characters, two at each end at most', () => {
    expect(['rajesh77', 'priya', 'raj', 'ab', 'x', 'सुनहराबाघ'].map(maskName)).toEqual([
      'ra***77',
      'p***a',
      'r***',
      'a***',
      '***',
      'सु***ाघ',
    ]);
  });

  it("masks in the database as in the server: the seamless win's mask_name gives maskName's name", async () => {
    const names = ['rajesh77', 'priya', 'raj', 'ab', 'x', 'सुनहराबाघ', 'averyveryverylongname'];
    const masked: string[] = [];
    for (const name of names) {
      // Both drivers (PGlite, node-postgres) answer `rows`.
      const result = (await db().execute(sql`select mask_name(${name}) as masked`)) as unknown as {
        rows: { masked: string }[];
      };
      masked.push(result.rows[0]!.masked);
    }
    expect(masked).toEqual(names.map(maskName));
  });

  it('a real win through the seamless wallet shows the winner’s masked username, never the id', async () => {
    const provider = await addProvider(site.app, {}, db());
    const username = `kavita${randomBytes(3).toString('hex')}`;
    const { member } = await createMember(db(), { username });
    const token = randomBytes(32).toString('base64url');
    await db()
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        memberId: member.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    const headers = { authorization: `Bearer ${token}` };
    const credit = await call(site.app, {
      method: 'POST',
      url: walletOpsPaths.adjustment,
      headers: opsHeaders,
      payload: {
        memberId: member.id,
        amount: '100000',
        reason: 'test credit',
        idempotencyKey: uid('adj'),
      },
    });
    expect(credit.status).toBe(200);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const send = (path: string, body: unknown) =>
      signedCall<TransactionReply>(site.app, provider, path, body, { timestamp });
    const { launchToken } = await launch(site.app, headers, provider.vassalage);
    const auth = await signedCall<AuthenticateReply>(
      site.app,
      provider,
      seamlessPaths.authenticate,
      { launchToken },
      { timestamp },
    );
    const session = {
      sessionToken: auth.body.value?.sessionToken ?? '',
      playerId: String(member.id),
    };
    const roundId = uid('round');
    const betId = uid('bet');
    const bet = await send(seamlessPaths.bet, {
      ...session,
      transactionId: betId,
      roundId,
      gameCode: 'slot-1',
      amount: '1000',
      currency: 'INR',
    });
    expect(bet.body).toMatchObject({ success: true });
    const win = await send(seamlessPaths.win, {
      ...session,
      transactionId: uid('win'),
      roundId,
      betTransactionId: betId,
      gameCode: 'slot-1',
      amount: '5000000',
      currency: 'INR',
    });
    expect(win.body).toMatchObject({ success: true });
    const reply = await call<z.infer<typeof rankListSchema>>(site.app, {
      url: `${gamesPaths.rankList}?gameCategory=ALL&limitNum=50`,
    });
    const board = reply.body.value?.list ?? [];
    const row = board.find((entry) => entry.vo.amount === '5000000');
    expect(row?.vo.memberName).toBe(`ka***${username.slice(-2)}`);
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain(username);
    expect(text).not.toMatch(/member\d+/);
  });
});

describe('the games port', () => {
  it('finds a game by vendor and code and says whether it is playable', async () => {
    const slot = await site.app.games.findGame('builtin', 'slot');
    expect(slot).toMatchObject({
      vassalage: 'BUILTIN',
      gameType: 'RNG',
      gameCode: 'slot',
      playable: true,
      visible: true,
    });
    expect(slot?.gameName.bn).toBe('রাজউইন স্লট');
    expect(await site.app.games.findGame('BUILTIN', 'nothing')).toBeNull();
    expect(await site.app.games.findGameByNodeId(2 ** 40)).toBeNull();
  });
});

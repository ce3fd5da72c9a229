import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import {
  gamesOpsPaths,
  gamesPaths,
  type GamePage,
  type OpsGame,
  type hotGamesSchema,
  type gameMenusSchema,
} from '../../src/contract/games.ts';
import type { z } from 'zod';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { rowCounts } from '../support/row-counts.ts';

const site = testSite({ DEMO_CATALOG: 'full' });
const db = (): Db => site.database.db;

const list = async (params: Record<string, string>) => {
  const reply = await call<GamePage>(site.app, {
    url: `${gamesPaths.gameList}?${new URLSearchParams({ language: 'en', ...params }).toString()}`,
  });
  if (!reply.body.value) throw new Error(JSON.stringify(reply.body));
  return reply.body.value;
};

const lastAudit = async () => {
  const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
};

const newGame = {
  vassalage: 'JADESPIN',
  gameType: 'RNG',
  gameCode: 'jade_new_1',
  gameName: { hi: 'नया ज़ेड ड्रैगन', en: 'Nouvelle Jade Drágon', bn: 'নতুন জেড ড্রাগন' },
  gameClassify: 'slots',
  displayName: 'Jade Spin',
  minBet: '20',
  minLineNum: 10,
};

const patch = (nodeId: number, payload: Record<string, unknown>) =>
  call<OpsGame>(site.app, {
    method: 'PATCH',
    url: gamesOpsPaths.game.replace(':nodeId', String(nodeId)),
    headers: opsHeaders,
    payload,
  });

describe('the games operator API', () => {
  it('needs operator credentials', async () => {
    const before = await rowCounts(db());
    const reply = await call(site.app, {
      method: 'POST',
      url: gamesOpsPaths.games,
      payload: newGame,
    });
    expect(reply.status).toBe(401);
    expect(
      (await call(site.app, { method: 'PATCH', url: '/ops/games/1', payload: { isHot: 1 } }))
        .status,
    ).toBe(401);
    expect(await rowCounts(db())).toEqual(before);
  });

  it('adds a game, audited, found by its name in every language', async () => {
    const reply = await call<OpsGame>(site.app, {
      method: 'POST',
      url: gamesOpsPaths.games,
      headers: opsHeaders,
      payload: newGame,
    });
    expect(reply.status).toBe(200);
    const game = reply.body.value;
    expect(game).toMatchObject({ vassalage: 'JADESPIN', status: 'ACTIVE', minBet: '20' });
    expect(await lastAudit()).toMatchObject({
      actor: 'operator:ops-test',
      action: 'game.create',
      target: 'game:JADESPIN:jade_new_1',
      before: null,
    });
    for (const name of ['nouvelle jade dragon', 'नया जेड', 'নতুন জেড'])
      expect((await list({ gameName: name })).list.map((g) => g.nodeId)).toEqual([game?.nodeId]);
  });

  it('refuses bad or conflicting games with a 400 and writes nothing', async () => {
    const before = await rowCounts(db());
    const bad = [
      { ...newGame, gameCode: 'jade_new_1' }, // the vendor has it already
      { ...newGame, gameCode: 'x2', vassalage: 'NOSUCHVENDOR' },
      { ...newGame, gameCode: 'x3', gameType: 'FISH' }, // not the vendor's category
      { ...newGame, gameCode: 'x4', minBet: '0' },
      { ...newGame, gameCode: 'x5', minBet: '1.5' },
      { ...newGame, gameCode: 'x6', gameName: { hi: 'a', en: 'b' } },
      { ...newGame, gameCode: 'x7', gameName: { hi: 'a', en: 'b', bn: '\u0000' } },
      { ...newGame, gameCode: '' },
      { ...newGame, gameCode: 'x8', extra: true },
    ];
    for (const payload of bad) {
      const reply = await call(site.app, {
        method: 'POST',
        url: gamesOpsPaths.games,
        headers: { ...opsHeaders, 'accept-language': 'en' },
        payload,
      });
      expect(reply.status, JSON.stringify(payload)).toBe(400);
      expect(reply.body.code).toBe('bad_request');
    }
    expect((await patch(1, {})).status).toBe(400);
    expect((await patch(1, { status: 'GONE' })).status).toBe(400);
    expect((await patch(2 ** 31, { isHot: 1 })).status).toBe(400);
    expect((await patch(2_000_000_000, { isHot: 1 })).status).toBe(404);
    expect(await rowCounts(db())).toEqual(before);
  });

  it('edits, marks hot, disables and puts a game under maintenance, each audited', async () => {
    const [game] = (await list({ vassalage: 'NEONFRUIT' })).list;
    if (!game) throw new Error('no game');
    const renamed = await patch(game.nodeId, {
      gameName: { en: 'Zebra Crème Brûlée' },
      isHot: 1,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.value?.gameName.en).toBe('Zebra Crème Brûlée');
    expect((await lastAudit())?.action).toBe('game.update');
    expect((await list({ gameName: 'creme brulee' })).list.map((g) => g.nodeId)).toEqual([
      game.nodeId,
    ]);
    const hot = await call<z.infer<typeof hotGamesSchema>>(site.app, {
      url: gamesPaths.hotGames,
    });
    const neon = (await list({ vassalage: 'NEONFRUIT', isHot: '1' })).list.map((g) => g.nodeId);
    expect(neon).toContain(game.nodeId);
    expect(hot.status).toBe(200);

    await patch(game.nodeId, { maintenance: true });
    const audit = await lastAudit();
    expect(audit?.target).toBe(`game:${game.nodeId}`);
    expect(audit?.before).toMatchObject({ maintenance: false });
    expect(audit?.after).toMatchObject({ maintenance: true });
    expect((await list({ gameName: 'creme brulee' })).list[0]?.maintenance).toBe(true);
    expect((await site.app.games.findGameByNodeId(game.nodeId))?.playable).toBe(false);

    await patch(game.nodeId, { maintenance: false, status: 'DISABLED' });
    expect((await list({ gameName: 'creme brulee' })).totalCount).toBe(0);
    const found = await site.app.games.findGameByNodeId(game.nodeId);
    expect(found).toMatchObject({ visible: false, playable: false, status: 'DISABLED' });
    const search = await call<{ list: OpsGame[] }>(site.app, {
      url: `${gamesOpsPaths.games}?status=DISABLED&gameName=brulee`,
      headers: opsHeaders,
    });
    expect(search.body.value?.list.map((g) => g.nodeId)).toEqual([game.nodeId]);
  });

  it('puts a whole vendor under maintenance or disables it, audited', async () => {
    const vendorUrl = gamesOpsPaths.vendor.replace(':vassalage', 'DEEPSEA');
    const on = await call(site.app, {
      method: 'PUT',
      url: vendorUrl,
      headers: opsHeaders,
      payload: { maintenance: true },
    });
    expect(on.body.value).toEqual({ vassalage: 'DEEPSEA', maintenance: true, disabled: false });
    expect(await lastAudit()).toMatchObject({
      action: 'game_vendor.status',
      target: 'game_vendor:DEEPSEA',
      before: { maintenance: false },
      after: { maintenance: true },
    });
    const page = await list({ vassalage: 'DEEPSEA' });
    expect(page.list.every((g) => g.maintenance)).toBe(true);
    const [first] = page.list;
    expect((await site.app.games.findGame('DEEPSEA', first?.gameCode ?? ''))?.playable).toBe(false);

    await call(site.app, {
      method: 'PUT',
      url: vendorUrl,
      headers: opsHeaders,
      payload: { maintenance: false, disabled: true },
    });
    expect((await list({ vassalage: 'DEEPSEA' })).totalCount).toBe(0);
    const menus = await call<z.infer<typeof gameMenusSchema>>(site.app, {
      url: gamesPaths.gameMenus,
    });
    const fish = menus.body.value?.menus.find((menu) => menu.gameType === 'FISH');
    expect(fish?.vendors.map((v) => v.vassalage)).toEqual(['OCEANKING']);

    const before = await rowCounts(db());
    const audits = (
      await db().select().from(auditLog).where(eq(auditLog.action, 'game_vendor.status'))
    ).length;
    expect(
      (
        await call(site.app, {
          method: 'PUT',
          url: gamesOpsPaths.vendor.replace(':vassalage', 'NOSUCH'),
          headers: opsHeaders,
          payload: { maintenance: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(site.app, { method: 'PUT', url: vendorUrl, headers: opsHeaders, payload: {} }))
        .status,
    ).toBe(400);
    expect(await rowCounts(db())).toEqual(before);
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.action, 'game_vendor.status'))).length,
    ).toBe(audits);
  });
});

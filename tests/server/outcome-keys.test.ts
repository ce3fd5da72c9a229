import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltinPlayReply,
  type BuiltinSessionReply,
  builtinGamesPaths,
} from '../../src/contract/builtin-games.ts';
import { hashServerSeed } from '../../src/contract/builtin-games/fair.ts';
import { playRound } from '../../src/contract/builtin-games/verify.ts';
import { drawNumbers, seedHashOf, verifyDraw } from '../../src/contract/lottery-draw.ts';
import { type LaunchReply, launchPaths } from '../../src/contract/seamless.ts';
import { drawSeedOf, newDrawCommitment } from '../../src/server/areas/lottery/draw-seeds.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import { createOutcomeKeys } from '../../src/server/platform/keys/outcome-keys.ts';
import { player } from '../support/seamless.ts';
import {
  buildTestApp,
  call,
  createTestDatabase,
  manualClock,
  type TestDatabase,
} from '../support/server.ts';

const key = (id: string) => ({ id, key: randomBytes(32) });
const envOf = (...keys: { id: string; key: Buffer }[]) => ({
  OUTCOME_KEYS: keys.map((k) => `${k.id}:${k.key.toString('base64url')}`).join(','),
});
// 20 s into the current minute: the fast draw of the minute is open (it locks at 50 s); the
// seamless signatures, checked against this clock, stay within their window.
const clock = manualClock(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 20_000));

type DrawRow = {
  game_id: string;
  numero: string;
  state: string;
  draws_at: Date | string;
  seed: string | null;
  seed_hash: string;
  seed_key_id: string | null;
  seed_salt: string | null;
};
type SeedsRow = {
  player_id: string;
  server_seed: string | null;
  server_seed_hash: string;
  server_seed_key_id: string | null;
  client_seed: string;
  nonce: number;
  next_server_seed_key_id: string | null;
  next_server_seed_hash: string | null;
  previous_server_seed: string | null;
  previous_server_seed_hash: string | null;
  previous_client_seed: string | null;
  previous_nonce: number | null;
};

/** Issue 33: outcome keys rotate like TOTP_ENCRYPTION_KEYS, and old clear seeds are retired. */
describe('outcome keys: rotation and the seeds of an earlier version', () => {
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance | undefined;
  const k1 = key('k1');
  const k2 = key('k2');

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
  });
  afterAll(async () => {
    await app?.close();
    await database.close();
    await testDb.drop();
  });

  async function restart(env: Record<string, string>) {
    await app?.close();
    app = undefined;
    app = await buildTestApp(testDb, database, env, { clock: clock.now });
    await app.ready();
    await runEngineAt(app, clock.now());
    return app;
  }
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const drawOf = async (numero: string) =>
    (
      await rows<DrawRow>(sql`
        SELECT * FROM lottery_draws WHERE game_id = 'VN_FAST_1' AND numero = ${numero}`)
    )[0]!;
  const seedsOf = async (playerId: string) =>
    (await rows<SeedsRow>(sql`SELECT * FROM builtin_game_seeds WHERE player_id = ${playerId}`))[0]!;

  /** A built-in dice session of a new player, and its first round. */
  async function diceRound(site: FastifyInstance) {
    const { headers } = await player(site, database.db, 100_000n);
    const launched = await call<LaunchReply>(site, {
      url: `${launchPaths.launchGame}?gameCode=dice&vassalage=BUILTIN&language=en`,
      headers,
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const launchToken = new URL(launched.body.value!.url, 'http://site.test').searchParams.get(
      'token',
    )!;
    const session = await call<BuiltinSessionReply>(site, {
      method: 'POST',
      url: builtinGamesPaths.session,
      payload: { launchToken },
    });
    expect(session.status).toBe(200);
    const played = await call<BuiltinPlayReply>(site, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: { authorization: `Bearer ${session.body.value!.sessionToken}` },
      payload: { game: 'dice', stake: '100', bet: { direction: 'over', target: 4000 } },
    });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    return { playerId: session.body.value!.playerId, round: played.body.value!.round };
  }

  /** The engine's job at `at` (a tick of this node may hold it: then wait for it). */
  async function runEngineAt(site: FastifyInstance, at: Date) {
    clock.advance(Math.max(0, at.getTime() - clock.now().getTime()));
    for (;;) {
      const report = await site.scheduler.runDue(clock.now());
      if (report.runs.find((one) => one.job === 'lottery-draws')?.status !== 'busy') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('draws and verifies a draw committed under the old key after a new key is put first', async () => {
    const site = await restart(envOf(k1));
    const [open] = await rows<DrawRow>(sql`
      SELECT * FROM lottery_draws WHERE game_id = 'VN_FAST_1' AND state = 'open'
      ORDER BY draws_at LIMIT 1`);
    const [scheduled] = await rows<DrawRow>(sql`
      SELECT * FROM lottery_draws WHERE game_id = 'VN_FAST_1' AND state = 'scheduled'
      ORDER BY draws_at LIMIT 1`);
    expect(open).toMatchObject({ seed: null, seed_key_id: 'k1' });
    expect(scheduled).toMatchObject({ seed: null, seed_key_id: 'k1' });
    const { playerId, round } = await diceRound(site);
    const before = await seedsOf(playerId);
    expect(before).toMatchObject({ server_seed: null, server_seed_key_id: 'k1', nonce: 1 });

    // k2 first, k1 kept.
    await restart(envOf(k2, k1));
    // The open draw keeps its published commitment, under k1.
    expect(await drawOf(open!.numero)).toMatchObject({
      state: 'open',
      seed: null,
      seed_key_id: 'k1',
      seed_hash: open!.seed_hash,
    });
    // A scheduled draw (no bet on it yet) is committed again under k2.
    const recommitted = await drawOf(scheduled!.numero);
    expect(recommitted).toMatchObject({ state: 'scheduled', seed: null, seed_key_id: 'k2' });
    expect(recommitted.seed_hash).not.toBe(scheduled!.seed_hash);
    const [stale] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM lottery_draws
      WHERE state = 'scheduled' AND seed_key_id IS DISTINCT FROM 'k2' AND seed_hash IS NOT NULL`);
    expect(stale!.n).toBe(0);
    // The player's seed in use under k1 is revealed (its round verifies) and the pair renewed
    // under k2, the client seed kept.
    const after = await seedsOf(playerId);
    expect(after).toMatchObject({
      server_seed: null,
      server_seed_key_id: 'k2',
      next_server_seed_key_id: 'k2',
      client_seed: before.client_seed,
      nonce: 0,
      previous_server_seed_hash: before.server_seed_hash,
      previous_client_seed: before.client_seed,
      previous_nonce: 1,
    });
    expect(hashServerSeed(after.previous_server_seed!)).toBe(before.server_seed_hash);
    expect(
      playRound(
        { serverSeed: after.previous_server_seed!, clientSeed: round.clientSeed, nonce: 0 },
        { game: 'dice', bet: { direction: 'over', target: 4000 } },
      ).result,
    ).toEqual(round.result);

    // Without k1 while a draw committed under it is still to be drawn: the start refuses.
    await app?.close();
    app = undefined;
    await expect(buildTestApp(testDb, database, envOf(k2), { clock: clock.now })).rejects.toThrow(
      /no key "k1" for lottery draws not yet drawn \(OUTCOME_KEYS\)/,
    );

    // With k1 kept, the draw is drawn from its k1 seed, settled, and verifies.
    const again = await restart(envOf(k2, k1));
    await runEngineAt(again, new Date(open!.draws_at));
    const drawn = await drawOf(open!.numero);
    expect(drawn.state).toBe('settled');
    const seed = drawSeedOf(createOutcomeKeys([k1]), {
      gameId: 'VN_FAST_1',
      numero: open!.numero,
      seedKeyId: 'k1',
      seedSalt: open!.seed_salt!,
    });
    expect(drawn.seed).toBe(seed);
    const [result] = await rows<{ numbers: string[] }>(sql`
      SELECT numbers FROM lottery_results WHERE game_id = 'VN_FAST_1' AND numero = ${open!.numero}`);
    expect(result!.numbers).toEqual(drawNumbers(seed!, 'VN_FAST_1', open!.numero, 'north27'));
    expect(
      verifyDraw({
        seed: drawn.seed!,
        seedHash: open!.seed_hash,
        gameId: 'VN_FAST_1',
        numero: open!.numero,
        layout: 'north27',
        numbers: result!.numbers,
      }),
    ).toEqual({ seedMatches: true, numbersMatch: true });
  });

  it('retires the seeds an earlier version stored in clear, keeping what was published', async () => {
    // Rows as an earlier version wrote them: seeds in clear, no key id.
    const clearSeed = () => randomBytes(32).toString('hex');
    const [open] = await rows<DrawRow>(sql`
      SELECT * FROM lottery_draws WHERE game_id = 'VN_FAST_1' AND state = 'open'
      ORDER BY draws_at LIMIT 1`);
    const [scheduled] = await rows<DrawRow>(sql`
      SELECT * FROM lottery_draws WHERE game_id = 'VN_FAST_1' AND state = 'scheduled'
      ORDER BY draws_at LIMIT 1`);
    const openSeed = clearSeed();
    const scheduledSeed = clearSeed();
    await database.db.execute(sql`
      UPDATE lottery_draws SET seed = CASE numero WHEN ${open!.numero} THEN ${openSeed}
          ELSE ${scheduledSeed} END,
        seed_hash = CASE numero WHEN ${open!.numero} THEN ${seedHashOf(openSeed)}
          ELSE ${seedHashOf(scheduledSeed)} END,
        seed_key_id = NULL, seed_salt = NULL
      WHERE game_id = 'VN_FAST_1' AND numero IN (${open!.numero}, ${scheduled!.numero})`);
    const serverSeed = clearSeed();
    await database.db.execute(sql`
      INSERT INTO builtin_game_seeds (player_id, server_seed, server_seed_hash, client_seed, nonce)
      VALUES ('legacy-1', ${serverSeed}, ${hashServerSeed(serverSeed)}, 'old-client', 7)`);

    // (k1 stays listed: the slower fast games still have open draws committed under it.)
    const site = await restart(envOf(k2, k1));
    // The scheduled draw: its clear seed gone, a new commitment under k2.
    const recommitted = await drawOf(scheduled!.numero);
    expect(recommitted).toMatchObject({ seed: null, seed_key_id: 'k2' });
    expect(recommitted.seed_hash).not.toBe(seedHashOf(scheduledSeed));
    // The open draw: its published commitment kept, drawn from it.
    expect(await drawOf(open!.numero)).toMatchObject({
      seed: openSeed,
      seed_hash: seedHashOf(openSeed),
      seed_key_id: null,
    });
    await runEngineAt(site, new Date(open!.draws_at));
    const drawn = await drawOf(open!.numero);
    expect(drawn).toMatchObject({ state: 'settled', seed: openSeed });
    const [result] = await rows<{ numbers: string[] }>(sql`
      SELECT numbers FROM lottery_results WHERE game_id = 'VN_FAST_1' AND numero = ${open!.numero}`);
    expect(result!.numbers).toEqual(drawNumbers(openSeed, 'VN_FAST_1', open!.numero, 'north27'));
    // The built-in seed in use, stored in clear: revealed, and a new pair under k2.
    expect(await seedsOf('legacy-1')).toMatchObject({
      server_seed: null,
      server_seed_key_id: 'k2',
      next_server_seed_key_id: 'k2',
      client_seed: 'old-client',
      nonce: 0,
      previous_server_seed: serverSeed,
      previous_server_seed_hash: hashServerSeed(serverSeed),
      previous_client_seed: 'old-client',
      previous_nonce: 7,
    });
    const [clear] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM builtin_game_seeds WHERE server_seed IS NOT NULL`);
    expect(clear!.n).toBe(0);
  });

  it('never draws with another seed than the one committed: a key whose material changed refunds', async () => {
    const [open] = await rows<DrawRow>(sql`
      SELECT * FROM lottery_draws WHERE game_id = 'VN_FAST_1' AND state = 'open'
      ORDER BY draws_at LIMIT 1`);
    const commitment = newDrawCommitment(createOutcomeKeys([k1]), 'VN_FAST_1', open!.numero);
    await database.db.execute(sql`
      UPDATE lottery_draws SET seed_key_id = ${commitment.seedKeyId},
        seed_salt = ${commitment.seedSalt}, seed_hash = ${commitment.seedHash}
      WHERE game_id = 'VN_FAST_1' AND numero = ${open!.numero}`);
    // The id k1 is listed, but with other material: the start goes on, the seed cannot be made.
    const site = await restart(envOf(k2, key('k1')));
    await runEngineAt(site, new Date(open!.draws_at));
    expect(await drawOf(open!.numero)).toMatchObject({
      state: 'cancelled',
      seed: null,
      seed_hash: commitment.seedHash,
    });
    const [reason] = await rows<{ cancel_reason: string }>(sql`
      SELECT cancel_reason FROM lottery_draws WHERE game_id = 'VN_FAST_1' AND numero = ${open!.numero}`);
    expect(reason!.cancel_reason).toBe('seed_unavailable');
    expect(
      await rows(sql`SELECT 1 FROM lottery_results WHERE game_id = 'VN_FAST_1'
        AND numero = ${open!.numero}`),
    ).toHaveLength(0);
  });
});

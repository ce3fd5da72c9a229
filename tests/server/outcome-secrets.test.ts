import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type BuiltinPlayReply,
  type BuiltinRoundView,
  type BuiltinSeeds,
  type BuiltinSessionReply,
  builtinGamesPaths,
} from '../../src/contract/builtin-games.ts';
import type { DiceBet } from '../../src/contract/builtin-games/dice.ts';
import { playRound } from '../../src/contract/builtin-games/verify.ts';
import { drawNumbers, type LayoutName } from '../../src/contract/lottery-draw.ts';
import type { LaunchReply } from '../../src/contract/seamless.ts';
import { launchPaths } from '../../src/contract/seamless.ts';
import { drawSeedOf } from '../../src/server/areas/lottery/draw-seeds.ts';
import { createOutcomeKeys } from '../../src/server/platform/keys/outcome-keys.ts';
import { serverSeedOf } from '../../src/server/providers/builtin-games/builtin-seeds.ts';
import { candidatesOf, dumpDatabase } from '../support/database-dump.ts';
import { player } from '../support/seamless.ts';
import { call, manualClock, testSite } from '../support/server.ts';

// Now, on a clock the test moves (the seamless signatures are checked against it: a few
// minutes of moves stay within their window).
const clock = manualClock(new Date());
const site = testSite({}, { clock: clock.now });
const db = () => site.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

type DrawRow = {
  game_id: string;
  numero: string;
  state: string;
  locks_at: Date | string;
  draws_at: Date | string;
  seed_hash: string;
  seed_key_id?: string | null;
  seed_salt?: string | null;
  layout: LayoutName;
};
type SeedsRow = {
  player_id: string;
  client_seed: string;
  nonce: number;
  server_seed_hash: string;
  server_seed_key_id?: string | null;
  server_seed_salt?: string | null;
};

/** The engine's job at `at` (a tick of this node may hold it: then wait for it). */
async function runEngineAt(at: Date) {
  clock.advance(Math.max(0, at.getTime() - clock.now().getTime()));
  for (;;) {
    const report = await site.app.scheduler.runDue(clock.now());
    const run = report.runs.find((one) => one.job === 'lottery-draws');
    if (run?.status !== 'busy') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const bet: DiceBet = { direction: 'under', target: 5000 };
const rounds = 4;

/**
 * The attack: every value of the dump (and its decodings) tried as the draw's seed and as the
 * key its seed is derived under (with the row's salt), through the real outcome functions.
 * Answers the candidates that give the published numbers.
 */
function predictDraw(dump: string[], draw: DrawRow, numbers: string[]): string[] {
  const { texts, bytes } = candidatesOf(dump);
  const seeds = new Set<string>();
  for (const text of texts) if (/^(?:[0-9a-fA-F]{2})+$/.test(text)) seeds.add(text.toLowerCase());
  for (const buffer of bytes) seeds.add(buffer.toString('hex'));
  const keyed = (key: Buffer) =>
    draw.seed_key_id && draw.seed_salt
      ? drawSeedOf(createOutcomeKeys([{ id: draw.seed_key_id, key }]), {
          gameId: draw.game_id,
          numero: draw.numero,
          seedKeyId: draw.seed_key_id,
          seedSalt: draw.seed_salt,
        })
      : null;
  for (const key of bytes) {
    if (key.length !== 32) continue;
    const seed = keyed(key);
    if (seed) seeds.add(seed);
  }
  const same = (seed: string) =>
    drawNumbers(seed, draw.game_id, draw.numero, draw.layout).every(
      (number, i) => number === numbers[i],
    );
  return [...seeds].filter(same);
}

/** The same for the player's next rounds: every candidate as the server seed, and as its key. */
function predictRounds(dump: string[], seeds: SeedsRow, played: BuiltinRoundView[]): string[] {
  const { texts, bytes } = candidatesOf(dump);
  const serverSeeds = new Set<string>(texts);
  for (const buffer of bytes) serverSeeds.add(buffer.toString('hex'));
  for (const key of bytes) {
    if (key.length !== 32 || !seeds.server_seed_key_id || !seeds.server_seed_salt) continue;
    const keys = createOutcomeKeys([{ id: seeds.server_seed_key_id, key }]);
    serverSeeds.add(
      serverSeedOf(keys, seeds.player_id, seeds.server_seed_key_id, seeds.server_seed_salt)!,
    );
  }
  const same = (serverSeed: string) =>
    played.every(
      (round) =>
        JSON.stringify(
          playRound(
            { serverSeed, clientSeed: seeds.client_seed, nonce: round.nonce },
            { game: 'dice', bet },
          ).result,
        ) === JSON.stringify(round.result),
    );
  return [...serverSeeds].filter(same);
}

describe('an attacker holding the whole database (issue 33, finding 1)', () => {
  it('cannot tell the next fast draw nor a player’s next built-in rounds; the reveals can be checked', async () => {
    // A player of the built-in dice, with a round played and a pair of their own choosing.
    const { headers } = await player(site.app, db(), 1_000_000n);
    const launched = await call<LaunchReply>(site.app, {
      url: `${launchPaths.launchGame}?gameCode=dice&vassalage=BUILTIN&language=en`,
      headers,
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const launchToken = new URL(launched.body.value!.url, 'http://site.test').searchParams.get(
      'token',
    )!;
    const session = await call<BuiltinSessionReply>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.session,
      payload: { launchToken },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const auth = { authorization: `Bearer ${session.body.value!.sessionToken}` };
    const play = async () => {
      const reply = await call<BuiltinPlayReply>(site.app, {
        method: 'POST',
        url: builtinGamesPaths.play,
        headers: auth,
        payload: { game: 'dice', stake: '100', bet },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.value!.round;
    };
    await play();
    const rotated = await call<BuiltinSeeds>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.rotateSeeds,
      headers: auth,
      payload: { clientSeed: 'my-own-seed' },
    });
    expect(rotated.status).toBe(200);
    await play();

    // The next fast draw, locked: bets closed, 10 seconds before it is drawn.
    const [open] = await rows<DrawRow>(sql`
      SELECT d.*, g.layout FROM lottery_draws d JOIN lottery_games g USING (game_id)
      WHERE d.game_id = 'VN_FAST_1' AND d.state IN ('open', 'locked')
      ORDER BY d.draws_at LIMIT 1`);
    expect(open).toBeDefined();
    await runEngineAt(new Date(open!.locks_at));
    const [locked] = await rows<DrawRow>(sql`
      SELECT d.*, g.layout FROM lottery_draws d JOIN lottery_games g USING (game_id)
      WHERE d.game_id = ${open!.game_id} AND d.numero = ${open!.numero}`);
    expect(locked!.state).toBe('locked');
    const [seeds] = await rows<SeedsRow>(sql`SELECT * FROM builtin_game_seeds`);

    // The dump: everything but the outcome keys, which the database does not hold.
    const dump = await dumpDatabase(db());
    const text = dump.join('\n');
    // It holds all the attacker needs but the secret: the draw, its commitment, the pair in use.
    expect(text).toContain(locked!.seed_hash);
    expect(text).toContain(seeds!.server_seed_hash);
    expect(text).toContain(`"client_seed":"${seeds!.client_seed}"`);
    expect(seeds).toMatchObject({ client_seed: 'my-own-seed', nonce: 1 });

    // What then happens: the player's next rounds and the draw.
    const played: BuiltinRoundView[] = [];
    for (let i = 0; i < rounds; i++) played.push(await play());
    await runEngineAt(new Date(locked!.draws_at));
    const [result] = await rows<{ numbers: string[] }>(sql`
      SELECT numbers FROM lottery_results
      WHERE game_id = ${locked!.game_id} AND numero = ${locked!.numero} AND revision = 1`);
    expect(result?.numbers).toHaveLength(27);

    expect(predictDraw(dump, locked!, result!.numbers)).toEqual([]);
    expect(predictRounds(dump, seeds!, played)).toEqual([]);

    // Once revealed, the seeds are in the database for anyone to check: the same attack on a
    // new dump finds them (so it would have found them before, had they been there).
    const revealed = await call<BuiltinSeeds>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.rotateSeeds,
      headers: auth,
      payload: {},
    });
    expect(revealed.status).toBe(200);
    const after = await dumpDatabase(db());
    const [drawSeed] = await rows<{ seed: string }>(sql`
      SELECT seed FROM lottery_draws
      WHERE game_id = ${locked!.game_id} AND numero = ${locked!.numero}`);
    expect(predictDraw(after, locked!, result!.numbers)).toContain(drawSeed!.seed);
    expect(predictRounds(after, seeds!, played)).toContain(
      revealed.body.value!.previous!.serverSeed,
    );
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotsOf, type LayoutName } from '../../src/contract/lottery-draw.ts';
import {
  lotteryDraws,
  lotteryGames,
  lotteryResults,
} from '../../src/server/areas/lottery/lottery.schema.ts';
import { defaultGameConfig } from '../../src/server/areas/lottery/lottery.seed-steps.ts';
import {
  createHttpResultsFeed,
  feedSignatureHeader,
  feedSignatureOf,
  FeedError,
  fitsLayout,
  pollResultsFeed,
} from '../../src/server/areas/lottery/results-feed.ts';
import { createDrawEngine } from '../../src/server/areas/lottery/draw-engine.ts';
import { manualClock, testSite } from '../support/server.ts';

// A results feed on a local HTTP server: what it answers per draw is set by each test.
const secret = 'feed-secret-0123456789abcdef';
type Answer = { status?: number; body?: string; signature?: string | null; delayMs?: number };
const answers = new Map<string, Answer>();
const asked: string[] = [];
let feedServer: Server;
const env: Record<string, string> = {};
beforeAll(async () => {
  feedServer = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://feed.test');
    const drawKey = `${url.searchParams.get('gameId')}:${url.searchParams.get('numero')}`;
    asked.push(drawKey);
    const answer = answers.get(drawKey);
    const send = () => {
      if (!answer) {
        response.writeHead(404).end();
        return;
      }
      const body = answer.body ?? '';
      const signature =
        answer.signature === undefined ? feedSignatureOf(secret, body) : answer.signature;
      response.writeHead(answer.status ?? 200, {
        'content-type': 'application/json',
        ...(signature === null ? {} : { [feedSignatureHeader]: signature }),
      });
      response.end(body);
    };
    if (answer?.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const { port } = feedServer.address() as AddressInfo;
  env.LOTTERY_FEED_URL = `http://127.0.0.1:${port}/results`;
  env.LOTTERY_FEED_SECRET = secret;
  env.LOTTERY_FEED_TIMEOUT_MS = '500';
});
afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

const clock = manualClock(new Date('2026-01-01T08:40:00Z'));
const site = testSite(env, { clock: clock.now });
const db = () => site.database.db;
const silent = { warn: () => {}, info: () => {}, error: () => {} };
/** The draw engine as the lottery area makes it, on this app. */
const engine = () =>
  createDrawEngine({
    ledger: site.app.wallet.ledger,
    publisher: site.app.realtime.publisher,
    clock: clock.now,
    log: silent,
  });

/** A result that fits the layout: numbers of each prize's digits. */
function resultFor(layout: LayoutName, seed = 0): string[] {
  return slotsOf(layout).map(({ digits }, i) =>
    String((i * 7919 + seed * 104_729) % 10 ** digits).padStart(digits, '0'),
  );
}

let serial = 0;
/** A feed game of its own and one draw of it, locked and past its draw time by default. */
async function feedDraw(
  options: { layout?: LayoutName; drawsInMs?: number; source?: 'feed' | 'operator' } = {},
) {
  serial += 1;
  const gameId = `TR${serial}_${randomBytes(2).toString('hex').toUpperCase()}`;
  const numero = `2026020${String(serial).padStart(4, '0')}`;
  const layout = options.layout ?? 'north27';
  await db()
    .insert(lotteryGames)
    .values({
      gameId,
      names: { hi: `परिणाम ${serial}`, en: `Result ${serial}`, bn: `ফলাফল ${serial}` },
      region: layout === 'north27' ? 'north' : 'south',
      menuTag: layout === 'north27' ? 'NORTH' : 'SOUTH',
      layout,
      schedule: '15 18 * * *',
      timeZone: 'Asia/Ho_Chi_Minh',
      drawDayOfWeek: '1,2,3,4,5,6,7',
      lockSeconds: 60,
      source: options.source ?? 'feed',
      config: defaultGameConfig,
    });
  const drawsAt = new Date(clock.now().getTime() + (options.drawsInMs ?? -60_000));
  const locksAt = new Date(drawsAt.getTime() - 60_000);
  const past = locksAt.getTime() <= clock.now().getTime();
  await db()
    .insert(lotteryDraws)
    .values({
      gameId,
      numero,
      opensAt: new Date(locksAt.getTime() - 3_600_000),
      locksAt,
      drawsAt,
      state: past ? 'locked' : 'open',
    });
  return { gameId, numero, layout, drawsAt };
}

async function drawRow(draw: { gameId: string; numero: string }) {
  const [row] = await db()
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.gameId, draw.gameId), eq(lotteryDraws.numero, draw.numero)));
  return row!;
}
async function resultsOf(draw: { gameId: string; numero: string }) {
  return db()
    .select()
    .from(lotteryResults)
    .where(and(eq(lotteryResults.gameId, draw.gameId), eq(lotteryResults.numero, draw.numero)))
    .orderBy(lotteryResults.revision);
}

const signedAnswer = (draw: { gameId: string; numero: string }, numbers: string[]) => ({
  body: JSON.stringify({ gameId: draw.gameId, numero: draw.numero, numbers }),
});

describe('the results feed client (against a local HTTP server)', () => {
  const client = () =>
    createHttpResultsFeed({ url: env.LOTTERY_FEED_URL!, secret, timeoutMs: 300 });
  const draw = (layout: LayoutName = 'north27') => ({
    gameId: `FEED_${randomBytes(3).toString('hex').toUpperCase()}`,
    numero: '20260101',
    layout,
    drawsAt: new Date(),
  });

  it('answers the numbers of a signed reply that fits the layout, null while not out', async () => {
    for (const layout of ['north27', 'south18'] as const) {
      const one = draw(layout);
      answers.set(`${one.gameId}:${one.numero}`, signedAnswer(one, resultFor(layout, 3)));
      expect(await client().fetchResult(one)).toEqual(resultFor(layout, 3));
    }
    expect(await client().fetchResult(draw())).toBeNull();
  });

  it('refuses bad replies: signature, another draw, count, digits, status, body, time-out', async () => {
    const good = resultFor('north27', 1);
    const cases: [string, (d: ReturnType<typeof draw>) => Answer][] = [
      ['signature wrong', (d) => ({ ...signedAnswer(d, good), signature: 'sha256=00' })],
      [
        'signed with another secret',
        (d) => {
          const body = signedAnswer(d, good).body;
          return { body, signature: feedSignatureOf('another-secret-0123456789', body) };
        },
      ],
      ['signature missing', (d) => ({ ...signedAnswer(d, good), signature: null })],
      ['another draw', (d) => signedAnswer({ ...d, numero: '20260102' }, good)],
      ['18 numbers on a 27 layout', (d) => signedAnswer(d, resultFor('south18'))],
      ['a number of the wrong digits', (d) => signedAnswer(d, ['1234', ...good.slice(1)])],
      ['not digits', (d) => signedAnswer(d, ['12a45', ...good.slice(1)])],
      ['status 500', (d) => ({ ...signedAnswer(d, good), status: 500 })],
      ['not JSON', () => ({ body: 'numbers: 12345' })],
      ['too slow', (d) => ({ ...signedAnswer(d, good), delayMs: 1_000 })],
    ];
    for (const [name, answerOf] of cases) {
      const one = draw();
      answers.set(`${one.gameId}:${one.numero}`, answerOf(one));
      await expect(client().fetchResult(one), name).rejects.toBeInstanceOf(FeedError);
    }
  });

  it('checks numbers against the layout: 27 of 5,5,5x2,5x6,4x4,4x6,3x3,2x4 and 18 of the south', () => {
    expect(fitsLayout('north27', resultFor('north27'))).toBe(true);
    expect(fitsLayout('south18', resultFor('south18'))).toBe(true);
    expect(fitsLayout('north27', resultFor('north27').slice(1))).toBe(false);
    expect(fitsLayout('south18', resultFor('north27').slice(0, 18))).toBe(false);
  });
});

describe('the results feed job', () => {
  const poll = () =>
    db().transaction((tx) =>
      pollResultsFeed(
        tx,
        createHttpResultsFeed({ url: env.LOTTERY_FEED_URL!, secret, timeoutMs: 300 }),
        engine(),
        clock.now(),
        silent,
      ),
    );

  it('stores revision 1 of a locked feed draw past its draw time and has the engine settle it', async () => {
    const good = await feedDraw({ layout: 'south18' });
    const refused = await feedDraw();
    const notOut = await feedDraw();
    const future = await feedDraw({ drawsInMs: 600_000 });
    const operatorOnly = await feedDraw({ source: 'operator' });
    for (const draw of [good, future, operatorOnly]) {
      answers.set(`${draw.gameId}:${draw.numero}`, signedAnswer(draw, resultFor(draw.layout, 5)));
    }
    answers.set(`${refused.gameId}:${refused.numero}`, {
      ...signedAnswer(refused, resultFor('north27')),
      signature: 'sha256=forged',
    });
    asked.length = 0;
    await poll();
    expect(asked).not.toContain(`${future.gameId}:${future.numero}`);
    expect(asked).not.toContain(`${operatorOnly.gameId}:${operatorOnly.numero}`);
    const [stored] = await resultsOf(good);
    expect(stored).toMatchObject({ revision: 1, source: 'feed', numbers: resultFor('south18', 5) });
    // Settled by the engine in the same transaction (no bets: nothing to pay).
    expect(await drawRow(good)).toMatchObject({ state: 'settled', resultRevision: 1 });
    for (const draw of [refused, notOut]) {
      expect(await resultsOf(draw)).toEqual([]);
      expect(await drawRow(draw)).toMatchObject({ state: 'locked', resultRevision: 0 });
    }
    // Asked again at the next run, and stored once the feed answers well; never twice.
    answers.set(`${notOut.gameId}:${notOut.numero}`, signedAnswer(notOut, resultFor('north27')));
    asked.length = 0;
    await poll();
    expect(asked).not.toContain(`${good.gameId}:${good.numero}`);
    expect(await resultsOf(notOut)).toHaveLength(1);
    expect(await resultsOf(good)).toHaveLength(1);
  });

  it('runs on the platform scheduler when a feed is configured', async () => {
    const draw = await feedDraw();
    answers.set(`${draw.gameId}:${draw.numero}`, signedAnswer(draw, resultFor('north27', 9)));
    clock.advance(30_000);
    const report = await site.app.scheduler.runDue(clock.now());
    expect(report.runs.map((run) => run.job)).toContain('lottery-results-feed');
    expect((await resultsOf(draw)).map((row) => row.numbers)).toEqual([resultFor('north27', 9)]);
    expect(['drawn', 'settled']).toContain((await drawRow(draw)).state);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotsOf, type LayoutName } from '../../src/contract/lottery-draw.ts';
import {
  lotteryBets,
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
import { basicAuth, call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import { player } from '../support/seamless.ts';
import { lotteryOpsPaths, lotteryPaths } from '../../src/contract/lottery.ts';
import type { CancelDrawReply, ResultEntry } from '../../src/contract/lottery-ops.ts';
import { walletOpsPaths, type ReconcileReply } from '../../src/contract/wallet.ts';
import { ledgerEntries, wallets } from '../../src/server/areas/wallet/ledger.schema.ts';
import { operators } from '../../src/server/areas/operator/operators.schema.ts';
import { hashPassword } from '../../src/server/areas/operator/operator-password.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { translate } from '../../src/server/platform/i18n/messages.ts';

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
    db: site.database.db,
    ledger: site.app.wallet.ledger,
    publisher: site.app.realtime.publisher,
    clock: clock.now,
    log: silent,
    keys: site.app.outcomeKeys,
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
  options: { layout?: LayoutName; drawsInMs?: number; source?: 'feed' | 'operator' | 'rng' } = {},
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

// --- the operator's results and cancels ---

/** An operator of its own (HTTP Basic headers). */
async function operator() {
  const username = `ops-${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await db()
    .insert(operators)
    .values({ username, passwordHash: await hashPassword(password) });
  return { username, headers: { authorization: basicAuth(username, password) } };
}

let ip = 0;
const opsCall = <T>(
  who: { headers: Record<string, string> },
  url: string,
  payload: object,
  language = 'en',
) => {
  ip += 1;
  return call<T>(site.app, {
    method: 'POST',
    url,
    headers: { ...who.headers, 'accept-language': language },
    payload,
    remoteAddress: `10.8.${Math.floor(ip / 200)}.${ip % 200}`,
  });
};
const entriesUrl = (draw: { gameId: string; numero: string }) =>
  lotteryOpsPaths.resultEntries.replace(':gameId', draw.gameId).replace(':numero', draw.numero);
const decisionUrl = (id: number) => lotteryOpsPaths.resultEntry.replace(':id', String(id));
const cancelUrl = (draw: { gameId: string; numero: string }) =>
  lotteryOpsPaths.cancelDraw.replace(':gameId', draw.gameId).replace(':numero', draw.numero);

/**
 * An operator-entry draw with bets: open while the slips are placed, then past its draw time
 * and locked (as the engine's job leaves it).
 */
async function drawWithBets(slips: { headers: Record<string, string>; bets: object[] }[]) {
  const draw = await feedDraw({ source: 'operator', drawsInMs: 120_000 });
  for (const slip of slips) {
    const reply = await call(site.app, {
      method: 'POST',
      url: lotteryPaths.bets,
      headers: slip.headers,
      payload: {
        ...draw,
        bets: slip.bets,
        idempotencyKey: `slip-${randomBytes(8).toString('hex')}`,
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
  return draw;
}
async function lockPast(draw: { gameId: string; numero: string; drawsAt: Date }) {
  if (clock.now() < draw.drawsAt) clock.advance(draw.drawsAt.getTime() - clock.now().getTime());
  await db()
    .update(lotteryDraws)
    .set({ state: 'locked' })
    .where(and(eq(lotteryDraws.gameId, draw.gameId), eq(lotteryDraws.numero, draw.numero)));
}
async function balanceOf(memberId: number) {
  const [row] = await db()
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.memberId, memberId), eq(wallets.kind, 'main')));
  return row?.balance ?? 0n;
}
async function betsOf(draw: { gameId: string; numero: string }) {
  return db()
    .select()
    .from(lotteryBets)
    .where(and(eq(lotteryBets.gameId, draw.gameId), eq(lotteryBets.numero, draw.numero)))
    .orderBy(lotteryBets.id);
}
async function reconciled() {
  const reply = await call<ReconcileReply>(site.app, {
    url: walletOpsPaths.reconcile,
    headers: opsHeaders,
  });
  expect(reply.body.value!.differences).toEqual([]);
}
const de = (selection: string) => ({ betType: 'de', selections: [selection], unitAmount: '1000' });
const deWin = (1000n * BigInt(defaultGameConfig.betTypes.de!.oddsX100)) / 100n;

describe("the operator's result entry, confirmed by a second operator", () => {
  it('keeps an entry pending until a different operator confirms it, then settles the draw', async () => {
    const [alice, bob] = [await operator(), await operator()];
    const first = resultFor('north27', 11);
    const special = first[0]!.slice(-2);
    const other = special === '00' ? '01' : '00';
    const winner = await player(site.app, db(), 100_000n);
    const loser = await player(site.app, db(), 100_000n);
    const draw = await drawWithBets([
      { headers: winner.headers, bets: [de(special)] },
      { headers: loser.headers, bets: [de(other)] },
    ]);
    // Before the draw time: no entry.
    const early = await opsCall<ResultEntry>(alice, entriesUrl(draw), { numbers: first });
    expect([early.status, early.body.code]).toEqual([409, 'lottery_draw_state_invalid']);
    await lockPast(draw);
    for (const numbers of [first.slice(1), ['1', ...first.slice(1)], resultFor('south18')]) {
      const bad = await opsCall(alice, entriesUrl(draw), { numbers }, 'hi');
      expect([bad.status, bad.body.code]).toEqual([400, 'lottery_result_invalid']);
      expect(bad.body.message).toBe(translate('hi', 'lottery_result_invalid'));
    }
    const entered = await opsCall<ResultEntry>(alice, entriesUrl(draw), { numbers: first });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    const entry = entered.body.value!;
    expect(entry).toMatchObject({ status: 'pending', enteredBy: alice.username, revision: null });
    expect(await resultsOf(draw)).toEqual([]);
    // The same operator cannot confirm it.
    const self = await opsCall(alice, decisionUrl(entry.id), { decision: 'confirm' }, 'hi');
    expect([self.status, self.body.code]).toEqual([403, 'lottery_second_operator_required']);
    expect(self.body.message).toBe(translate('hi', 'lottery_second_operator_required'));
    expect(await resultsOf(draw)).toEqual([]);
    expect((await drawRow(draw)).state).toBe('locked');
    const confirmed = await opsCall<ResultEntry>(bob, decisionUrl(entry.id), {
      decision: 'confirm',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.value).toMatchObject({
      status: 'confirmed',
      decidedBy: bob.username,
      revision: 1,
    });
    const [result] = await resultsOf(draw);
    expect(result).toMatchObject({
      revision: 1,
      source: 'operator',
      numbers: first,
      enteredBy: alice.username,
      confirmedBy: bob.username,
    });
    expect(await drawRow(draw)).toMatchObject({ state: 'settled', resultRevision: 1 });
    expect((await betsOf(draw)).map((bet) => [bet.state, bet.winAmount])).toEqual([
      ['won', deWin],
      ['lost', 0n],
    ]);
    expect(await balanceOf(winner.member.id)).toBe(100_000n - 1000n + deWin);
    expect(await balanceOf(loser.member.id)).toBe(100_000n - 1000n);
    const again = await opsCall(alice, decisionUrl(entry.id), { decision: 'reject' });
    expect([again.status, again.body.code]).toEqual([409, 'lottery_entry_decided']);
    const missing = await opsCall(bob, decisionUrl(999_999), { decision: 'confirm' });
    expect([missing.status, missing.body.code]).toEqual([404, 'lottery_entry_not_found']);
    const audit = await db()
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.target, `lottery:${draw.gameId}:${draw.numero}`));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'lottery.result.enter', actor: `operator:${alice.username}` },
        { action: 'lottery.result.confirm', actor: `operator:${bob.username}` },
      ]),
    );
    await reconciled();
  });

  it('re-settles a corrected result with reversing entries; a rejected entry changes nothing', async () => {
    const [alice, bob] = [await operator(), await operator()];
    const first = resultFor('north27', 21);
    let corrected = resultFor('north27', 22);
    if (corrected[0]!.slice(-2) === first[0]!.slice(-2)) corrected = resultFor('north27', 23);
    const [firstDe, correctedDe] = [first[0]!.slice(-2), corrected[0]!.slice(-2)];
    const early = await player(site.app, db(), 100_000n);
    const late = await player(site.app, db(), 100_000n);
    const draw = await drawWithBets([
      { headers: early.headers, bets: [de(firstDe)] },
      { headers: late.headers, bets: [de(correctedDe)] },
    ]);
    await lockPast(draw);
    const entry = await opsCall<ResultEntry>(alice, entriesUrl(draw), { numbers: first });
    await opsCall(bob, decisionUrl(entry.body.value!.id), { decision: 'confirm' });
    expect(await balanceOf(early.member.id)).toBe(99_000n + deWin);
    // A correction needs a reason; a rejected one changes nothing.
    const noReason = await opsCall(bob, entriesUrl(draw), { numbers: corrected });
    expect([noReason.status, noReason.body.code]).toEqual([400, 'bad_request']);
    const wrong = await opsCall<ResultEntry>(bob, entriesUrl(draw), {
      numbers: corrected,
      reason: 'typo in the special prize',
    });
    const rejected = await opsCall<ResultEntry>(alice, decisionUrl(wrong.body.value!.id), {
      decision: 'reject',
    });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', revision: null });
    expect(await resultsOf(draw)).toHaveLength(1);
    expect(await balanceOf(early.member.id)).toBe(99_000n + deWin);
    // Entered by bob, confirmed by alice: revision 2, the earlier win reversed, the new one paid.
    const fix = await opsCall<ResultEntry>(bob, entriesUrl(draw), {
      numbers: corrected,
      reason: 'the station published a correction',
    });
    const confirmed = await opsCall<ResultEntry>(alice, decisionUrl(fix.body.value!.id), {
      decision: 'confirm',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.value!.revision).toBe(2);
    expect((await resultsOf(draw)).map((row) => [row.revision, row.numbers])).toEqual([
      [1, first],
      [2, corrected],
    ]);
    expect(await drawRow(draw)).toMatchObject({ state: 'settled', resultRevision: 2 });
    expect(
      (await betsOf(draw)).map((bet) => [bet.state, bet.winAmount, bet.settledRevision]),
    ).toEqual([
      ['lost', 0n, 2],
      ['won', deWin, 2],
    ]);
    expect(await balanceOf(early.member.id)).toBe(99_000n);
    expect(await balanceOf(late.member.id)).toBe(99_000n + deWin);
    // The reversal is an entry of its own (the win stays in the journal, taken back after it).
    const earlyEntries = await db()
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
      .where(eq(wallets.memberId, early.member.id))
      .orderBy(ledgerEntries.id);
    expect(earlyEntries.slice(-2).map((row) => row.amount)).toEqual([deWin, -deWin]);
    await reconciled();
  });

  it('refuses entries for in-house draws and for draws before their draw time', async () => {
    const alice = await operator();
    const inHouse = await feedDraw({ source: 'rng' });
    const rng = await opsCall(alice, entriesUrl(inHouse), { numbers: resultFor('north27') });
    expect([rng.status, rng.body.code]).toEqual([409, 'lottery_draw_state_invalid']);
    const open = await feedDraw({ source: 'operator', drawsInMs: 600_000 });
    const reply = await opsCall(alice, entriesUrl(open), { numbers: resultFor('north27') });
    expect([reply.status, reply.body.code]).toEqual([409, 'lottery_draw_state_invalid']);
    const unknown = await opsCall(alice, entriesUrl({ gameId: 'NOPE', numero: '20260101' }), {
      numbers: resultFor('north27'),
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'lottery_draw_not_found']);
    const anonymous = await call(site.app, {
      method: 'POST',
      url: entriesUrl(open),
      payload: { numbers: resultFor('north27') },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('cancelling a draw', () => {
  it('refunds every bet of a draw without a result, once; a settled draw cannot be cancelled', async () => {
    const [alice, bob] = [await operator(), await operator()];
    const one = await player(site.app, db(), 100_000n);
    const two = await player(site.app, db(), 100_000n);
    const draw = await drawWithBets([
      {
        headers: one.headers,
        bets: [de('12'), { betType: 'lo', selections: ['34'], unitAmount: '1000' }],
      },
      { headers: two.headers, bets: [de('56')] },
    ]);
    expect(await balanceOf(one.member.id)).toBe(100_000n - 1000n - 27_000n);
    const noReason = await opsCall(alice, cancelUrl(draw), {});
    expect([noReason.status, noReason.body.code]).toEqual([400, 'bad_request']);
    const cancelled = await opsCall<CancelDrawReply>(alice, cancelUrl(draw), {
      reason: 'station did not draw',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.value).toEqual({ ...pick(draw), state: 'cancelled', refunded: 3 });
    expect((await drawRow(draw)).state).toBe('cancelled');
    expect((await betsOf(draw)).every((bet) => bet.state === 'refunded')).toBe(true);
    expect(await balanceOf(one.member.id)).toBe(100_000n);
    expect(await balanceOf(two.member.id)).toBe(100_000n);
    const again = await opsCall(bob, cancelUrl(draw), { reason: 'again' });
    expect([again.status, again.body.code]).toEqual([409, 'lottery_draw_state_invalid']);
    expect(await balanceOf(one.member.id)).toBe(100_000n);
    // Bets on a cancelled draw are refused; a result cannot be entered for it.
    const bet = await call(site.app, {
      method: 'POST',
      url: lotteryPaths.bets,
      headers: one.headers,
      payload: {
        ...pick(draw),
        bets: [de('12')],
        idempotencyKey: `slip-${randomBytes(8).toString('hex')}`,
      },
    });
    expect([bet.status, bet.body.code]).toEqual([409, 'lottery_draw_closed']);
    const entry = await opsCall(alice, entriesUrl(draw), { numbers: resultFor('north27') });
    expect([entry.status, entry.body.code]).toEqual([409, 'lottery_draw_state_invalid']);
    // A settled draw keeps its result.
    const settled = await drawWithBets([]);
    await lockPast(settled);
    const entered = await opsCall<ResultEntry>(alice, entriesUrl(settled), {
      numbers: resultFor('north27'),
    });
    await opsCall(bob, decisionUrl(entered.body.value!.id), { decision: 'confirm' });
    const late = await opsCall(alice, cancelUrl(settled), { reason: 'too late' });
    expect([late.status, late.body.code]).toEqual([409, 'lottery_draw_state_invalid']);
    await reconciled();
  });
});

const pick = (draw: { gameId: string; numero: string }) => ({
  gameId: draw.gameId,
  numero: draw.numero,
});

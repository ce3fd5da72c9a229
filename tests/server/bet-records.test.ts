import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotteryPaths, type PlaceSlipReply } from '../../src/contract/lottery.ts';
import {
  betRecordsPaths,
  seamlessPaths,
  type AuthenticateReply,
  type BetRecord,
  type BetRecordPage,
  type ProfitPage,
  type TransactionReply,
} from '../../src/contract/seamless.ts';
import { createDrawEngine } from '../../src/server/areas/lottery/draw-engine.ts';
import { defaultGameConfig } from '../../src/server/areas/lottery/lottery.seed-steps.ts';
import {
  lotteryDraws,
  lotteryGames,
  lotteryResults,
} from '../../src/server/areas/lottery/lottery.schema.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { addProvider, launch, player, signedCall, uid } from '../support/seamless.ts';
import { call, manualClock, testSite } from '../support/server.ts';

/**
 * The betting record (personalHistoryCopy) lists the bets of every product, and its totals are
 * the personal profit and loss's (personalProfit) for any range and filter (issue 34, major 2):
 * one member plays a slot round at a seamless provider, two lô bets of a lottery draw settled
 * with a win, an open lottery bet of a later draw, and a slot bet rolled back.
 */
const clock = manualClock(new Date('2026-04-10T06:01:10Z'));
const site = testSite({}, { clock: clock.now });
const db = (): Db => site.database.db;
const minutes = (n: number) => clock.advance(n * 60_000);

// prettier-ignore
const result = [
  '12345', '54321', '11145', '22299', '30001', '30002', '30003', '30004', '30005', '30006',
  '4045', '4046', '4047', '4048', '5050', '5051', '5052', '5053', '5054', '5055',
  '645', '661', '662', '70', '71', '72', '45',
];

const game = { gameId: `TR1_${randomBytes(2).toString('hex').toUpperCase()}` };
let serial = 0;
/** An open draw of the test game (feed results), locking in an hour. */
async function openDraw() {
  serial += 1;
  const numero = `2026041${String(serial).padStart(4, '0')}`;
  const now = clock.now().getTime();
  await db()
    .insert(lotteryDraws)
    .values({
      gameId: game.gameId,
      numero,
      opensAt: new Date(now - 60_000),
      locksAt: new Date(now + 3_600_000),
      drawsAt: new Date(now + 3_660_000),
      state: 'open',
    });
  return { gameId: game.gameId, numero };
}

let headers: Record<string, string>;
const times: Record<string, Date> = {};
let drawn: { gameId: string; numero: string };
let later: { gameId: string; numero: string };
let vassalage = '';

async function placeSlip(draw: { gameId: string; numero: string }, selections: string[]) {
  const reply = await call<PlaceSlipReply>(site.app, {
    method: 'POST',
    url: lotteryPaths.bets,
    headers,
    payload: {
      ...draw,
      bets: [{ betType: 'lo', selections, unitAmount: '1000' }],
      idempotencyKey: uid('slip'),
    },
    remoteAddress: `10.34.2.${serial}`,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

beforeAll(async () => {
  await db()
    .insert(lotteryGames)
    .values({
      ...game,
      names: { hi: 'परीक्षण लॉटरी', en: 'Test lottery', bn: 'পরীক্ষা লটারি' },
      region: 'north',
      menuTag: 'NORTH',
      layout: 'north27',
      schedule: '15 18 * * *',
      timeZone: 'Asia/Ho_Chi_Minh',
      drawDayOfWeek: '1,2,3,4,5,6,7',
      lockSeconds: 60,
      source: 'feed',
      config: defaultGameConfig,
    });
  const provider = await addProvider(site.app, {}, db());
  vassalage = provider.vassalage;
  const member = await player(site.app, db(), 1_000_000n);
  headers = member.headers;
  const send = <T = TransactionReply>(path: string, body: object) =>
    signedCall<T>(site.app, provider, path, body, {
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
  const { launchToken } = await launch(site.app, headers, vassalage);
  const auth = await send<AuthenticateReply>(seamlessPaths.authenticate, { launchToken });
  const session = {
    sessionToken: auth.body.value?.sessionToken ?? '',
    playerId: String(member.member.id),
  };
  const slot = { ...session, gameCode: 'slot-1', currency: 'INR' };

  // 06:01:10 a slot round: 1,000 staked, 2,500 won a minute later.
  times.slot = clock.now();
  const round = uid('round');
  const bet = uid('bet');
  await send(seamlessPaths.bet, { ...slot, transactionId: bet, roundId: round, amount: '1000' });
  minutes(1);
  await send(seamlessPaths.win, {
    ...slot,
    transactionId: uid('win'),
    roundId: round,
    betTransactionId: bet,
    amount: '2500',
  });

  // 06:03:40 two lô bets (27 x 1,000 each on a north27 draw), settled: '21' hits once, '98' not.
  clock.advance(150_000);
  times.lottery = clock.now();
  drawn = await openDraw();
  await placeSlip(drawn, ['21', '98']);

  // 06:08:40 a lô bet of a later draw, left open.
  minutes(5);
  times.open = clock.now();
  later = await openDraw();
  await placeSlip(later, ['45']);

  // 06:10:40 the first draw's result, settled.
  minutes(2);
  const engine = createDrawEngine({
    db: site.database.db,
    ledger: site.app.wallet.ledger,
    publisher: site.app.realtime.publisher,
    clock: clock.now,
    log: site.app.log,
    keys: site.app.outcomeKeys,
  });
  const outcome = await db().transaction(async (tx) => {
    await tx
      .insert(lotteryResults)
      .values({ ...drawn, revision: 1, numbers: result, source: 'operator' });
    await tx
      .update(lotteryDraws)
      .set({ state: 'drawn', resultRevision: 1 })
      .where(and(eq(lotteryDraws.gameId, drawn.gameId), eq(lotteryDraws.numero, drawn.numero)));
    return engine.settle(tx, [drawn]);
  });
  await engine.announce(outcome);

  // 06:12:40 a slot bet rolled back: listed, counted nowhere.
  minutes(2);
  times.rolledBack = clock.now();
  const refunded = uid('bet');
  await send(seamlessPaths.bet, {
    ...slot,
    transactionId: refunded,
    roundId: uid('round'),
    amount: '700',
  });
  await send(seamlessPaths.rollback, {
    ...slot,
    transactionId: uid('rollback'),
    roundId: uid('round'),
    betTransactionId: refunded,
  });
  minutes(1);
});

async function record(query: string) {
  const reply = await call<BetRecordPage>(site.app, {
    url: `${betRecordsPaths.personalHistory}?${query}`,
    headers: { ...headers, 'accept-language': 'en' },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value!;
}

async function profit(query: string) {
  const reply = await call<ProfitPage>(site.app, {
    url: `${betRecordsPaths.personalProfit}?${query}`,
    headers,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value!;
}

const shape = (bet: BetRecord) => ({
  gameType: bet.gameType,
  vassalage: bet.vassalage,
  stake: bet.stake,
  win: bet.win,
  profit: bet.profit,
  status: bet.status,
});

const slotBet = (stake: string, win: string, status: BetRecord['status']) => ({
  gameType: 'RNG',
  vassalage,
  stake,
  win,
  profit: status === 'settled' ? (BigInt(win) - BigInt(stake)).toString() : '0',
  status,
});
const lotteryBet = (win: string, status: BetRecord['status']) => ({
  gameType: 'ELOTT',
  vassalage: 'TCG_LOTTO_VN',
  stake: '27000',
  win,
  profit: status === 'settled' ? (BigInt(win) - 27_000n).toString() : '0',
  status,
});

describe('the betting record across products', () => {
  it('lists every bet once, newest first, under All with its stake, win and status', async () => {
    const page = await record('preset=last7');
    expect(page.totalElements).toBe(5);
    expect(new Set(page.content.map((bet) => bet.betId)).size).toBe(5);
    expect(page.content.map(shape)).toEqual([
      slotBet('700', '0', 'rolled_back'),
      lotteryBet('0', 'open'),
      // Two bets of one slip at one instant: the later one first.
      lotteryBet('0', 'settled'),
      lotteryBet('80000', 'settled'),
      slotBet('1000', '2500', 'settled'),
    ]);
    expect(page).toMatchObject({
      totalStake: String(1000 + 3 * 27_000),
      totalWin: String(2500 + 80_000),
      totalValidTurnover: String(1000 + 3 * 27_000),
    });
  });

  it('names a lottery bet by its game and its draw', async () => {
    const page = await record('gameType=ELOTT');
    expect(page.content.map((bet) => [bet.gameName, bet.roundId, bet.provider])).toEqual([
      ['Test lottery', later.numero, 'LOTTERY'],
      ['Test lottery', drawn.numero, 'LOTTERY'],
      ['Test lottery', drawn.numero, 'LOTTERY'],
    ]);
    const hindi = await call<BetRecordPage>(site.app, {
      url: `${betRecordsPaths.personalHistory}?gameType=ELOTT`,
      headers: { ...headers, 'accept-language': 'hi' },
    });
    expect(hindi.body.value?.content[0]?.gameName).toBe('परीक्षण लॉटरी');
  });

  it('filters by game type and vendor: E-lottery and VN Lotto list the lottery, Slots the slot', async () => {
    const elott = await record('gameType=ELOTT');
    expect(elott.content.map(shape)).toEqual([
      lotteryBet('0', 'open'),
      lotteryBet('0', 'settled'),
      lotteryBet('80000', 'settled'),
    ]);
    expect((await record('vassalage=TCG_LOTTO_VN')).totalElements).toBe(3);
    expect((await record('gameType=ELOTT&vassalage=TCG_LOTTO_VN')).totalElements).toBe(3);
    expect((await record(`gameType=ELOTT&vassalage=${vassalage}`)).totalElements).toBe(0);
    expect((await record('gameType=LOTT')).totalElements).toBe(0);
    const slots = await record('gameType=RNG');
    expect(slots.content.map(shape)).toEqual([
      slotBet('700', '0', 'rolled_back'),
      slotBet('1000', '2500', 'settled'),
    ]);
  });

  it('pages the union newest first across products', async () => {
    const first = await record('pageSize=2');
    const second = await record('pageSize=2&pageNo=2');
    const third = await record('pageSize=2&pageNo=3');
    const all = await record('');
    expect([...first.content, ...second.content, ...third.content].map((bet) => bet.betId)).toEqual(
      all.content.map((bet) => bet.betId),
    );
    expect(first.totalPages).toBe(3);
  });
});

describe('the betting record and the profit and loss agree', () => {
  const iso = (date: Date) => date.toISOString();
  const at = (date: Date, ms: number) => new Date(date.getTime() + ms);
  const ranges = () => ({
    all: 'preset=last7',
    // Cuts between the slot round and the lottery bets, inside one 5-minute window.
    fromLottery: `startDate=${iso(at(times.lottery!, -1000))}&endDate=${iso(at(clock.now(), 1000))}`,
    // Cuts between the lottery's slip and its open bet.
    untilOpen: `startDate=${iso(at(times.slot!, -1000))}&endDate=${iso(at(times.open!, -1000))}`,
    onlyOpen: `startDate=${iso(times.open!)}&endDate=${iso(at(times.open!, 1000))}`,
    empty: `startDate=${iso(at(times.slot!, -60_000))}&endDate=${iso(at(times.slot!, -1000))}`,
  });

  for (const name of ['all', 'fromLottery', 'untilOpen', 'onlyOpen', 'empty'] as const) {
    for (const filter of ['', '&gameType=ELOTT', '&gameType=RNG', '&gameType=LOTT']) {
      it(`over ${name}${filter}`, async () => {
        const query = ranges()[name] + filter;
        const bets = await record(`${query}&pageSize=15`);
        const days = await profit(query);
        const counted = bets.content.filter((bet) => bet.status !== 'rolled_back');
        expect({
          stake: days.totalStake,
          win: days.totalWin,
          validTurnover: days.totalValidTurnover,
          bets: days.content.reduce((sum, day) => sum + day.betCount, 0),
        }).toEqual({
          stake: bets.totalStake,
          win: bets.totalWin,
          validTurnover: bets.totalValidTurnover,
          bets: counted.length,
        });
        expect(BigInt(days.totalProfit)).toBe(BigInt(bets.totalWin) - BigInt(bets.totalStake));
      });
    }
  }

  it('counts the range that cuts between products as the bets in it', async () => {
    const bets = await record(ranges().fromLottery);
    expect(bets.totalElements).toBe(4);
    expect(bets.totalStake).toBe(String(3 * 27_000));
    expect(bets.totalWin).toBe('80000');
    const days = await profit(ranges().fromLottery);
    expect(days.content).toMatchObject([{ betCount: 3, stake: '81000', win: '80000' }]);
    // Whose days they are: the operator's zone, said with the page (issue 34, minor 15).
    expect(days.timeZone).toBe('Asia/Kolkata');
  });
});

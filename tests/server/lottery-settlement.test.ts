import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BetType, LotteryHit } from '../../src/contract/lottery.ts';
import { slotsOf } from '../../src/contract/lottery-draw.ts';
import { createDrawEngine, type DrawEngine } from '../../src/server/areas/lottery/draw-engine.ts';
import { defaultGameConfig } from '../../src/server/areas/lottery/lottery.seed-steps.ts';
import { createLedgerService } from '../../src/server/areas/wallet/ledger.service.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { createMember } from '../support/identity.ts';
import { call, manualClock, testSite } from '../support/server.ts';
import { gamesPaths, type rankListSchema } from '../../src/contract/games.ts';
import { maskName } from '../../src/server/areas/games/catalog.service.ts';
import { messagePaths } from '../../src/contract/messages.ts';
import { formatMoney } from '../../src/contract/money.ts';
import { notificationEventSchema } from '../../src/contract/realtime.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import type { MemberEvent } from '../../src/server/platform/realtime/publisher.ts';

/**
 * Settlement of a regional draw (north27) against a result chosen by hand, every bet type won
 * and lost, checked against an oracle written from the rules in `betTypes`' doc comment; then a
 * rerun, a correction (reversing entries, settled again) and a cancelled draw's refunds, with
 * the ledger reconciled after each.
 */
const clock = manualClock(new Date('2026-01-01T08:40:00Z'));
const site = testSite({}, { clock: clock.now });
const db = () => site.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

const north = { gameId: 'VN_MB', numero: '20260101' };
const nextDay = { gameId: 'VN_MB', numero: '20260102' };
// prettier-ignore
const revision1 = [
  '12345', '54321', '11145', '22299', '30001', '30002', '30003', '30004', '30005', '30006',
  '4045', '4046', '4047', '4048', '5050', '5051', '5052', '5053', '5054', '5055',
  '645', '661', '662', '70', '71', '72', '45',
];
const revision2 = ['12399', ...revision1.slice(1)];
const prizes = slotsOf('north27').map((slot) => slot.prize);

/** The rules of `betTypes`, in plain code: the hits and the win of one bet. */
function oracle(numbers: string[], betType: BetType, selection: string, unit: bigint) {
  const odds = BigInt(defaultGameConfig.betTypes[betType]!.oddsX100);
  const special = numbers[0]!;
  const hits: LotteryHit[] = [];
  const hit = (index: number) =>
    hits.push({ prize: prizes[index]!, index, number: numbers[index]! });
  if (betType.startsWith('xien')) {
    const parts = selection.split('-');
    for (const part of parts) numbers.forEach((n, i) => n.slice(-2) === part && hit(i));
    const all = parts.every((part) => numbers.some((n) => n.slice(-2) === part));
    return all ? { win: (unit * odds) / 100n, hits } : { win: 0n, hits: [] };
  }
  numbers.forEach((n, i) => {
    const matches = {
      lo: n.slice(-2) === selection,
      bao_lo: n.length >= 3 && n.slice(-3) === selection,
      de: i === 0 && special.slice(-2) === selection,
      ba_cang: i === 0 && special.slice(-3) === selection,
      dau: i === 0 && special.at(-2) === selection,
      duoi: i === 0 && special.at(-1) === selection,
    }[betType as Exclude<BetType, `xien${number}`>];
    if (matches) hit(i);
  });
  const win = (unit * odds * BigInt(hits.length)) / 100n;
  return win > 0n ? { win, hits } : { win: 0n, hits: [] };
}

const slip: [BetType, string][] = [
  ['lo', '45'],
  ['lo', '98'],
  ['bao_lo', '345'],
  ['bao_lo', '045'],
  ['bao_lo', '999'],
  ['de', '45'],
  ['de', '44'],
  ['ba_cang', '345'],
  ['ba_cang', '346'],
  ['dau', '4'],
  ['dau', '3'],
  ['duoi', '5'],
  ['duoi', '4'],
  ['xien2', '45-70'],
  ['xien2', '45-98'],
  ['xien3', '45-70-98'],
  ['xien3', '45-70-99'],
  ['xien4', '45-70-71-72'],
  ['xien4', '45-70-71-98'],
];
const unit = 1000n;
const funding = 10_000_000n;
const stakeOf = (betType: BetType) =>
  unit * (betType === 'lo' ? 27n : betType === 'bao_lo' ? 23n : 1n);

const members: number[] = [];
let engine: DrawEngine;
/** What the first settlement announced to the members. */
let announced: MemberEvent[] = [];
let betCount = 0;

async function placeBets(draw: typeof north, memberId: number) {
  for (const [betType, selection] of slip) {
    const stake = stakeOf(betType);
    const key = `lottery:bet:test-${++betCount}:1`;
    const posted = await site.app.wallet.ledger.post({
      memberId,
      kind: 'bet',
      amount: -stake,
      idempotencyKey: key,
    });
    await db().execute(sql`
      INSERT INTO lottery_bets (slip_id, member_id, game_id, numero, bet_type, selection,
        unit_amount, stake, odds_x100, currency, posting_id)
      VALUES (${`test-${betCount}`}, ${memberId}, ${draw.gameId}, ${draw.numero}, ${betType},
        ${selection}, ${unit.toString()}, ${stake.toString()},
        ${defaultGameConfig.betTypes[betType]!.oddsX100}, 'INR', ${posted.reply.postingId})`);
  }
}

/** A session of the member, as a login makes it: its bearer token. */
async function tokenOf(memberId: number) {
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({ tokenHash: hashToken(token), memberId, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

async function balanceOf(memberId: number) {
  return (await site.app.wallet.ledger.balance(memberId)).sumBalance;
}

async function reconcile() {
  const report = await createLedgerService({ db: db() }).reconcile();
  expect(report.differences).toEqual([]);
  expect(report.unbalancedTransfers).toBe(0);
}

type BetRow = {
  id: string;
  member_id: number;
  bet_type: BetType;
  selection: string;
  state: string;
  win_amount: string;
  hits: LotteryHit[];
  settled_revision: number;
};
const betsOf = (draw: typeof north) =>
  rows<BetRow>(sql`SELECT id::text, member_id, bet_type, selection, state,
    win_amount::text, hits, settled_revision FROM lottery_bets
    WHERE game_id = ${draw.gameId} AND numero = ${draw.numero} ORDER BY id`);

/** What a results provider does: a result revision stored, the draw drawn. */
async function storeResult(tx: Db, draw: typeof north, revision: number, numbers: string[]) {
  await tx.execute(sql`
    INSERT INTO lottery_results (game_id, numero, revision, numbers, source, entered_by, confirmed_by)
    VALUES (${draw.gameId}, ${draw.numero}, ${revision}, ${JSON.stringify(numbers)}::jsonb,
      'operator', 'ops-a', 'ops-b')`);
}

beforeAll(async () => {
  engine = createDrawEngine({
    db: site.database.db,
    ledger: site.app.wallet.ledger,
    publisher: site.app.realtime.publisher,
    clock: clock.now,
    log: site.app.log,
    keys: site.app.outcomeKeys,
  });
  // One member reads the site in English, the other in Hindi (the default).
  for (const language of ['en', 'hi'] as const) {
    const { member } = await createMember(db(), { language });
    await site.app.wallet.ledger.post({
      memberId: member.id,
      kind: 'deposit',
      amount: funding,
      idempotencyKey: `fund-${member.id}`,
    });
    members.push(member.id);
  }
  for (const memberId of members) await placeBets(north, memberId);
});

const totalStake = slip.reduce((sum, [betType]) => sum + stakeOf(betType), 0n);
const totalWin = (numbers: string[]) =>
  slip.reduce(
    (sum, [betType, selection]) => sum + oracle(numbers, betType, selection, unit).win,
    0n,
  );

describe('settling a draw', () => {
  it('judges every bet type, stores hits, credits each win once, in one statement', async () => {
    const published = vi.spyOn(site.app.realtime.publisher, 'publishMany');
    const outcome = await db().transaction(async (tx) => {
      await storeResult(tx, north, 1, revision1);
      await tx.execute(sql`UPDATE lottery_draws SET state = 'drawn', result_revision = 1
        WHERE game_id = ${north.gameId} AND numero = ${north.numero}`);
      return engine.settle(tx, [north]);
    });
    await engine.announce(outcome);
    expect(outcome.bets).toHaveLength(slip.length * 2);
    expect(outcome.draws.map((draw) => draw.state)).toEqual(['settled']);
    for (const bet of await betsOf(north)) {
      const expected = oracle(revision1, bet.bet_type, bet.selection, unit);
      expect({
        type: bet.bet_type,
        selection: bet.selection,
        state: bet.state,
        win: bet.win_amount,
        hits: bet.hits,
      }).toEqual({
        type: bet.bet_type,
        selection: bet.selection,
        state: expected.win > 0n ? 'won' : 'lost',
        win: expected.win.toString(),
        hits: expected.hits,
      });
      expect(bet.settled_revision).toBe(1);
    }
    // Every type has a winner and a loser in the slip.
    const won = new Set(
      (await betsOf(north)).filter((b) => b.state === 'won').map((b) => b.bet_type),
    );
    expect(won.size).toBe(9);
    const lost = new Set(
      (await betsOf(north)).filter((b) => b.state === 'lost').map((b) => b.bet_type),
    );
    expect(lost.size).toBe(9);
    for (const memberId of members) {
      expect(await balanceOf(memberId)).toBe(funding - totalStake + totalWin(revision1));
    }
    const winKeys = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ledger_postings WHERE idempotency_key LIKE 'lottery:win:%'`);
    expect(winKeys[0]!.n).toBe(outcome.posted);
    expect(outcome.members.sort()).toEqual([...members].sort());
    // The members hear each bet (numbered) after the commit.
    const events = published.mock.calls.flatMap(([events]) => events);
    expect(events.filter((e) => e.event.name === 'lotteryBet')).toHaveLength(slip.length * 2);
    announced = events;
    published.mockRestore();
    await reconcile();
  });

  it("puts the draw's wins on the winner board: masked names, biggest first, with the games' wins", async () => {
    const won = await rows<{ win: string; username: string }>(sql`
      SELECT b.win_amount::text AS win, m.username FROM lottery_bets b
      JOIN members m ON m.id = b.member_id
      WHERE b.game_id = ${north.gameId} AND b.numero = ${north.numero} AND b.state = 'won'
      ORDER BY b.win_amount DESC, b.id DESC`);
    const [game] = await rows<{ name: string }>(
      sql`SELECT names->>'en' AS name FROM lottery_games WHERE game_id = ${north.gameId}`,
    );
    const board = async (query: string) =>
      (
        await call<z.infer<typeof rankListSchema>>(site.app, {
          url: `${gamesPaths.rankList}?${query}`,
        })
      ).body.value?.list.map((row) => row.vo) ?? [];
    const lottery = await board('gameCategory=LOTT&limitNum=50&language=en');
    expect(lottery).toHaveLength(Math.min(won.length, 50));
    expect(lottery.map((vo) => vo.amount)).toEqual(won.slice(0, 50).map((row) => row.win));
    expect(lottery.map((vo) => vo.memberName)).toEqual(
      won.slice(0, 50).map((row) => maskName(row.username)),
    );
    expect(lottery[0]).toMatchObject({
      gameType: 'LOTT',
      vassalage: 'LOTTERY',
      nodeId: 0,
      gameName: game!.name,
    });
    const text = JSON.stringify(lottery);
    for (const { username } of won) expect(text).not.toContain(username);
    // The whole board: the same wins (no game win here), still biggest first; another
    // category has none of them.
    expect((await board('gameCategory=ALL&limitNum=5')).map((vo) => vo.amount)).toEqual(
      won.slice(0, 5).map((row) => row.win),
    );
    expect(await board('gameCategory=RNG')).toEqual([]);
  });

  it('tells each winner once per draw: a message in their language, a toast, the unread count', async () => {
    const won = totalWin(revision1);
    const [english, hindi] = members;
    const messages = await rows<{
      member_id: number;
      title: string;
      content: string;
      sent_by: string;
    }>(sql`SELECT member_id, title, content, sent_by FROM platform_messages
      WHERE member_id IN (${english!}, ${hindi!}) ORDER BY member_id`);
    // One message each, however many of their bets won, in the member's own language.
    expect(messages).toHaveLength(2);
    const byMember = new Map(messages.map((m) => [m.member_id, m]));
    const amountEn = formatMoney(won, { currencyCode: 'INR', locale: 'en-IN' });
    const amountHi = formatMoney(won, { currencyCode: 'INR', locale: 'hi-IN' });
    expect(byMember.get(english!)).toMatchObject({
      title: 'Lottery win',
      sent_by: 'system:lottery',
    });
    expect(byMember.get(english!)!.content).toContain(amountEn);
    expect(byMember.get(english!)!.content).toContain('Northern (Hanoi)');
    // The draw's number as the site shows it (the last 6 digits of 20260101).
    expect(byMember.get(english!)!.content).toContain('260101');
    expect(byMember.get(hindi!)!.title).toBe('लॉटरी में जीत');
    expect(byMember.get(hindi!)!.content).toContain(amountHi);
    expect(byMember.get(hindi!)!.content).toContain('उत्तरी (हनोई)');

    // After the commit, with the bets' events: a lotteryWon notification and the unread count.
    const winners = slip.filter(([t, selection]) => oracle(revision1, t, selection, unit).win > 0n);
    for (const memberId of members) {
      const own = announced.filter((e) => e.memberId === memberId).map((e) => e.event);
      const notices = own.filter((e) => e.name === 'notification');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.payload).toMatchObject({
        kind: 'lotteryWon',
        title: null,
        params: {
          amount: won.toString(),
          gameId: 'VN_MB',
          numero: '260101',
          bets: winners.length,
          game: memberId === english ? 'Northern (Hanoi)' : 'उत्तरी (हनोई)',
        },
      });
      expect(
        notificationEventSchema.omit({ seq: true }).safeParse(notices[0]!.payload).success,
      ).toBe(true);
      expect(own.filter((e) => e.name === 'unread')).toEqual([
        { name: 'unread', payload: { count: 1 } },
      ]);
    }
    // The member reads it among their messages.
    const listed = await site.app.inject({
      method: 'GET',
      url: messagePaths.list,
      headers: { authorization: `Bearer ${await tokenOf(english!)}` },
    });
    expect(listed.json()).toMatchObject({
      success: true,
      value: { unread: 1, content: [{ title: 'Lottery win', broadcast: false, read: false }] },
    });
  });

  it('settles nothing twice: a rerun pays nothing and changes no bet', async () => {
    const before = await Promise.all(members.map(balanceOf));
    const again = await db().transaction((tx) => engine.settle(tx, [north]));
    expect(again).toMatchObject({ bets: [], draws: [], posted: 0, notices: [] });
    const step = await db().transaction((tx) => engine.step(tx, clock.now()));
    expect(step.bets).toEqual([]);
    expect(await Promise.all(members.map(balanceOf))).toEqual(before);
    await reconcile();
  });

  it('re-settles a corrected result: earlier wins reversed, the new result paid', async () => {
    const outcome = await db().transaction(async (tx) => {
      await storeResult(tx, north, 2, revision2);
      return engine.resettle(tx, north, 2);
    });
    await engine.announce(outcome);
    for (const bet of await betsOf(north)) {
      const expected = oracle(revision2, bet.bet_type, bet.selection, unit);
      expect([bet.bet_type, bet.selection, bet.win_amount, bet.hits, bet.settled_revision]).toEqual(
        [bet.bet_type, bet.selection, expected.win.toString(), expected.hits, 2],
      );
    }
    expect(totalWin(revision2)).not.toBe(totalWin(revision1));
    for (const memberId of members) {
      expect(await balanceOf(memberId)).toBe(funding - totalStake + totalWin(revision2));
    }
    const reversed = await rows<{ n: number; total: string }>(sql`
      SELECT count(*)::int AS n, sum(e.amount)::text AS total
      FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id
      WHERE p.idempotency_key LIKE 'lottery:reverse:%'`);
    const wonFirst = slip.filter(
      ([t, selection]) => oracle(revision1, t, selection, unit).win > 0n,
    );
    expect(reversed[0]).toEqual({
      n: 2 * wonFirst.length,
      total: (-2n * totalWin(revision1)).toString(),
    });
    const [draw] = await rows<{ state: string; result_revision: number }>(sql`
      SELECT state, result_revision FROM lottery_draws
      WHERE game_id = ${north.gameId} AND numero = ${north.numero}`);
    expect(draw).toEqual({ state: 'settled', result_revision: 2 });
    // The same correction again changes nothing.
    const again = await db().transaction((tx) => engine.resettle(tx, north, 2));
    expect(again).toMatchObject({ bets: [], posted: 0 });
    await reconcile();
  });

  it('refunds every open bet of a cancelled draw once', async () => {
    const before = await Promise.all(members.map(balanceOf));
    await placeBets(nextDay, members[0]!);
    expect(await balanceOf(members[0]!)).toBe(before[0]! - totalStake);
    const outcome = await db().transaction((tx) => engine.refund(tx, nextDay, 'feed failed'));
    await engine.announce(outcome);
    expect(outcome.bets.map((bet) => bet.state)).toEqual(slip.map(() => 'refunded'));
    expect(outcome.draws).toMatchObject([{ ...nextDay, state: 'cancelled' }]);
    expect(await Promise.all(members.map(balanceOf))).toEqual(before);
    const again = await db().transaction((tx) => engine.refund(tx, nextDay));
    expect(again).toMatchObject({ bets: [], draws: [], posted: 0 });
    expect(await Promise.all(members.map(balanceOf))).toEqual(before);
    // A settled draw cannot be called off.
    const settled = await db().transaction((tx) => engine.refund(tx, north));
    expect(settled).toMatchObject({ bets: [], draws: [], posted: 0 });
    await reconcile();
  });
});

describe("the wallet's set-based posting (ledger_post_many)", () => {
  const item = (key: string, memberId: number, kind: 'payout' | 'adjustment', amount: string) => ({
    key,
    member_id: memberId,
    wallet_kind: 'main',
    kind,
    amount,
    reference: 'test',
    actor: 'system:test',
  });

  it('posts each key once, refuses a key reused with another body, and never goes below zero', async () => {
    const ledger = site.app.wallet.ledger;
    const [first, second] = members as [number, number];
    const before = await Promise.all(members.map(balanceOf));
    const items = [item('many:1', first, 'payout', '500'), item('many:2', second, 'payout', '700')];
    expect(await ledger.postMany(db(), items)).toMatchObject({ posted: 2, replayed: 0 });
    expect(await ledger.postMany(db(), items)).toMatchObject({ posted: 0, replayed: 2 });
    await expect(
      ledger.postMany(db(), [item('many:1', first, 'payout', '501')]),
    ).rejects.toMatchObject({ statusCode: 409, code: 'idempotency_key_reused' });
    // A debit past the balance refuses the whole call: the credit with it is not posted either.
    await expect(
      ledger.postMany(db(), [
        item('many:3', second, 'payout', '100'),
        item('many:4', first, 'adjustment', (-(before[0]! + 10_000n)).toString()),
      ]),
    ).rejects.toMatchObject({ statusCode: 409, code: 'insufficient_balance' });
    expect(await Promise.all(members.map(balanceOf))).toEqual([
      before[0]! + 500n,
      before[1]! + 700n,
    ]);
    const keys = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ledger_postings WHERE idempotency_key IN ('many:3', 'many:4')`);
    expect(keys[0]!.n).toBe(0);
    await reconcile();
  });
});

import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lotteryPaths, type GameConfig, type PlaceSlipReply } from '../../src/contract/lottery.ts';
import type { z } from 'zod';
import type { memberBetsPageSchema } from '../../src/contract/lottery.ts';
import { walletOpsPaths, type ReconcileReply } from '../../src/contract/wallet.ts';
import {
  lotteryBets,
  lotteryDraws,
  lotteryGames,
} from '../../src/server/areas/lottery/lottery.schema.ts';
import {
  ledgerEntries,
  ledgerPostings,
  wallets,
} from '../../src/server/areas/wallet/ledger.schema.ts';
import { defaultGameConfig } from '../../src/server/areas/lottery/lottery.seed-steps.ts';
import { translate } from '../../src/server/platform/i18n/messages.ts';
import { player } from '../support/seamless.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';

const clock = manualClock(new Date('2026-01-01T08:40:00Z'));
const site = testSite({}, { clock: clock.now });
const db = () => site.database.db;
type BetsPage = z.infer<typeof memberBetsPageSchema>;

let serial = 0;
/** A game of its own (not the seeded ones the engine's jobs move) and one open draw of it. */
async function openDraw(
  options: {
    layout?: 'north27' | 'south18';
    config?: GameConfig;
    locksInMs?: number;
    state?: 'open' | 'locked' | 'scheduled';
  } = {},
) {
  serial += 1;
  const gameId = `TB${serial}_${randomBytes(2).toString('hex').toUpperCase()}`;
  const numero = `2026010${String(serial).padStart(4, '0')}`;
  await db()
    .insert(lotteryGames)
    .values({
      gameId,
      names: { hi: `परीक्षण ${serial}`, en: `Test ${serial}`, bn: `পরীক্ষা ${serial}` },
      region: 'north',
      menuTag: 'NORTH',
      layout: options.layout ?? 'north27',
      schedule: '15 18 * * *',
      timeZone: 'Asia/Ho_Chi_Minh',
      drawDayOfWeek: '1,2,3,4,5,6,7',
      lockSeconds: 60,
      source: 'feed',
      config: options.config ?? defaultGameConfig,
    });
  const now = clock.now().getTime();
  const locksAt = new Date(now + (options.locksInMs ?? 3_600_000));
  await db()
    .insert(lotteryDraws)
    .values({
      gameId,
      numero,
      opensAt: new Date(now - 3_600_000),
      locksAt,
      drawsAt: new Date(locksAt.getTime() + 60_000),
      state: options.state ?? 'open',
    });
  return { gameId, numero, locksAt };
}

const key = () => `slip-${randomBytes(8).toString('hex')}`;
let ip = 0;
function place(headers: Record<string, string>, payload: object, language = 'en') {
  ip += 1;
  return call<PlaceSlipReply>(site.app, {
    method: 'POST',
    url: lotteryPaths.bets,
    headers: { ...headers, 'accept-language': language },
    payload,
    remoteAddress: `10.7.${Math.floor(ip / 200)}.${ip % 200}`,
  });
}

async function balanceOf(memberId: number) {
  const [row] = await db()
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.memberId, memberId), eq(wallets.kind, 'main')));
  return row?.balance ?? 0n;
}

async function counts() {
  const [bets] = await db().select({ n: count() }).from(lotteryBets);
  const [postings] = await db().select({ n: count() }).from(ledgerPostings);
  const [entries] = await db().select({ n: count() }).from(ledgerEntries);
  return { bets: bets?.n, postings: postings?.n, entries: entries?.n };
}

describe('placing a lottery slip', () => {
  it('stakes each bet type as the rules say: lo x27/x18, bao_lo x23/x17, the others x1', async () => {
    const { member, headers } = await player(site.app, db(), 10_000_000n);
    const all = [
      { betType: 'lo', selections: ['27'] },
      { betType: 'bao_lo', selections: ['527'] },
      { betType: 'de', selections: ['05'] },
      { betType: 'ba_cang', selections: ['123'] },
      { betType: 'dau', selections: ['5'] },
      { betType: 'duoi', selections: ['0'] },
      { betType: 'xien2', selections: ['12-34'] },
      { betType: 'xien3', selections: ['12-34-56'] },
      { betType: 'xien4', selections: ['12-34-56-78'] },
    ].map((bet) => ({ ...bet, unitAmount: '1000' }));
    const factors = {
      north27: { lo: 27n, bao_lo: 23n },
      south18: { lo: 18n, bao_lo: 17n },
    } as const;
    let expected = 10_000_000n;
    for (const layout of ['north27', 'south18'] as const) {
      const draw = await openDraw({ layout });
      const reply = await place(headers, { ...draw, bets: all, idempotencyKey: key() });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const { bets, total, balance, slipId } = reply.body.value!;
      const stakes = Object.fromEntries(bets.map((bet) => [bet.betType, BigInt(bet.stake)]));
      expect(stakes).toEqual({
        lo: 1000n * factors[layout].lo,
        bao_lo: 1000n * factors[layout].bao_lo,
        de: 1000n,
        ba_cang: 1000n,
        dau: 1000n,
        duoi: 1000n,
        xien2: 1000n,
        xien3: 1000n,
        xien4: 1000n,
      });
      const sum = Object.values(stakes).reduce((a, b) => a + b, 0n);
      expect(BigInt(total)).toBe(sum);
      expected -= sum;
      expect(BigInt(balance)).toBe(expected);
      expect(await balanceOf(member.id)).toBe(expected);
      expect(bets.every((bet) => bet.state === 'open' && bet.slipId === slipId)).toBe(true);
      expect(bets[0]!.gameName).toMatch(/^Test /);
      expect(bets.find((bet) => bet.betType === 'lo')!.oddsX100).toBe(
        defaultGameConfig.betTypes.lo!.oddsX100,
      );
      // Each bet its own posting: one 'bet' entry of minus its stake.
      const rows = await db()
        .select({
          postingId: lotteryBets.postingId,
          stake: lotteryBets.stake,
          amount: ledgerEntries.amount,
          kind: ledgerEntries.kind,
        })
        .from(lotteryBets)
        .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, lotteryBets.postingId))
        .where(eq(lotteryBets.slipId, slipId));
      expect(rows).toHaveLength(9);
      expect(new Set(rows.map((row) => row.postingId)).size).toBe(9);
      expect(rows.every((row) => row.kind === 'bet' && row.amount === -row.stake)).toBe(true);
    }
  });

  it('refuses bad input with a translated 400 and writes nothing', async () => {
    const { member, headers } = await player(site.app, db(), 1_000_000n);
    const draw = await openDraw({
      config: {
        ...defaultGameConfig,
        betTypes: { lo: { oddsX100: 8000, minUnit: '1000', maxUnit: '5000' } },
      },
    });
    const lo = (selections: string[], unitAmount = '1000') => ({
      ...draw,
      bets: [{ betType: 'lo', selections, unitAmount }],
      idempotencyKey: key(),
    });
    const before = await counts();
    const cases: [object, string][] = [
      [lo(['123']), 'lottery_bet_invalid'],
      [lo(['7']), 'lottery_bet_invalid'],
      [
        {
          ...draw,
          bets: [{ betType: 'xien2', selections: ['12-12'], unitAmount: '1000' }],
          idempotencyKey: key(),
        },
        'lottery_bet_invalid',
      ],
      [
        {
          ...draw,
          bets: [{ betType: 'xien3', selections: ['12-34'], unitAmount: '1000' }],
          idempotencyKey: key(),
        },
        'lottery_bet_invalid',
      ],
      [
        {
          ...draw,
          bets: [{ betType: 'dau', selections: ['12'], unitAmount: '1000' }],
          idempotencyKey: key(),
        },
        'lottery_bet_invalid',
      ],
      // A bet type this game does not offer.
      [
        {
          ...draw,
          bets: [{ betType: 'de', selections: ['12'], unitAmount: '1000' }],
          idempotencyKey: key(),
        },
        'lottery_bet_invalid',
      ],
      [lo(['12'], '999'), 'lottery_unit_out_of_range'],
      [lo(['12'], '5001'), 'lottery_unit_out_of_range'],
      [lo(['12'], '0'), 'lottery_bet_invalid'],
      [lo(['12'], '-1000'), 'lottery_bet_invalid'],
      // A good bet and a bad one: the slip as a whole is refused.
      [
        {
          ...draw,
          bets: [
            { betType: 'lo', selections: ['12'], unitAmount: '1000' },
            { betType: 'lo', selections: ['12'], unitAmount: '9000' },
          ],
          idempotencyKey: key(),
        },
        'lottery_unit_out_of_range',
      ],
      [{ ...draw, gameId: 'bad id', bets: [], idempotencyKey: key() }, 'bad_request'],
      [
        {
          ...draw,
          bets: [{ betType: 'keno', selections: ['12'], unitAmount: '1000' }],
          idempotencyKey: key(),
        },
        'bad_request',
      ],
      [
        { ...draw, bets: [{ betType: 'lo', selections: ['12'], unitAmount: '1000' }] },
        'bad_request',
      ],
      [
        {
          ...draw,
          bets: [{ betType: 'lo', selections: ['12'], unitAmount: 'lots' }],
          idempotencyKey: key(),
        },
        'bad_request',
      ],
    ];
    for (const [payload, code] of cases) {
      for (const language of ['hi', 'en', 'bn'] as const) {
        const reply = await place(headers, payload, language);
        expect([reply.status, reply.body.code], JSON.stringify(payload)).toEqual([400, code]);
        if (code !== 'bad_request') {
          expect(reply.body.message).toBe(translate(language, code as 'lottery_bet_invalid'));
        }
      }
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(member.id)).toBe(1_000_000n);
  });

  it("keeps the member's total on a draw within maxStakePerDraw", async () => {
    const { member, headers } = await player(site.app, db(), 1_000_000n);
    const draw = await openDraw({ config: { ...defaultGameConfig, maxStakePerDraw: '30000' } });
    const de = (unitAmount: string) => ({
      ...draw,
      bets: [{ betType: 'de', selections: ['11', '22'], unitAmount }],
      idempotencyKey: key(),
    });
    expect((await place(headers, de('10000'))).status).toBe(200);
    const over = await place(headers, de('6000'));
    expect([over.status, over.body.code]).toEqual([409, 'lottery_stake_limit']);
    expect((await place(headers, de('5000'))).status).toBe(200);
    const full = await place(headers, {
      ...de('1000'),
      bets: [{ betType: 'dau', selections: ['1'], unitAmount: '1000' }],
    });
    expect([full.status, full.body.code]).toEqual([409, 'lottery_stake_limit']);
    expect(await balanceOf(member.id)).toBe(1_000_000n - 30_000n);
    // Another member has a limit of their own.
    const other = await player(site.app, db(), 1_000_000n);
    expect((await place(other.headers, de('15000'))).status).toBe(200);
  });

  it("takes a bet one millisecond before locksAt and refuses it at locksAt (the server's clock)", async () => {
    const { member, headers } = await player(site.app, db(), 1_000_000n);
    const draw = await openDraw({ locksInMs: 5_000 });
    const slip = () => ({
      ...draw,
      bets: [{ betType: 'de', selections: ['42'], unitAmount: '1000' }],
      idempotencyKey: key(),
    });
    clock.advance(4_999);
    const before = await place(headers, slip());
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    clock.advance(1);
    expect(clock.now().getTime()).toBe(draw.locksAt.getTime());
    const at = await place(headers, slip(), 'hi');
    expect([at.status, at.body.code]).toEqual([409, 'lottery_draw_closed']);
    expect(at.body.message).toBe(translate('hi', 'lottery_draw_closed'));
    expect(await balanceOf(member.id)).toBe(1_000_000n - 1000n);
    // A draw the engine locked (or has not opened) is closed whatever the time.
    for (const state of ['locked', 'scheduled'] as const) {
      const closed = await openDraw({ state });
      const reply = await place(headers, { ...slip(), ...closed });
      expect([reply.status, reply.body.code]).toEqual([409, 'lottery_draw_closed']);
    }
    const unknown = await place(headers, { ...slip(), numero: '99999999' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'lottery_draw_not_found']);
  });

  it('refuses a slip the balance cannot pay with 409 and writes nothing: all or nothing', async () => {
    const { member, headers } = await player(site.app, db(), 30_000n);
    const draw = await openDraw();
    const before = await counts();
    // The first bet (27,000) fits; with the second (1,000 x 27 more) it does not.
    const reply = await place(headers, {
      ...draw,
      bets: [{ betType: 'lo', selections: ['01', '02'], unitAmount: '1000' }],
      idempotencyKey: key(),
    });
    expect([reply.status, reply.body.code]).toEqual([409, 'insufficient_balance']);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(member.id)).toBe(30_000n);
  });

  it('places a slip once per key: a retry answers the same slip, another request 409', async () => {
    const { member, headers } = await player(site.app, db(), 1_000_000n);
    const draw = await openDraw();
    const slip = {
      ...draw,
      bets: [{ betType: 'lo', selections: ['07', '70'], unitAmount: '1000' }],
      idempotencyKey: key(),
    };
    const first = await place(headers, slip);
    expect(first.status).toBe(200);
    const again = await place(headers, slip);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(member.id)).toBe(1_000_000n - 54_000n);
    const other = await place(headers, {
      ...slip,
      bets: [{ ...slip.bets[0]!, unitAmount: '2000' }],
    });
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_key_reused']);
    expect(await balanceOf(member.id)).toBe(1_000_000n - 54_000n);
  });

  it('places concurrent slips once per key and keeps concurrent slips within the draw limit', async () => {
    const { member, headers } = await player(site.app, db(), 1_000_000n);
    const draw = await openDraw({ config: { ...defaultGameConfig, maxStakePerDraw: '5000' } });
    const slip = {
      ...draw,
      bets: [{ betType: 'de', selections: ['31'], unitAmount: '1000' }],
      idempotencyKey: key(),
    };
    const twins = await Promise.all([place(headers, slip), place(headers, slip)]);
    expect(twins.map((reply) => reply.status)).toEqual([200, 200]);
    expect(twins[1]!.body).toEqual(twins[0]!.body);
    expect(await balanceOf(member.id)).toBe(1_000_000n - 1000n);
    // Six slips of 1,000 at once on a draw limit of 5,000 with 1,000 taken: four pass.
    const rush = await Promise.all(
      Array.from({ length: 6 }, () => place(headers, { ...slip, idempotencyKey: key() })),
    );
    expect(rush.filter((reply) => reply.status === 200)).toHaveLength(4);
    expect(rush.filter((reply) => reply.body.code === 'lottery_stake_limit')).toHaveLength(2);
    expect(await balanceOf(member.id)).toBe(1_000_000n - 5000n);
  });

  it("lists the member's bets newest first, paged, named in the request's language, with hits", async () => {
    const { member, headers } = await player(site.app, db(), 1_000_000n);
    const stranger = await player(site.app, db(), 1_000_000n);
    const draw = await openDraw();
    const later = await openDraw();
    for (const [target, selection] of [
      [draw, '01'],
      [draw, '02'],
      [later, '03'],
    ] as const) {
      clock.advance(1000);
      const reply = await place(headers, {
        ...target,
        bets: [{ betType: 'de', selections: [selection], unitAmount: '1000' }],
        idempotencyKey: key(),
      });
      expect(reply.status).toBe(200);
    }
    await place(stranger.headers, {
      ...draw,
      bets: [{ betType: 'de', selections: ['09'], unitAmount: '1000' }],
      idempotencyKey: key(),
    });
    // As settlement leaves a winning bet: its win and which prize and number hit.
    const hits = [{ prize: 'special' as const, index: 0, number: '12302' }];
    await db()
      .update(lotteryBets)
      .set({ state: 'won', winAmount: 95_000n, hits, settledAt: clock.now() })
      .where(and(eq(lotteryBets.memberId, member.id), eq(lotteryBets.selection, '02')));
    const list = (query: string, language = 'en') =>
      call<BetsPage>(site.app, {
        url: `${lotteryPaths.bets}?${query}`,
        headers: { ...headers, 'accept-language': language },
      });
    const first = await list('pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body.value!.list.map((bet) => bet.selection)).toEqual(['03', '02']);
    expect(first.body.value!.totalPages).toBe(2);
    expect(first.body.value!.list[1]).toMatchObject({ state: 'won', winAmount: '95000', hits });
    const second = await list('pageSize=2&pageNo=2', 'bn');
    expect(second.body.value!.list.map((bet) => [bet.selection, bet.gameName])).toEqual([
      ['01', `পরীক্ষা ${Number(draw.gameId.slice(2).split('_')[0])}`],
    ]);
    const ofDraw = await list(`gameId=${draw.gameId}&numero=${draw.numero}&state=open`, 'hi');
    expect(ofDraw.body.value!.list.map((bet) => bet.selection)).toEqual(['01']);
    expect(ofDraw.body.value!.list[0]!.gameName).toMatch(/^परीक्षण/);
    const bad = await list('pageSize=1000');
    expect([bad.status, bad.body.code]).toEqual([400, 'bad_request']);
    const anonymous = await call(site.app, { url: lotteryPaths.bets });
    expect(anonymous.status).toBe(401);
  });

  it('leaves the ledger reconciled', async () => {
    const reply = await call<ReconcileReply>(site.app, {
      url: walletOpsPaths.reconcile,
      headers: opsHeaders,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value!.differences).toEqual([]);
    const [bets] = await db().select({ n: count() }).from(lotteryBets);
    expect(bets!.n).toBeGreaterThan(20);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import { ledgerEntries } from '../../src/server/areas/wallet/ledger.schema.ts';
import {
  promotionClaims,
  promotions,
} from '../../src/server/areas/engagement/promotions.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { walletOpsPaths, walletPaths, type BalanceReply } from '../../src/contract/wallet.ts';
import {
  withdrawPaths,
  type BankAccount,
  type Withdrawal,
  type WithdrawInfo,
} from '../../src/contract/withdrawal.ts';
import {
  promotionOpsPaths,
  promotionPaths,
  type BonusDetails,
  type OpsPromotion,
  type Promotion,
  type PromotionBody,
  type PromotionClaim,
  type PublicState,
  type RewardItem,
} from '../../src/contract/promotions.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import { encryptFor, freshIp } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';
import { promotionBody } from '../support/promotions.ts';
import { recordsPaths, type RecordPage } from '../../src/contract/records.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const site = testSite(
  { SESSION_IDLE_MINUTES: '1440', OPERATOR_TIME_ZONE: 'UTC' },
  { clock: clock.now },
);
const db = (): Db => site.database.db;
let baseUrl = '';

beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = site.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});

const PAY = '246810';
let counter = 0;

/** A player with a payment password and a session (made "now" on the test clock). */
async function player(options: { balance?: bigint } = {}) {
  const [member] = await db()
    .insert(members)
    .values({
      username: `pr${++counter}${randomBytes(3).toString('hex')}`,
      passwordHash: await hashMemberPassword('login-secret-1'),
      paymentPasswordHash: await hashMemberPassword(PAY),
      createdAt: clock.now(),
    })
    .returning();
  if (!member) throw new Error('member not made');
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt: new Date(clock.now().getTime() + 365 * 86_400_000),
      lastSeenAt: clock.now(),
    });
  const p = { member, token, headers: { authorization: `Bearer ${token}` }, ip: freshIp() };
  if (options.balance) {
    const credit = await call(site.app, {
      method: 'POST',
      url: walletOpsPaths.adjustment,
      headers: opsHeaders,
      payload: {
        memberId: member.id,
        amount: options.balance.toString(),
        reason: 'test credit',
        idempotencyKey: `credit-${randomUUID()}`,
      },
    });
    expect(credit.status).toBe(200);
  }
  return p;
}
type Player = Awaited<ReturnType<typeof player>>;

const body = (overrides: Partial<PromotionBody> = {}) => promotionBody(overrides, clock.now());

async function createPromotion(overrides: Partial<PromotionBody> = {}) {
  const reply = await call<OpsPromotion>(site.app, {
    method: 'POST',
    url: promotionOpsPaths.promotions,
    headers: opsHeaders,
    payload: body(overrides),
  });
  expect(reply.status).toBe(200);
  return reply.body.value!;
}

/** A paid deposit of the player's, paid now on the test clock. */
async function paidDeposit(p: Player, amount: bigint) {
  await db().execute(sql`
    INSERT INTO deposit_orders (id, member_id, channel_id, kind, amount, currency, status,
      idempotency_key, created_at, updated_at)
    SELECT ${randomUUID()}::uuid, ${p.member.id}, c.id, c.kind, ${amount.toString()}::bigint,
      'INR', 'paid', ${randomUUID()}, ${clock.now().toISOString()}::timestamptz,
      ${clock.now().toISOString()}::timestamptz
    FROM payment_channels c ORDER BY c.id LIMIT 1`);
}

/** Bets in the rollups: `turnover` of valid turnover (and net loss) in the current window. */
async function played(p: Player, turnover: bigint, netLoss = 0n) {
  const at = clock.now();
  await db().execute(sql`
    INSERT INTO game_rollups_5m (member_id, window_start, vassalage, game_type, bet_count, stake,
      valid_turnover, win, net_loss)
    VALUES (${p.member.id},
      date_bin('5 minutes', ${at.toISOString()}::timestamptz, timestamptz 'epoch'),
      'BUILTIN', 'SLOT', 1, ${turnover.toString()}::bigint, ${turnover.toString()}::bigint,
      ${(turnover - netLoss).toString()}::bigint, ${netLoss.toString()}::bigint)
    ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
      valid_turnover = game_rollups_5m.valid_turnover + excluded.valid_turnover,
      net_loss = game_rollups_5m.net_loss + excluded.net_loss`);
}

const list = (p: Player | null, language = 'en') =>
  call<{ list: Promotion[] }>(site.app, {
    url: promotionPaths.list,
    headers: { ...(p ? p.headers : {}), 'accept-language': language },
  });

async function stateOf(p: Player | null, id: number) {
  const reply = await list(p);
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.value?.list.find((promotion) => promotion.id === id);
}

const claim = (p: Player, payload: unknown, url: string = promotionPaths.claim) =>
  call<PromotionClaim>(site.app, {
    method: 'POST',
    url,
    headers: { ...p.headers, 'accept-language': 'en' },
    remoteAddress: p.ip,
    payload: payload as object,
  });

const apply = (p: Player, payload: unknown) =>
  call<PromotionClaim>(site.app, {
    method: 'POST',
    url: promotionPaths.apply,
    headers: { ...p.headers, 'accept-language': 'en' },
    remoteAddress: p.ip,
    payload: payload as object,
  });

const balanceOf = async (p: Player) =>
  (await call<BalanceReply>(site.app, { url: walletPaths.balance, headers: p.headers })).body.value
    ?.sumBalance;

async function bonusEntries(p: Player) {
  const [row] = await db()
    .select({ n: count() })
    .from(ledgerEntries)
    .where(
      sql`${ledgerEntries.walletId} IN (SELECT id FROM wallets WHERE member_id = ${p.member.id})
        AND ${ledgerEntries.kind} = 'bonus'`,
    );
  return row?.n ?? 0;
}

async function claimsOf(p: Player) {
  const [row] = await db()
    .select({ n: count() })
    .from(promotionClaims)
    .where(eq(promotionClaims.memberId, p.member.id));
  return row?.n ?? 0;
}

// The smallest PNG signature with its IHDR chunk (sniffed by content).
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
]);
// A JPEG's start-of-image marker followed by another marker (sniffed by content).
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

describe('operator promotions', () => {
  it('bad input is a translated 400 and writes nothing; a good one is listed', async () => {
    const [before] = await db().select({ n: count() }).from(promotions);
    for (const payload of [
      { ...body(), kind: 'jackpot' },
      { ...body(), rateBps: -1 },
      { ...body(), cap: '-5' },
      { ...body(), kind: 'raffle', prizes: [] },
      { ...body(), endsAt: new Date(clock.now().getTime() - 2 * 86_400_000).toISOString() },
      { ...body(), title: { hi: '', en: 'x', bn: 'y' } },
    ]) {
      const reply = await call(site.app, {
        method: 'POST',
        url: promotionOpsPaths.promotions,
        headers: { ...opsHeaders, 'accept-language': 'hi' },
        payload,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/[\u0900-\u097F]/);
    }
    const [after] = await db().select({ n: count() }).from(promotions);
    expect(after?.n).toBe(before?.n);
    const made = await createPromotion({ sort: 9000 });
    const all = await call<{ list: OpsPromotion[] }>(site.app, {
      url: promotionOpsPaths.promotions,
      headers: opsHeaders,
    });
    expect(all.body.value?.list.map((row) => row.id)).toContain(made.id);
    const unauthorised = await call(site.app, {
      method: 'POST',
      url: promotionOpsPaths.promotions,
      payload: body(),
    });
    expect(unauthorised.status).toBe(401);
  });
});

describe('claim', () => {
  it('a deposit bonus: join, then claim after a deposit (10 % up to the cap), credited once', async () => {
    const promotion = await createPromotion({ cap: '20000' });
    const p = await player();
    expect((await stateOf(null, promotion.id))?.state).toBe('join');
    expect((await stateOf(p, promotion.id))?.state).toBe('join');
    await paidDeposit(p, 50_000n);
    const view = await stateOf(p, promotion.id);
    expect(view).toMatchObject({ state: 'claim', amount: '5000' });
    const claimed = await claim(p, { promotionId: promotion.id });
    expect(claimed.status).toBe(200);
    expect(claimed.body.value).toMatchObject({ state: 'issued', amount: '5000' });
    expect(await balanceOf(p)).toBe('5000');
    // Bonus details name the promotion in the player's language, not its ledger reference.
    for (const [language, title] of [
      ['en', promotionBody().title.en],
      ['hi', promotionBody().title.hi],
    ] as const) {
      const records = await call<RecordPage>(site.app, {
        // The entries carry the database's time, not the test's clock.
        url: recordsPaths.bonuses,
        query: {
          startDate: new Date(Date.now() - 86_400_000).toISOString(),
          endDate: new Date(Date.now() + 86_400_000).toISOString(),
        },
        headers: { ...p.headers, 'accept-language': language },
      });
      expect(records.body.value?.content.map((row) => [row.kind, row.remark])).toEqual([
        ['bonus', title],
      ]);
    }
    expect((await stateOf(p, promotion.id))?.state).toBe('claimed');
    const again = await claim(p, { promotionId: promotion.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('promotion_already_claimed');
    // A larger deposit: capped.
    const q = await player();
    await paidDeposit(q, 1_000_000n);
    expect((await stateOf(q, promotion.id))?.amount).toBe('20000');
  });

  it('bad input is a translated 400 and writes nothing', async () => {
    const promotion = await createPromotion();
    const p = await player();
    await paidDeposit(p, 50_000n);
    for (const payload of [
      {},
      { promotionId: 'x' },
      { promotionId: 0 },
      { promotionId: 2 ** 31 },
      { promotionId: promotion.id, extra: '\u0000' },
    ]) {
      const reply = await call(site.app, {
        method: 'POST',
        url: promotionPaths.claim,
        headers: { ...p.headers, 'accept-language': 'bn' },
        remoteAddress: p.ip,
        payload,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toMatch(/[\u0980-\u09FF]/);
    }
    const unknown = await claim(p, { promotionId: 999_999 });
    expect(unknown.status).toBe(404);
    expect(await claimsOf(p)).toBe(0);
    expect(await bonusEntries(p)).toBe(0);
  });

  it('two claims at once credit once', async () => {
    const promotion = await createPromotion();
    const p = await player();
    await paidDeposit(p, 80_000n);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => claim(p, { promotionId: promotion.id })),
    );
    expect(replies.some((reply) => reply.status === 200)).toBe(true);
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    expect(await bonusEntries(p)).toBe(1);
    expect(await claimsOf(p)).toBe(1);
    expect(await balanceOf(p)).toBe('8000');
  });

  it('eligibility: dates, VIP level, new players only, once per period', async () => {
    const p = await player();
    await paidDeposit(p, 50_000n);
    const later = await createPromotion({
      startsAt: new Date(clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect((await stateOf(p, later.id))?.state).toBe('comingSoon');
    expect((await claim(p, { promotionId: later.id })).body.code).toBe('promotion_not_claimable');
    const over = await createPromotion({
      startsAt: new Date(clock.now().getTime() - 2 * 86_400_000).toISOString(),
      endsAt: new Date(clock.now().getTime() - 1000).toISOString(),
    });
    expect((await stateOf(p, over.id))?.state).toBe('close');
    const vip = await createPromotion({ minVipLevel: 2 });
    expect((await stateOf(p, vip.id))?.state).toBe('close');
    await db().execute(sql`INSERT INTO member_vip (member_id, level) VALUES (${p.member.id}, 3)`);
    expect((await stateOf(p, vip.id))?.state).toBe('claim');
    // Registered before the promotion started: not a new player.
    clock.advance(1000);
    const fresh = await createPromotion({
      newPlayersOnly: true,
      startsAt: clock.now().toISOString(),
    });
    expect((await stateOf(p, fresh.id))?.state).toBe('close');
    const newcomer = await player();
    await paidDeposit(newcomer, 50_000n);
    expect((await stateOf(newcomer, fresh.id))?.state).toBe('claim');
    // Once per day: claimed today, claimable again after a new deposit tomorrow.
    const daily = await createPromotion();
    expect((await claim(p, { promotionId: daily.id })).status).toBe(200);
    expect((await stateOf(p, daily.id))?.state).toBe('claimed');
    clock.advance(23 * 3_600_000);
    expect((await stateOf(p, daily.id))?.state).toBe('join');
    await paidDeposit(p, 30_000n);
    expect((await claim(p, { promotionId: daily.id })).body.value?.amount).toBe('3000');
    expect(await bonusEntries(p)).toBe(2);
  });

  it('a first deposit bonus counts only the first deposit, once', async () => {
    const promotion = await createPromotion({
      kind: 'firstDeposit',
      period: 'once',
      rateBps: 10_000,
      cap: '100000',
    });
    const p = await player();
    await paidDeposit(p, 30_000n);
    clock.advance(1000);
    await paidDeposit(p, 90_000n);
    expect((await stateOf(p, promotion.id))?.amount).toBe('30000');
    expect((await claim(p, { promotionId: promotion.id })).status).toBe(200);
    expect((await stateOf(p, promotion.id))?.state).toBe('claimed');
  });

  it("a raffle: process until the period's turnover reaches the minimum, then a drawn prize", async () => {
    const raffle = await createPromotion({
      kind: 'raffle',
      minAmount: '50000',
      prizes: [
        { amount: '1000', weight: 3 },
        { amount: '7000', weight: 1 },
      ],
    });
    const p = await player();
    expect((await stateOf(p, raffle.id))?.state).toBe('join');
    await played(p, 20_000n);
    expect((await stateOf(p, raffle.id))?.state).toBe('process');
    const early = await claim(p, { promotionId: raffle.id }, promotionPaths.claimRaffle);
    expect(early.body.code).toBe('promotion_not_claimable');
    await played(p, 40_000n);
    expect((await stateOf(p, raffle.id))?.state).toBe('claim');
    // The plain claim call does not draw raffles.
    expect((await claim(p, { promotionId: raffle.id })).status).toBe(409);
    const replies = await Promise.all([
      claim(p, { promotionId: raffle.id }, promotionPaths.claimRaffle),
      claim(p, { promotionId: raffle.id }, promotionPaths.claimRaffle),
    ]);
    expect(replies.some((reply) => reply.status === 200)).toBe(true);
    expect(await bonusEntries(p)).toBe(1);
    expect(['1000', '7000']).toContain(await balanceOf(p));
  });
});

describe('apply and approval', () => {
  it('remark and images are checked; nothing is written on bad input', async () => {
    const promotion = await createPromotion({ needsApproval: true, kind: 'cashback' });
    const p = await player();
    const bad: unknown[] = [
      { promotionId: promotion.id, remark: 'x'.repeat(141), images: [] },
      { promotionId: promotion.id, remark: 'ok', images: ['not base64!'] },
    ];
    for (const payload of bad) expect((await apply(p, payload)).status).toBe(400);
    const refused: [string, Buffer[], number, string, string][] = [
      [
        'a text file (no name, no declared type: the bytes decide)',
        [Buffer.from('GIF89a pretending to be an image')],
        415,
        'image_invalid',
        'Only PNG or JPG images are accepted.',
      ],
      [
        'a 6 MB png',
        [Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length)])],
        413,
        'image_too_large',
        'Each image may be at most 5 MB.',
      ],
      [
        'four images',
        [png, png, png, png],
        413,
        'too_many_images',
        'At most 3 images may be uploaded.',
      ],
    ];
    for (const [label, images, status, code, message] of refused) {
      const reply = await apply(p, {
        promotionId: promotion.id,
        remark: 'ok',
        images: images.map((image) => image.toString('base64')),
      });
      expect([label, reply.status, reply.body.code, reply.body.message]).toEqual([
        label,
        status,
        code,
        message,
      ]);
    }
    expect(await claimsOf(p)).toBe(0);
  });

  it('takes a jpg and a png (by content) and serves each with its type', async () => {
    const promotion = await createPromotion({ needsApproval: true, kind: 'cashback' });
    const p = await player();
    const applied = await apply(p, {
      promotionId: promotion.id,
      remark: 'receipts',
      images: [jpeg.toString('base64'), png.toString('base64')],
    });
    expect(applied.status).toBe(200);
    expect(applied.body.value).toMatchObject({ state: 'applying', imageCount: 2 });
    const claimId = String(applied.body.value?.id);
    for (const [index, type, bytes] of [
      ['0', 'image/jpeg', jpeg],
      ['1', 'image/png', png],
    ] as const) {
      const image = await site.app.inject({
        url: promotionPaths.image.replace(':claimId', claimId).replace(':index', index),
        headers: p.headers,
      });
      expect(image.headers['content-type']).toBe(type);
      expect(image.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('an application waits (applying), its image is served to its owner, the operator approves once', async () => {
    const promotion = await createPromotion({
      needsApproval: true,
      kind: 'cashback',
      rateBps: 1000,
      minAmount: '0',
    });
    const p = await player();
    const other = await player();
    // Today's net loss, paid back tomorrow: 10 %.
    await played(p, 100_000n, 60_000n);
    expect((await stateOf(p, promotion.id))?.state).toBe('join');
    clock.advance(23 * 3_600_000);
    expect((await stateOf(p, promotion.id))?.state).toBe('claim');
    expect((await claim(p, { promotionId: promotion.id })).body.code).toBe(
      'promotion_not_claimable',
    );
    const applied = await apply(p, {
      promotionId: promotion.id,
      remark: 'my losses',
      images: [png.toString('base64')],
    });
    expect(applied.status).toBe(200);
    expect(applied.body.value).toMatchObject({ state: 'applying', amount: '6000', imageCount: 1 });
    const claimId = applied.body.value!.id;
    expect((await stateOf(p, promotion.id))?.state).toBe('applying');
    const imageUrl = promotionPaths.image
      .replace(':claimId', String(claimId))
      .replace(':index', '0');
    const image = await site.app.inject({ url: imageUrl, headers: p.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await site.app.inject({ url: imageUrl, headers: other.headers })).statusCode).toBe(404);
    const waiting = await call<{ list: { id: number }[] }>(site.app, {
      url: promotionOpsPaths.claims,
      headers: opsHeaders,
    });
    expect(waiting.body.value?.list.map((row) => row.id)).toContain(claimId);
    const approve = () =>
      call<PromotionClaim>(site.app, {
        method: 'POST',
        url: promotionOpsPaths.approve.replace(':claimId', String(claimId)),
        headers: opsHeaders,
        payload: {},
      });
    const [first, second] = await Promise.all([approve(), approve()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await bonusEntries(p)).toBe(1);
    expect(await balanceOf(p)).toBe('6000');
    expect((await stateOf(p, promotion.id))?.state).toBe('claimed');
    const reject = await call(site.app, {
      method: 'POST',
      url: promotionOpsPaths.reject.replace(':claimId', String(claimId)),
      headers: opsHeaders,
      payload: { reason: 'late' },
    });
    expect(reject.body.code).toBe('promotion_claim_state_invalid');
  });

  it('a rejected application shows rejected and credits nothing', async () => {
    const promotion = await createPromotion({ needsApproval: true });
    const p = await player();
    const applied = await apply(p, { promotionId: promotion.id, remark: '', images: [] });
    expect(applied.status).toBe(200);
    const reject = await call<PromotionClaim>(site.app, {
      method: 'POST',
      url: promotionOpsPaths.reject.replace(':claimId', String(applied.body.value!.id)),
      headers: opsHeaders,
      payload: { reason: 'no deposit' },
    });
    expect(reject.body.value).toMatchObject({ state: 'rejected', rejectReason: 'no deposit' });
    expect((await stateOf(p, promotion.id))?.state).toBe('rejected');
    expect(await bonusEntries(p)).toBe(0);
  });
});

describe('wagering and withdrawals', () => {
  async function boundAccount(p: Player) {
    const reply = await call<BankAccount>(site.app, {
      method: 'POST',
      url: withdrawPaths.bankAccounts,
      headers: p.headers,
      remoteAddress: p.ip,
      payload: {
        bankName: 'State Bank',
        accountHolder: 'Asha Rao',
        accountNumber: `1234 5678 ${String(1000 + ++counter)}`,
        ifsc: 'SBIN0001234',
      },
    });
    expect(reply.status).toBe(200);
    return reply.body.value!;
  }

  const withdraw = async (p: Player, accountId: number, amount: string, language: string) =>
    call<Withdrawal>(site.app, {
      method: 'POST',
      url: withdrawPaths.requests,
      headers: { ...p.headers, 'accept-language': language },
      remoteAddress: p.ip,
      payload: {
        enc: await encryptFor(site.app, {
          bankAccountId: accountId,
          amount,
          paymentPassword: PAY,
          idempotencyKey: randomUUID(),
        }),
      },
    });

  it('wagering counts the turnover since the claim, not earlier play of its window (issue 34)', async () => {
    const promotion = await createPromotion({ wageringMultiplier: 5, cap: '100000' });
    const p = await player({ balance: 100_000n });
    await paidDeposit(p, 100_000n);
    // Two minutes into a window: play first, then claim in the same window.
    const intoWindow = clock.now().getTime() % (5 * 60_000);
    clock.advance(5 * 60_000 - intoWindow + 2 * 60_000);
    await played(p, 50_000n);
    clock.advance(60_000);
    expect((await claim(p, { promotionId: promotion.id })).status).toBe(200);
    const info = async () =>
      (await call<WithdrawInfo>(site.app, { url: withdrawPaths.info, headers: p.headers })).body
        .value!;
    expect(await info()).toMatchObject({ held: '10000', turnoverNeeded: '50000' });
    // Play after the claim counts at once, in the claim's own window too.
    clock.advance(60_000);
    await played(p, 20_000n);
    expect(await info()).toMatchObject({ held: '10000', turnoverNeeded: '30000' });
    clock.advance(5 * 60_000);
    await played(p, 30_000n);
    expect(await info()).toMatchObject({ held: '0', turnoverNeeded: '0' });
  });

  it('/withdraw/info says what can be withdrawn now and what the bonus wagering holds (issue 34)', async () => {
    const promotion = await createPromotion({ wageringMultiplier: 5, cap: '100000' });
    const p = await player({ balance: 100_000n });
    await paidDeposit(p, 100_000n);
    expect((await claim(p, { promotionId: promotion.id })).status).toBe(200);
    const info = async () =>
      (await call<WithdrawInfo>(site.app, { url: withdrawPaths.info, headers: p.headers })).body
        .value!;
    // 1100.00 in the wallet, the 100.00 bonus held until 500.00 is played.
    expect(await info()).toMatchObject({
      withdrawable: '100000',
      held: '10000',
      turnoverNeeded: '50000',
    });
    // What it says can go, goes; one minor unit more would not have.
    const account = await boundAccount(p);
    expect((await withdraw(p, account.id, '100000', 'en')).status).toBe(200);
    expect(await info()).toMatchObject({ withdrawable: '0', held: '10000' });
    clock.advance(5 * 60_000);
    await played(p, 50_000n);
    expect(await info()).toMatchObject({ withdrawable: '10000', held: '0', turnoverNeeded: '0' });
  });

  it('a withdrawal above the withdrawable amount is refused, translated, until the turnover is met', async () => {
    const promotion = await createPromotion({ wageringMultiplier: 5, cap: '100000' });
    const p = await player({ balance: 100_000n });
    await paidDeposit(p, 100_000n);
    expect((await claim(p, { promotionId: promotion.id })).status).toBe(200);
    expect(await balanceOf(p)).toBe('110000');
    const account = await boundAccount(p);
    const details = async () =>
      (
        await call<BonusDetails>(site.app, {
          url: promotionPaths.bonusDetails,
          headers: p.headers,
        })
      ).body.value!;
    expect(await details()).toMatchObject({ held: '10000', turnoverNeeded: '50000' });
    // The bonus (100.00) is held: at most 1000.00 of 1100.00 may go.
    const refused = await withdraw(p, account.id, '100001', 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('bonus_wagering_unmet');
    expect(refused.body.message).toContain('500.00');
    expect(refused.body.message).toContain('1000.00');
    const hindi = await withdraw(p, account.id, '100001', 'hi');
    expect(hindi.body.message).toMatch(/[\u0900-\u097F]/);
    expect(await balanceOf(p)).toBe('110000');
    // Played part of it: the details move; still refused.
    clock.advance(5 * 60_000);
    await played(p, 30_000n);
    const partly = await details();
    expect(partly.list[0]).toMatchObject({ wageringDone: '30000', wageringRemaining: '20000' });
    expect((await withdraw(p, account.id, '100001', 'en')).body.code).toBe('bonus_wagering_unmet');
    // Within the withdrawable amount: allowed.
    expect((await withdraw(p, account.id, '20000', 'en')).status).toBe(200);
    await played(p, 20_000n);
    expect(await details()).toMatchObject({ held: '0', turnoverNeeded: '0' });
    expect((await withdraw(p, account.id, '90000', 'en')).status).toBe(200);
    expect(await balanceOf(p)).toBe('0');
  });
});

describe('public state, badges and the reward center', () => {
  it('counts claimable promotions, pushes badges live on a claim, lists the reward center', async () => {
    const p = await player();
    const promotion = await createPromotion({ sort: 1 });
    await paidDeposit(p, 50_000n);
    const state = async () =>
      (await call<PublicState>(site.app, { url: promotionPaths.publicState, headers: p.headers }))
        .body.value!;
    const before = await state();
    expect(before.availablePromoCount).toBeGreaterThanOrEqual(1);
    expect(before).toMatchObject({ hasVip: false, vipRankLevel: 0, unreadMessage: 0 });
    expect(before.availablePromo).toEqual([{ type: 'REFERRAL', enabled: false }]);
    const rewards = await call<{ list: RewardItem[] }>(site.app, {
      url: promotionPaths.rewardCenter,
      headers: { ...p.headers, 'accept-language': 'en' },
    });
    expect(rewards.body.value?.list).toContainEqual({
      kind: 'promotion',
      ref: String(promotion.id),
      amount: '5000',
      title: 'Deposit bonus',
    });
    const client = realtimeClient(baseUrl, p.token);
    await client.connected();
    expect((await claim(p, { promotionId: promotion.id })).status).toBe(200);
    const badges = await client.next('badges');
    expect(badges.availablePromoCount).toBe(before.availablePromoCount - 1);
    expect(badges.rewardCenter).toBe(before.badges.rewardCenter - 1);
    client.close();
    await createPromotion({ kind: 'referral', period: 'once', rateBps: 0 });
    await db().execute(sql`INSERT INTO member_vip (member_id, level) VALUES (${p.member.id}, 5)`);
    expect(await state()).toMatchObject({
      hasVip: true,
      vipRankLevel: 5,
      availablePromo: [{ type: 'REFERRAL', enabled: true }],
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltinPlayReply,
  type BuiltinSessionReply,
  type BuiltinState,
  builtinGamesPaths,
  builtinProviderCode,
} from '../../src/contract/builtin-games.ts';
import { loyaltyOpsPaths, loyaltyPaths, type Redemptions } from '../../src/contract/loyalty.ts';
import {
  type FreeRoundReply,
  type LaunchReply,
  launchPaths,
  seamlessPaths,
} from '../../src/contract/seamless.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { player, signedCall, uid } from '../support/seamless.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';

/**
 * Free spins of the points mall (issue 16): a released free_spins redemption grants free rounds
 * in a built-in game, in the release's transaction, once; the built-in provider plays them
 * through the real seamless wallet (`freeRound`: no stake debited, the win a `bonus` posting
 * keyed by grant and round, one round off the grant, in one statement).
 */
const site = testSite();
const db = () => site.database.db;
const PAY = 'pay-4321';
beforeAll(async () => {
  // The provider calls this server's own address, signed like any provider.
  await site.app.listen({ port: 0, host: '127.0.0.1' });
});

type Rows<T> = { rows: T[] };
const query = async <T>(text: ReturnType<typeof sql>) =>
  ((await db().execute(text)) as unknown as Rows<T>).rows;
const balanceOf = async (memberId: number) =>
  (await site.app.wallet.ledger.balance(memberId)).wallets.find((w) => w.kind === 'main')
    ?.balance ?? 0n;

async function ops<T>(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return call<T>(site.app, { method, url, headers: opsHeaders, payload: payload as object });
}

/** A player with money, a payment password and points to spend. */
async function redeemer(money: bigint, points: number) {
  const made = await player(site.app, db(), money);
  await db()
    .update(members)
    .set({ paymentPasswordHash: await hashMemberPassword(PAY) })
    .where(eq(members.id, made.member.id));
  await db().execute(sql`INSERT INTO member_loyalty (member_id, points, points_earned)
    VALUES (${made.member.id}, ${points}, ${points})`);
  return made;
}

async function freeSpinsItem(rounds: number, spinStake: string) {
  const made = await ops<{ id: number }>('POST', loyaltyOpsPaths.items, {
    kind: 'free_spins',
    nameHi: 'फ्री स्पिन',
    nameEn: 'Free spins',
    nameBn: 'ফ্রি স্পিন',
    cost: '10',
    freeSpins: rounds,
    gameCode: 'slot',
    spinStake,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.value!.id;
}

async function redeem(headers: Record<string, string>, itemId: number) {
  const reply = await call<{ redemption: { id: number } }>(site.app, {
    method: 'POST',
    url: loyaltyPaths.pointsRedeem,
    headers,
    payload: { itemId, paymentPassword: PAY, idempotencyKey: uid('redeem') },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value!.redemption.id;
}

async function open(headers: Record<string, string>) {
  const launched = await call<LaunchReply>(site.app, {
    url: `${launchPaths.launchGame}?gameCode=slot&vassalage=BUILTIN&language=en`,
    headers,
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const token = new URL(launched.body.value!.url, 'http://site.test').searchParams.get('token')!;
  const reply = await call<BuiltinSessionReply>(site.app, {
    method: 'POST',
    url: builtinGamesPaths.session,
    payload: { launchToken: token },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value!;
}

const spin = (sessionToken: string, stake: string) =>
  call<BuiltinPlayReply>(site.app, {
    method: 'POST',
    url: builtinGamesPaths.play,
    headers: { authorization: `Bearer ${sessionToken}` },
    payload: { game: 'slot', stake },
  });

const grantsOf = (memberId: number) =>
  query<{ id: string; rounds_left: number; rounds_total: number; stake: string }>(sql`
    SELECT id::text AS id, rounds_left, rounds_total, stake::text AS stake
    FROM free_round_grants WHERE member_id = ${memberId} ORDER BY id`);

/** The bonus postings of free rounds of the member: key, amount. */
const freeRoundPostings = (memberId: number) =>
  query<{ key: string; kind: string; amount: string }>(sql`
    SELECT p.idempotency_key AS key, e.kind, e.amount::text AS amount
    FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id
    JOIN wallets w ON w.id = e.wallet_id
    WHERE w.member_id = ${memberId} AND p.idempotency_key LIKE 'free-round:%' ORDER BY p.id`);

describe('free spins of the points mall', () => {
  it('a released redemption grants once; free rounds cost nothing, wins are bonus postings, then spins debit', async () => {
    const { member, headers } = await redeemer(10_000n, 100);
    const itemId = await freeSpinsItem(3, '500');
    const id = await redeem(headers, itemId);
    expect((await ops('POST', `/ops/loyalty/points/redemptions/${id}/approve`, {})).status).toBe(
      200,
    );
    expect(await grantsOf(member.id)).toEqual([]);
    // Two releases at once, then a third: one grant of 3 rounds.
    const releases = await Promise.all(
      [1, 2].map(() => ops('POST', `/ops/loyalty/points/redemptions/${id}/release`, {})),
    );
    expect(releases.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await ops('POST', `/ops/loyalty/points/redemptions/${id}/release`, {})).status).toBe(
      409,
    );
    const [grant, ...more] = await grantsOf(member.id);
    expect(more).toEqual([]);
    expect(grant).toMatchObject({ rounds_left: 3, rounds_total: 3, stake: '500' });
    const listed = await call<Redemptions>(site.app, {
      url: loyaltyPaths.pointsRedemptions,
      headers,
    });
    expect(listed.body.value?.list[0]).toMatchObject({
      id,
      state: 'released',
      freeRounds: { gameCode: 'slot', rounds: 3, roundsLeft: 3, stake: '500' },
    });

    const session = await open(headers);
    expect(session.freeRounds).toEqual({ roundsLeft: 3, stake: '500' });
    let expected = 10_000n;
    const freeWins: bigint[] = [];
    for (const left of [2, 1]) {
      // The stake chosen is not used: the round's is the grant's, and nothing is debited.
      const reply = await spin(session.sessionToken, '2000');
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const { round, balance, freeRounds } = reply.body.value!;
      expect(round).toMatchObject({ stake: '500', free: true });
      expect(freeRounds).toEqual({ roundsLeft: left, stake: '500' });
      expected += BigInt(round.win);
      freeWins.push(BigInt(round.win));
      expect(BigInt(balance)).toBe(expected);
      expect(await balanceOf(member.id)).toBe(expected);
    }
    expect((await grantsOf(member.id))[0]!.rounds_left).toBe(1);

    // Two spins at once on the last round: it is used once (the other is refused, or, when it
    // asked after the first had finished, is a paid round).
    const both = await Promise.all([
      spin(session.sessionToken, '1000'),
      spin(session.sessionToken, '1000'),
    ]);
    const played = both.filter((r) => r.status === 200).map((r) => r.body.value!.round);
    const free = played.filter((round) => round.free);
    expect(free).toHaveLength(1);
    for (const refused of both.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('free_rounds_none');
    }
    for (const round of played) {
      if (round.free) {
        freeWins.push(BigInt(round.win));
        expected += BigInt(round.win);
      } else {
        expect(round.stake).toBe('1000');
        expected += BigInt(round.win) - 1000n;
      }
    }
    expect((await grantsOf(member.id))[0]!.rounds_left).toBe(0);
    expect(await balanceOf(member.id)).toBe(expected);

    // The N+1th spin: a paid one, at the stake chosen.
    const paid = await spin(session.sessionToken, '2000');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value!.round.free).toBeUndefined();
    expect(paid.body.value!.round.stake).toBe('2000');
    expect(paid.body.value!.freeRounds).toEqual({ roundsLeft: 0, stake: '0' });
    expected += BigInt(paid.body.value!.round.win) - 2000n;
    expect(await balanceOf(member.id)).toBe(expected);

    // Each free win is one bonus posting keyed by grant and round number; losses post nothing.
    const postings = await freeRoundPostings(member.id);
    const wonRounds = freeWins.map((win, i) => ({ win, n: i + 1 })).filter(({ win }) => win > 0n);
    expect(postings).toEqual(
      wonRounds.map(({ win, n }) => ({
        key: `free-round:${grant!.id}:${n}`,
        kind: 'bonus',
        amount: win.toString(),
      })),
    );
    // The free rounds' bet rows: stake 0, no turnover, the win, marked with the grant.
    const bets = await query<{ stake: string; win: string; valid: string; grant: string }>(sql`
      SELECT stake::text AS stake, win::text AS win, valid_turnover::text AS valid,
        free_round_grant_id::text AS grant FROM game_bets
      WHERE member_id = ${member.id} AND free_round_grant_id IS NOT NULL ORDER BY id`);
    expect(bets).toEqual(
      freeWins.map((win) => ({ stake: '0', win: win.toString(), valid: '0', grant: grant!.id })),
    );
    const history = await call<Redemptions>(site.app, {
      url: loyaltyPaths.pointsRedemptions,
      headers,
    });
    expect(history.body.value?.list[0]?.freeRounds).toMatchObject({ rounds: 3, roundsLeft: 0 });
    const state = await call<BuiltinState>(site.app, {
      url: builtinGamesPaths.state,
      headers: { authorization: `Bearer ${session.sessionToken}` },
    });
    expect(state.body.value?.freeRounds).toEqual({ roundsLeft: 0, stake: '0' });
  });

  it('a free round sent twice with one transaction id is played once; a wrong stake or game is refused; two rounds at once on the last one pay once', async () => {
    const { member, headers } = await redeemer(0n, 100);
    const id = await redeem(headers, await freeSpinsItem(2, '300'));
    await ops('POST', `/ops/loyalty/points/redemptions/${id}/approve`, {});
    await ops('POST', `/ops/loyalty/points/redemptions/${id}/release`, {});
    const [grant] = await grantsOf(member.id);
    const session = await open(headers);
    // The wallet's player session of the provider's session (what the provider sends).
    const [row] = await query<{ wallet_session: string }>(sql`
      SELECT wallet_session FROM builtin_game_sessions WHERE player_id = ${String(member.id)}
      ORDER BY created_at DESC LIMIT 1`);
    expect(session.freeRounds?.roundsLeft).toBe(2);
    const secret = (await site.app.seamless.providerSecret(builtinProviderCode))!;
    const provider = { code: builtinProviderCode, secret };
    const body = (transactionId: string, overrides: Record<string, string> = {}) => ({
      sessionToken: row!.wallet_session,
      playerId: String(member.id),
      transactionId,
      roundId: `${transactionId}-round`,
      gameCode: 'slot',
      grantId: grant!.id,
      stake: '300',
      amount: '450',
      currency: 'INR',
      ...overrides,
    });
    const transactionId = uid('free');
    const twice = await Promise.all(
      [1, 2].map(() =>
        signedCall<FreeRoundReply>(
          site.app,
          provider,
          seamlessPaths.freeRound,
          body(transactionId),
        ),
      ),
    );
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(twice[0]!.body.value).toEqual(twice[1]!.body.value);
    expect(twice[0]!.body.value).toMatchObject({ roundsLeft: 1, balance: '450' });
    expect(await balanceOf(member.id)).toBe(450n);
    const wrongStake = await signedCall(
      site.app,
      provider,
      seamlessPaths.freeRound,
      body(uid('free'), { stake: '301' }),
    );
    expect(wrongStake.status).toBe(409);
    expect(wrongStake.body.code).toBe('free_rounds_none');
    const wrongGame = await signedCall(
      site.app,
      provider,
      seamlessPaths.freeRound,
      body(uid('free'), { gameCode: 'dice' }),
    );
    expect(wrongGame.status).toBe(409);
    expect((await grantsOf(member.id))[0]!.rounds_left).toBe(1);
    // Two rounds at once (two transaction ids) on the last one: one is played and paid.
    const last = await Promise.all(
      [uid('free'), uid('free')].map((id) =>
        signedCall<FreeRoundReply>(site.app, provider, seamlessPaths.freeRound, body(id)),
      ),
    );
    expect(last.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(last.find((r) => r.status === 409)!.body.code).toBe('free_rounds_none');
    expect((await grantsOf(member.id))[0]!.rounds_left).toBe(0);
    expect(await balanceOf(member.id)).toBe(900n);
    expect(await freeRoundPostings(member.id)).toEqual([
      { key: `free-round:${grant!.id}:1`, kind: 'bonus', amount: '450' },
      { key: `free-round:${grant!.id}:2`, kind: 'bonus', amount: '450' },
    ]);
  });
});

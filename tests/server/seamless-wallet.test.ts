import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import {
  gameBets,
  gameRollups,
  seamlessTombstones,
  seamlessTransactions,
} from '../../src/server/areas/games/seamless/seamless.schema.ts';
import { ledgerPostings } from '../../src/server/areas/wallet/ledger.schema.ts';
import {
  seamlessPaths,
  type AuthenticateReply,
  type SeamlessBalance,
  type TransactionReply,
} from '../../src/contract/seamless.ts';
import { walletOpsPaths, type ReconcileReply } from '../../src/contract/wallet.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import {
  addProvider,
  catalogGame,
  launch,
  player,
  signedCall,
  signedRaw,
  uid,
} from '../support/seamless.ts';

const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
const site = testSite({}, { clock: clock.now });
const db = (): Db => site.database.db;
const seconds = () => Math.floor(clock.now().getTime() / 1000);

/** A provider, a player with money, and the provider's player session. */
async function table(credit = 100_000n) {
  const provider = await addProvider(site.app, {}, db());
  const { member, headers } = await player(site.app, db(), credit);
  const { launchToken } = await launch(site.app, headers, provider.vassalage);
  const auth = await send<AuthenticateReply>(provider, seamlessPaths.authenticate, { launchToken });
  expect(auth.status).toBe(200);
  const session = {
    sessionToken: auth.body.value?.sessionToken ?? '',
    playerId: String(member.id),
  };
  return { provider, member, headers, session, launchToken };
}

function send<T = TransactionReply>(
  provider: { code: string; secret: string },
  path: string,
  body: unknown,
  options: { timestamp?: number; signature?: string; raw?: string } = {},
) {
  return signedCall<T>(site.app, provider, path, body, { timestamp: seconds(), ...options });
}

const bet = (session: object, amount: string, extra: Record<string, unknown> = {}) => ({
  ...session,
  transactionId: uid('bet'),
  roundId: uid('round'),
  gameCode: 'slot-1',
  amount,
  currency: 'INR',
  ...extra,
});

async function rowsOf(providerCode: string) {
  const [bets] = await db()
    .select({ n: count() })
    .from(gameBets)
    .where(eq(gameBets.providerCode, providerCode));
  const [transactions] = await db()
    .select({ n: count() })
    .from(seamlessTransactions)
    .where(eq(seamlessTransactions.providerCode, providerCode));
  return { bets: bets?.n ?? 0, transactions: transactions?.n ?? 0 };
}

describe('seamless wallet conformance', () => {
  it('authenticates a launch token once, then answers the balance', async () => {
    const { provider, session, launchToken } = await table(70_000n);
    const again = await send(provider, seamlessPaths.authenticate, { launchToken });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('seamless_token_invalid');
    const balance = await send<SeamlessBalance>(provider, seamlessPaths.balance, session);
    expect(balance.body.value).toEqual({ balance: '70000', currency: 'INR' });
  });

  it('a bet and its win move the main wallet, write one bet row and the 5-minute rollup', async () => {
    const { provider, member, session } = await table();
    const placed = bet(session, '2500');
    const betReply = await send(provider, seamlessPaths.bet, placed);
    expect(betReply.status).toBe(200);
    expect(betReply.body.value?.balance).toBe('97500');
    const win = await send(provider, seamlessPaths.win, {
      ...session,
      transactionId: uid('win'),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      gameCode: 'slot-1',
      amount: '6000',
      currency: 'INR',
    });
    expect(win.body.value?.balance).toBe('103500');
    const [row] = await db()
      .select()
      .from(gameBets)
      .where(eq(gameBets.transactionId, placed.transactionId));
    expect(row).toMatchObject({
      stake: 2500n,
      win: 6000n,
      validTurnover: 2500n,
      status: 'settled',
    });
    const [rollup] = await db()
      .select()
      .from(gameRollups)
      .where(eq(gameRollups.memberId, member.id));
    expect(rollup).toMatchObject({ betCount: 1, stake: 2500n, win: 6000n, netLoss: -3500n });
  });

  it('a replayed bet returns the first reply and moves the money once', async () => {
    const { provider, session } = await table();
    const placed = bet(session, '1000');
    const first = await send(provider, seamlessPaths.bet, placed);
    const second = await send(provider, seamlessPaths.bet, placed);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const balance = await send<SeamlessBalance>(provider, seamlessPaths.balance, session);
    expect(balance.body.value?.balance).toBe('99000');
    const changed = await send(provider, seamlessPaths.bet, { ...placed, amount: '2000' });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('seamless_transaction_conflict');
    expect(changed.body.value?.balance).toBe('99000');
  });

  it('a replay is the first reply byte for byte, for every call that stores one', async () => {
    const { provider, session } = await table();
    const placed = bet(session, '1500');
    const lost = bet(session, '700');
    const refunded = bet(session, '400');
    const round = (of: { roundId: string }) => ({ ...session, roundId: of.roundId });
    const win = (of: { roundId: string; transactionId: string }, amount: string) => ({
      ...round(of),
      transactionId: uid('win'),
      betTransactionId: of.transactionId,
      gameCode: 'slot-1',
      amount,
      currency: 'INR',
    });
    const calls: [string, object][] = [
      [seamlessPaths.bet, placed],
      [seamlessPaths.win, win(placed, '2000')],
      [seamlessPaths.bet, lost],
      [seamlessPaths.win, win(lost, '0')],
      [seamlessPaths.endRound, { ...round(placed), transactionId: uid('end') }],
      [seamlessPaths.bet, refunded],
      [
        seamlessPaths.rollback,
        { ...round(refunded), transactionId: uid('rb'), betTransactionId: refunded.transactionId },
      ],
      [
        seamlessPaths.rollback,
        { ...round(refunded), transactionId: uid('rb'), betTransactionId: uid('unseen-bet') },
      ],
    ];
    for (const [path, body] of calls) {
      const first = await signedRaw(site.app, provider, path, body, { timestamp: seconds() });
      expect(first.status, first.raw).toBe(200);
      const again = await signedRaw(site.app, provider, path, body, { timestamp: seconds() });
      expect(again, path).toEqual(first);
    }
  });

  it('a caller outside allowedIps is refused with its own code, before anything is read', async () => {
    const elsewhere = await addProvider(site.app, { allowedIps: ['203.0.113.7'] }, db());
    const refused = await send(elsewhere, seamlessPaths.balance, {
      sessionToken: 'x'.repeat(43),
      playerId: '1',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'seamless_ip_not_allowed',
      value: { balance: null },
    });
    // From an allowed address (inject's 127.0.0.1) the same provider is heard.
    const here = await addProvider(site.app, { allowedIps: ['203.0.113.7', '127.0.0.1'] }, db());
    const heard = await send(here, seamlessPaths.balance, {
      sessionToken: 'x'.repeat(43),
      playerId: '1',
    });
    expect(heard.body.code).toBe('seamless_token_invalid');
  });

  it('a bet on a game of no vendor the provider serves is refused and moves nothing', async () => {
    const { provider, session } = await table();
    const other = await addProvider(site.app, {}, db());
    await catalogGame(db(), other.vassalage, { gameCode: 'other-only' });
    for (const gameCode of ['other-only', 'no-such-game']) {
      const refused = await send(provider, seamlessPaths.bet, bet(session, '100', { gameCode }));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'seamless_game_not_served',
        value: { balance: '100000' },
      });
    }
    expect(await rowsOf(provider.code)).toEqual({ bets: 0, transactions: 0 });
  });

  it('a rollback before its bet leaves a tombstone and the late bet is refused', async () => {
    const { provider, session } = await table();
    const late = bet(session, '3000');
    const rollback = await send(provider, seamlessPaths.rollback, {
      ...session,
      transactionId: uid('rb'),
      roundId: late.roundId,
      betTransactionId: late.transactionId,
    });
    expect(rollback.status).toBe(200);
    expect(rollback.body.value).toMatchObject({ balance: '100000', postingId: null });
    const [tombstone] = await db()
      .select()
      .from(seamlessTombstones)
      .where(
        and(
          eq(seamlessTombstones.providerCode, provider.code),
          eq(seamlessTombstones.betTransactionId, late.transactionId),
        ),
      );
    expect(tombstone).toBeDefined();
    const refused = await send(provider, seamlessPaths.bet, late);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('seamless_bet_rolled_back');
    expect(refused.body.value?.balance).toBe('100000');
    expect((await rowsOf(provider.code)).bets).toBe(0);
  });

  it('a rollback refunds a known bet once and takes it out of the rollup', async () => {
    const { provider, member, session } = await table();
    const placed = bet(session, '4000');
    await send(provider, seamlessPaths.bet, placed);
    const rollbackBody = {
      ...session,
      transactionId: uid('rb'),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
    };
    const rollback = await send(provider, seamlessPaths.rollback, rollbackBody);
    expect(rollback.body.value?.balance).toBe('100000');
    const replay = await send(provider, seamlessPaths.rollback, rollbackBody);
    expect(replay.body).toEqual(rollback.body);
    const [rollup] = await db()
      .select()
      .from(gameRollups)
      .where(eq(gameRollups.memberId, member.id));
    expect(rollup).toMatchObject({ betCount: 0, stake: 0n, validTurnover: 0n });
    const win = await send(provider, seamlessPaths.win, {
      ...session,
      transactionId: uid('win'),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      gameCode: 'slot-1',
      amount: '100',
      currency: 'INR',
    });
    expect(win.body.code).toBe('seamless_bet_rolled_back');
  });

  it('a bet and a win are each one statement on the wallet and game tables', async () => {
    const { provider, session } = await table();
    // The first call reads the provider (kept a few seconds after).
    expect((await send(provider, seamlessPaths.bet, bet(session, '100'))).status).toBe(200);
    // Every statement the app sends (PGlite's query, or the pool's), but the balance event's.
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = client.query;
    const sent: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      sent.push(typeof first === 'string' ? first : (first.text ?? ''));
      return query.apply(this, args);
    };
    const counted = async (path: string, body: object) => {
      sent.length = 0;
      const reply = await send(provider, path, body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return sent.filter((text) => /game_|seamless|ledger/.test(text));
    };
    try {
      // The fewest of up to three rounds: on a slow machine the provider's cache can lapse (one
      // more read) or a scheduler job can land inside one call's window; a bet or a win of more
      // than one statement is more than one in every round.
      let bets = Infinity;
      let wins = Infinity;
      for (let round = 0; round < 3 && (bets > 1 || wins > 1); round++) {
        const placed = bet(session, '2500');
        bets = Math.min(bets, (await counted(seamlessPaths.bet, placed)).length);
        const win = { ...placed, transactionId: uid('win'), amount: '4000' };
        const settled = { ...win, betTransactionId: placed.transactionId };
        wins = Math.min(wins, (await counted(seamlessPaths.win, settled)).length);
      }
      expect({ bets, wins }).toEqual({ bets: 1, wins: 1 });
    } finally {
      client.query = query;
    }
  });

  it('concurrent bets on one wallet never take it below zero; entries sum to the balance', async () => {
    const { provider, session } = await table(50_000n);
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => send(provider, seamlessPaths.bet, bet(session, '10000'))),
    );
    const accepted = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 409);
    expect(accepted).toHaveLength(5);
    expect(refused.every((reply) => reply.body.code === 'insufficient_balance')).toBe(true);
    const balance = await send<SeamlessBalance>(provider, seamlessPaths.balance, session);
    expect(balance.body.value?.balance).toBe('0');
    const reconcile = await call<ReconcileReply>(site.app, {
      url: walletOpsPaths.reconcile,
      headers: opsHeaders,
    });
    expect(reconcile.body.value?.differences).toEqual([]);
    expect((await rowsOf(provider.code)).bets).toBe(5);
  });

  it('insufficient funds refuses the bet, changes nothing and answers the balance', async () => {
    const { provider, session } = await table(1_000n);
    const postingsBefore = await db().select({ n: count() }).from(ledgerPostings);
    const refused = await send(provider, seamlessPaths.bet, bet(session, '1001'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'insufficient_balance',
      value: { balance: '1000', currency: 'INR' },
    });
    expect(await rowsOf(provider.code)).toEqual({ bets: 0, transactions: 0 });
    expect(await db().select({ n: count() }).from(ledgerPostings)).toEqual(postingsBefore);
  });

  it('a wrong signature and a stale timestamp are refused before anything is read or written', async () => {
    const { provider, session } = await table();
    const wrong = await send(provider, seamlessPaths.bet, bet(session, '100'), {
      signature: 'ab'.repeat(32),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'seamless_signature_invalid',
      value: { balance: null },
    });
    const otherSecret = await send(
      { code: provider.code, secret: 'not-the-secret-of-this-provider' },
      seamlessPaths.bet,
      bet(session, '100'),
    );
    expect(otherSecret.body.code).toBe('seamless_signature_invalid');
    const stale = await send(provider, seamlessPaths.bet, bet(session, '100'), {
      timestamp: seconds() - 301,
    });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('seamless_timestamp_stale');
    expect(await rowsOf(provider.code)).toEqual({ bets: 0, transactions: 0 });
  });

  it('an unknown player is refused', async () => {
    const { provider, session } = await table();
    const reply = await send(
      provider,
      seamlessPaths.bet,
      bet({ ...session, playerId: '999999' }, '100'),
    );
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('seamless_player_unknown');
    const unknownToken = await send<SeamlessBalance>(provider, seamlessPaths.balance, {
      ...session,
      sessionToken: 'x'.repeat(43),
    });
    expect(unknownToken.status).toBe(401);
    expect(unknownToken.body.code).toBe('seamless_token_invalid');
  });

  it('bad input is a 400 with the balance, and nothing is written', async () => {
    const { provider, session } = await table();
    for (const amount of ['-5', '1.5', '0', 'abc']) {
      const reply = await send(provider, seamlessPaths.bet, bet(session, amount));
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 'bad_request', value: { balance: '100000' } });
    }
    const notJson = await send(provider, seamlessPaths.bet, null, { raw: '{"amount":' });
    expect(notJson.status).toBe(400);
    expect(await rowsOf(provider.code)).toEqual({ bets: 0, transactions: 0 });
  });

  it('after the session expires a bet is refused, but win, rollback and end round pass', async () => {
    const { provider, session } = await table();
    const first = bet(session, '1000');
    const second = bet(session, '2000');
    await send(provider, seamlessPaths.bet, first);
    await send(provider, seamlessPaths.bet, second);
    clock.advance(13 * 3_600_000);
    const refused = await send(provider, seamlessPaths.bet, bet(session, '500'));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'session_expired', value: { balance: '97000' } });
    const win = await send(provider, seamlessPaths.win, {
      ...session,
      transactionId: uid('win'),
      roundId: first.roundId,
      gameCode: 'slot-1',
      amount: '1500',
      currency: 'INR',
    });
    expect(win.status).toBe(200);
    expect(win.body.value?.balance).toBe('98500');
    const rollback = await send(provider, seamlessPaths.rollback, {
      ...session,
      transactionId: uid('rb'),
      roundId: second.roundId,
      betTransactionId: second.transactionId,
    });
    expect(rollback.body.value?.balance).toBe('100500');
    const end = await send(provider, seamlessPaths.endRound, {
      ...session,
      transactionId: uid('end'),
      roundId: first.roundId,
    });
    expect(end.status).toBe(200);
  });

  it('end round settles the open bets of the round with no win', async () => {
    const { provider, session } = await table();
    const placed = bet(session, '700');
    await send(provider, seamlessPaths.bet, placed);
    const end = await send(provider, seamlessPaths.endRound, {
      ...session,
      transactionId: uid('end'),
      roundId: placed.roundId,
    });
    expect(end.body.value?.balance).toBe('99300');
    const [row] = await db()
      .select()
      .from(gameBets)
      .where(eq(gameBets.transactionId, placed.transactionId));
    expect(row?.status).toBe('settled');
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type BuiltinPlayReply,
  type BuiltinSeeds,
  type BuiltinSessionReply,
  type BuiltinState,
  builtinGamesPaths,
  builtinProviderCode,
} from '../../src/contract/builtin-games.ts';
import { hashServerSeed } from '../../src/contract/builtin-games/fair.ts';
import { playRound } from '../../src/contract/builtin-games/verify.ts';
import { seamlessHeaders, seamlessPaths } from '../../src/contract/seamless.ts';
import {
  builtinGameRounds,
  builtinPendingRollbacks,
} from '../../src/server/providers/builtin-games/builtin-games.schema.ts';
import { call, testSite } from '../support/server.ts';

// The job's run finishes on its own turn; a loaded CI machine may take seconds to get there.
const patience = { timeout: 15_000 };

/**
 * A wallet that speaks the seamless API (src/contract/seamless.ts) and checks every signature,
 * standing in for the site's wallet so these tests see exactly what the provider sends.
 */
function fakeWallet(secret: string) {
  const calls: { path: string; body: Record<string, string> }[] = [];
  const launchTokens = new Map<string, string>();
  let balance = 10_000n;
  let failNextBet = false;
  let failNextFreeRound = false;
  let failRollbacks = 0;
  const grants: { grantId: string; roundsLeft: number; stake: string }[] = [];
  const seen = new Map<string, unknown>();
  const reply = (value: unknown, ok = true, code?: string) => ({
    success: ok,
    ...(code ? { code, message: code } : {}),
    value,
  });
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (request, response) => {
    const raw = await read(request);
    const timestamp = String(request.headers[seamlessHeaders.timestamp]);
    const expected = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const money = { balance: balance.toString(), currency: 'INR' };
    if (
      request.headers[seamlessHeaders.signature] !== expected ||
      request.headers[seamlessHeaders.provider] !== builtinProviderCode
    ) {
      send(401, reply({ balance: null, currency: 'INR' }, false, 'seamless_signature_invalid'));
      return;
    }
    const body = JSON.parse(raw) as Record<string, string>;
    const path = request.url ?? '';
    calls.push({ path, body });
    if (body.transactionId && seen.has(body.transactionId)) {
      send(200, seen.get(body.transactionId));
      return;
    }
    const remember = (value: unknown) => {
      if (body.transactionId) seen.set(body.transactionId, value);
      send(200, value);
    };
    switch (path) {
      case seamlessPaths.authenticate: {
        const game = launchTokens.get(body.launchToken!);
        if (!game) {
          send(401, reply({ balance: null, currency: 'INR' }, false, 'seamless_token_invalid'));
          return;
        }
        launchTokens.delete(body.launchToken!);
        send(
          200,
          reply({
            ...money,
            playerId: '42',
            nickname: 'player42',
            sessionToken: 'wallet-session-token-42',
            gameCode: game,
            language: 'en',
            sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          }),
        );
        return;
      }
      case seamlessPaths.balance:
        send(200, reply(money));
        return;
      case seamlessPaths.bet: {
        if (failNextBet) {
          failNextBet = false;
          // The bet lands, but the answer never arrives.
          balance -= BigInt(body.amount!);
          response.destroy();
          return;
        }
        if (BigInt(body.amount!) > balance) {
          send(409, reply(money, false, 'insufficient_balance'));
          return;
        }
        balance -= BigInt(body.amount!);
        remember(
          reply({
            balance: balance.toString(),
            currency: 'INR',
            transactionId: body.transactionId,
            postingId: '1',
          }),
        );
        return;
      }
      case seamlessPaths.win:
        balance += BigInt(body.amount!);
        remember(
          reply({
            balance: balance.toString(),
            currency: 'INR',
            transactionId: body.transactionId,
            postingId: '2',
          }),
        );
        return;
      case seamlessPaths.freeRounds:
        send(200, reply({ ...money, grants: grants.filter((g) => g.roundsLeft > 0) }));
        return;
      case seamlessPaths.freeRound: {
        const grant = grants.find((g) => g.grantId === body.grantId && g.stake === body.stake);
        if (!grant || grant.roundsLeft === 0) {
          send(409, reply(money, false, 'free_rounds_none'));
          return;
        }
        grant.roundsLeft -= 1;
        balance += BigInt(body.amount!);
        const answer = reply({
          balance: balance.toString(),
          currency: 'INR',
          transactionId: body.transactionId,
          postingId: body.amount === '0' ? null : '3',
          roundsLeft: grant.roundsLeft,
        });
        seen.set(body.transactionId!, answer);
        if (failNextFreeRound) {
          // It lands, but the answer never arrives.
          failNextFreeRound = false;
          response.destroy();
          return;
        }
        send(200, answer);
        return;
      }
      case seamlessPaths.rollback: {
        if (failRollbacks > 0) {
          // Down: nothing done, an answer outside the contract.
          failRollbacks -= 1;
          send(503, 'unavailable');
          return;
        }
        const bet = calls.find((c) => c.body.transactionId === body.betTransactionId);
        if (bet) balance += BigInt(bet.body.amount!);
        remember(
          reply({
            balance: balance.toString(),
            currency: 'INR',
            transactionId: body.transactionId,
            postingId: null,
          }),
        );
        return;
      }
      default:
        send(404, reply(money, false, 'not_found'));
    }
  });
  return {
    calls,
    server,
    get balance() {
      return balance;
    },
    launch(game: string) {
      const token = randomBytes(24).toString('base64url');
      launchTokens.set(token, game);
      return token;
    },
    failNextBet() {
      failNextBet = true;
    },
    failNextFreeRound() {
      failNextFreeRound = true;
    },
    grant(grant: { grantId: string; roundsLeft: number; stake: string }) {
      grants.push(grant);
    },
    failRollbacks(count: number) {
      failRollbacks = count;
    },
  };
}

const secret = 'builtin-test-secret-0123456789-abcdef';
const wallet = fakeWallet(secret);
let walletUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => wallet.server.listen(0, '127.0.0.1', resolve));
  walletUrl = `http://127.0.0.1:${(wallet.server.address() as AddressInfo).port}`;
  process.env.BUILTIN_TEST_WALLET = walletUrl;
});
afterAll(() => new Promise<void>((resolve) => wallet.server.close(() => resolve())));

// The app reads the wallet URL from its config; the port is known once the fake listens.
const site = testSite({
  BUILTIN_GAMES_SECRET: secret,
  get BUILTIN_GAMES_WALLET_URL() {
    return process.env.BUILTIN_TEST_WALLET ?? 'http://127.0.0.1:9';
  },
} as Record<string, string>);

async function open(game: string) {
  const reply = await call<BuiltinSessionReply>(site.app, {
    method: 'POST',
    url: builtinGamesPaths.session,
    payload: { launchToken: wallet.launch(game) },
  });
  expect(reply.status).toBe(200);
  return reply.body.value!;
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('built-in game provider over the signed seamless wallet API', () => {
  it('opens a session from a launch token (once) and shows the seed hash before play', async () => {
    const token = wallet.launch('dice');
    const first = await call<BuiltinSessionReply>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.session,
      payload: { launchToken: token },
    });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ playerId: '42', game: 'dice', balance: '10000' });
    expect(first.body.value!.seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await call(site.app, {
      method: 'POST',
      url: builtinGamesPaths.session,
      payload: { launchToken: token },
    });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('seamless_token_invalid');
  });

  it('plays dice: a signed bet then a win, the balance from the wallet, the outcome verifiable', async () => {
    const session = await open('dice');
    const before = wallet.balance;
    const nonce = session.seeds.nonce;
    const reply = await call<BuiltinPlayReply>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: auth(session.sessionToken),
      payload: { game: 'dice', stake: '100', bet: { direction: 'under', target: 5000 } },
    });
    expect(reply.status).toBe(200);
    const { round, balance, seeds } = reply.body.value!;
    expect(round.nonce).toBe(nonce);
    expect(seeds.nonce).toBe(nonce + 1);
    expect(BigInt(balance)).toBe(before - 100n + BigInt(round.win));
    const roundCalls = wallet.calls.filter((c) => c.body.roundId === round.roundId);
    expect(roundCalls.map((c) => c.path)).toEqual([seamlessPaths.bet, seamlessPaths.win]);
    expect(roundCalls[0]!.body).toMatchObject({ amount: '100', playerId: '42', currency: 'INR' });
    expect(roundCalls[1]!.body).toMatchObject({
      amount: round.win,
      betTransactionId: roundCalls[0]!.body.transactionId,
    });

    // Rotation reveals the seed that played the round; the verifier recomputes it.
    const rotated = await call<BuiltinSeeds>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.rotateSeeds,
      headers: auth(session.sessionToken),
      payload: { clientSeed: 'my-own-seed' },
    });
    expect(rotated.status).toBe(200);
    const revealed = rotated.body.value!.previous!;
    expect(hashServerSeed(revealed.serverSeed)).toBe(round.serverSeedHash);
    expect(rotated.body.value).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    const recomputed = playRound(
      { serverSeed: revealed.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce },
      { game: 'dice', bet: { direction: 'under', target: 5000 } },
    );
    expect(recomputed.result).toEqual(round.result);
  });

  it('commits the next server seed before the client seed is chosen: a rotation puts the hash shown in use', async () => {
    const session = await open('dice');
    const shown = session.seeds.nextServerSeedHash;
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    expect(shown).not.toBe(session.seeds.serverSeedHash);
    const rotate = (payload: object) =>
      call<BuiltinSeeds>(site.app, {
        method: 'POST',
        url: builtinGamesPaths.rotateSeeds,
        headers: { ...auth(session.sessionToken), 'accept-language': 'en' },
        payload,
      });
    const playDice = async () => {
      const reply = await call<BuiltinPlayReply>(site.app, {
        method: 'POST',
        url: builtinGamesPaths.play,
        headers: auth(session.sessionToken),
        payload: { game: 'dice', stake: '100', bet: { direction: 'over', target: 3000 } },
      });
      expect(reply.status).toBe(200);
      return reply.body.value!;
    };
    // Playing leaves the commitment of the next seed as it was shown.
    expect((await playDice()).seeds.nextServerSeedHash).toBe(shown);

    // The player picks a client seed having seen `shown`: that seed comes into use with it.
    const rotated = await rotate({ clientSeed: 'chosen-after', nextServerSeedHash: shown });
    expect(rotated.status).toBe(200);
    expect(rotated.body.value).toMatchObject({
      serverSeedHash: shown,
      clientSeed: 'chosen-after',
      nonce: 0,
    });
    const nextShown = rotated.body.value!.nextServerSeedHash;
    expect(nextShown).toMatch(/^[0-9a-f]{64}$/);
    expect(nextShown).not.toBe(shown);
    const { round } = await playDice();
    expect(round).toMatchObject({ serverSeedHash: shown, clientSeed: 'chosen-after', nonce: 0 });

    // A rotation that names a next hash no longer next is refused, nothing changed.
    const stale = await rotate({ clientSeed: 'other', nextServerSeedHash: shown });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, code: 'builtin_seeds_changed' });
    expect(stale.body.message).toMatch(/next server seed hash/);
    const state = await call<BuiltinState>(site.app, {
      url: builtinGamesPaths.state,
      headers: auth(session.sessionToken),
    });
    expect(state.body.value!.seeds).toMatchObject({
      serverSeedHash: shown,
      nextServerSeedHash: nextShown,
      nonce: 1,
    });

    // Revealed by the next rotation: the seed behind `shown` replays the round.
    const revealed = await rotate({ nextServerSeedHash: nextShown });
    expect(revealed.status).toBe(200);
    const previous = revealed.body.value!.previous!;
    expect(hashServerSeed(previous.serverSeed)).toBe(shown);
    expect(revealed.body.value!.serverSeedHash).toBe(nextShown);
    expect(
      playRound(
        { serverSeed: previous.serverSeed, clientSeed: 'chosen-after', nonce: 0 },
        { game: 'dice', bet: { direction: 'over', target: 3000 } },
      ).result,
    ).toEqual(round.result);
  });

  it('plays the slot and crash, and lists the rounds in the state', async () => {
    for (const [game, payload] of [
      ['slot', { game: 'slot', stake: '1000' }],
      ['crash', { game: 'crash', stake: '200', bet: { target: 150 } }],
    ] as const) {
      const session = await open(game);
      const reply = await call<BuiltinPlayReply>(site.app, {
        method: 'POST',
        url: builtinGamesPaths.play,
        headers: auth(session.sessionToken),
        payload,
      });
      expect(reply.status).toBe(200);
      const state = await call<BuiltinState>(site.app, {
        url: builtinGamesPaths.state,
        headers: auth(session.sessionToken),
      });
      expect(state.body.value!.history[0]!.roundId).toBe(reply.body.value!.round.roundId);
      expect(state.body.value!.balance).toBe(wallet.balance.toString());
    }
  });

  it('refuses a stake above the balance: nothing won, the nonce not spent on a round shown', async () => {
    const session = await open('dice');
    const before = wallet.balance;
    const reply = await call(site.app, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: { ...auth(session.sessionToken), 'accept-language': 'en' },
      payload: { game: 'dice', stake: '99999999', bet: { direction: 'under', target: 5000 } },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('insufficient_balance');
    expect(reply.body.message).toBe('Insufficient balance.');
    expect(wallet.balance).toBe(before);
    expect(wallet.calls.at(-1)!.path).toBe(seamlessPaths.bet);
  });

  /** A round of 300 whose bet lands in the wallet but whose answer never comes back. */
  async function playUnanswered() {
    const session = await open('dice');
    const before = wallet.balance;
    wallet.failNextBet();
    const reply = await call(site.app, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: auth(session.sessionToken),
      payload: { game: 'dice', stake: '300', bet: { direction: 'over', target: 5000 } },
    });
    expect(reply.status).toBe(503);
    return before;
  }

  it('rolls back a bet whose answer never came (no money made or lost)', async () => {
    const before = await playUnanswered();
    expect(wallet.calls.at(-1)!.path).toBe(seamlessPaths.rollback);
    expect(wallet.balance).toBe(before);
  });

  it('keeps a rollback the wallet does not acknowledge and the job sends it again until it does', async () => {
    wallet.failRollbacks(2);
    const before = await playUnanswered();
    // The bet landed, its rollback did not: the stake is out until the job gets it back.
    expect(wallet.balance).toBe(before - 300n);
    const [pending] = await site.database.db.select().from(builtinPendingRollbacks);
    expect(pending).toMatchObject({ attempts: 1, lastError: 'status 503' });
    const rollbacksOf = () =>
      wallet.calls.filter(
        (c) => c.path === seamlessPaths.rollback && c.body.roundId === pending!.roundId,
      );
    expect(rollbacksOf()).toHaveLength(1);

    // Not due yet: nothing sent.
    await site.app.scheduler.runDue(new Date(pending!.nextAttemptAt.getTime() - 1_000));
    expect(rollbacksOf()).toHaveLength(1);

    // Due (the job's run of a 10-second period that ends after it): sent again, refused again
    // (503), kept with a later attempt.
    const later = (ms: number) => new Date(pending!.nextAttemptAt.getTime() + ms);
    // The node's own timer may be running the job at that moment (runDue then answers busy):
    // asked again until a run of this period has been made.
    await vi.waitFor(async () => {
      await site.app.scheduler.runDue(later(11_000));
      const [row] = await site.database.db.select().from(builtinPendingRollbacks);
      expect(row?.attempts).toBe(2);
      expect(rollbacksOf()).toHaveLength(2);
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(later(11_000).getTime());
    }, patience);
    expect(wallet.balance).toBe(before - 300n);

    // Due again: acknowledged, the stake is back, the round rolled back, nothing left to send.
    await vi.waitFor(async () => {
      await site.app.scheduler.runDue(later(3_600_000));
      expect(await site.database.db.select().from(builtinPendingRollbacks)).toHaveLength(0);
    }, patience);
    expect(wallet.balance).toBe(before);
    const [round] = await site.database.db
      .select()
      .from(builtinGameRounds)
      .where(eq(builtinGameRounds.roundId, pending!.roundId));
    expect(round?.status).toBe('rolled_back');
    expect(new Set(rollbacksOf().map((c) => c.body.transactionId))).toEqual(
      new Set([`${pending!.roundId}:rollback`]),
    );
    await site.app.scheduler.runDue(later(7_200_000));
    expect(rollbacksOf()).toHaveLength(3);
    expect(wallet.balance).toBe(before);
  });

  it('answers bad input with a translated 400 and writes nothing; no session is 401', async () => {
    const session = await open('dice');
    const count = wallet.calls.length;
    for (const payload of [
      { game: 'dice', stake: '0', bet: { direction: 'under', target: 5000 } },
      { game: 'dice', stake: '100', bet: { direction: 'under', target: 50 } },
      { game: 'dice', stake: '100', bet: { direction: 'sideways', target: 5000 } },
      { game: 'slot', stake: '100' },
      { game: 'crash', stake: '100', bet: { target: 100 } },
    ]) {
      const reply = await call(site.app, {
        method: 'POST',
        url: builtinGamesPaths.play,
        headers: auth(session.sessionToken),
        payload,
      });
      expect(reply.status, JSON.stringify(payload)).toBe(400);
      expect(reply.body.code).toBe('bad_request');
    }
    expect(wallet.calls.length).toBe(count);
    const anonymous = await call(site.app, { url: builtinGamesPaths.state });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('session_expired');
  });
});

describe('free rounds (points mall grants) over the seamless wallet API', () => {
  it('plays a round of a grant with one freeRound call and no bet, at the stake of the grant; then bets again', async () => {
    wallet.grant({ grantId: '7', roundsLeft: 1, stake: '300' });
    const session = await open('slot');
    expect(session.freeRounds).toEqual({ roundsLeft: 1, stake: '300' });
    const before = wallet.balance;
    const free = await call<BuiltinPlayReply>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: auth(session.sessionToken),
      payload: { game: 'slot', stake: '1000' },
    });
    expect(free.status).toBe(200);
    const { round, balance, freeRounds } = free.body.value!;
    expect(round).toMatchObject({ stake: '300', free: true });
    expect(freeRounds).toEqual({ roundsLeft: 0, stake: '0' });
    expect(BigInt(balance)).toBe(before + BigInt(round.win));
    const calls = wallet.calls.filter((c) => c.body.roundId === round.roundId);
    expect(calls.map((c) => c.path)).toEqual([seamlessPaths.freeRound]);
    expect(calls[0]!.body).toMatchObject({ grantId: '7', stake: '300', amount: round.win });
    const paid = await call<BuiltinPlayReply>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: auth(session.sessionToken),
      payload: { game: 'slot', stake: '1000' },
    });
    expect(paid.status).toBe(200);
    const paidCalls = wallet.calls.filter((c) => c.body.roundId === paid.body.value!.round.roundId);
    expect(paidCalls.map((c) => c.path)).toEqual([seamlessPaths.bet, seamlessPaths.win]);
  });

  it('sends an unanswered free round again with the same transaction id: played once', async () => {
    wallet.grant({ grantId: '8', roundsLeft: 1, stake: '200' });
    const session = await open('slot');
    const before = wallet.balance;
    wallet.failNextFreeRound();
    const lost = await call(site.app, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: auth(session.sessionToken),
      payload: { game: 'slot', stake: '1000' },
    });
    expect(lost.status).toBe(503);
    const [pending] = await site.database.db
      .select()
      .from(builtinGameRounds)
      .where(eq(builtinGameRounds.freeGrantId, '8'));
    expect(pending).toMatchObject({ status: 'win_pending', stake: 200 });
    // The next read sends it again: the wallet answers its first reply; nothing moves twice.
    const state = await call<BuiltinState>(site.app, {
      url: builtinGamesPaths.state,
      headers: auth(session.sessionToken),
    });
    expect(state.status).toBe(200);
    const sent = wallet.calls.filter((c) => c.body.roundId === pending!.roundId);
    expect(sent.map((c) => c.path)).toEqual([seamlessPaths.freeRound, seamlessPaths.freeRound]);
    expect(sent[1]!.body.transactionId).toBe(sent[0]!.body.transactionId);
    expect(wallet.balance).toBe(before + BigInt(pending!.win));
    const [settled] = await site.database.db
      .select()
      .from(builtinGameRounds)
      .where(eq(builtinGameRounds.roundId, pending!.roundId));
    expect(settled!.status).toBe('settled');
    expect(state.body.value!.history[0]).toMatchObject({ roundId: pending!.roundId, free: true });
  });
});

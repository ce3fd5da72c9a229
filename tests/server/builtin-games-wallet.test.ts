import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltinPlayReply,
  type BuiltinSessionReply,
  builtinGamesPaths,
} from '../../src/contract/builtin-games.ts';
import {
  type BetRecordPage,
  type LaunchReply,
  betRecordsPaths,
  launchPaths,
} from '../../src/contract/seamless.ts';
import { ledgerEntries, wallets } from '../../src/server/areas/wallet/ledger.schema.ts';
import { gameWinBoard } from '../../src/server/areas/games/games.schema.ts';
import { maskName } from '../../src/server/areas/games/catalog.service.ts';
import { player } from '../support/seamless.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';

// The built-in provider against the real seamless wallet of the same server, over real HTTP
// (the app listens on a port; the provider calls its own address, signed like any provider).
const site = testSite();
beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
});

async function launch(headers: Record<string, string>, gameCode: string) {
  const reply = await call<LaunchReply>(site.app, {
    url: `${launchPaths.launchGame}?gameCode=${gameCode}&vassalage=BUILTIN&language=en`,
    headers,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const url = new URL(reply.body.value!.url, 'http://site.test');
  expect(url.pathname).toBe(`/game/builtin/${gameCode}`);
  return url.searchParams.get('token')!;
}

async function open(headers: Record<string, string>, gameCode: string) {
  const reply = await call<BuiltinSessionReply>(site.app, {
    method: 'POST',
    url: builtinGamesPaths.session,
    payload: { launchToken: await launch(headers, gameCode) },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value!;
}

async function entriesOf(memberId: number) {
  return site.database.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, balance: wallets.balance })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(eq(wallets.memberId, memberId))
    .orderBy(ledgerEntries.id);
}

describe('built-in games through the real seamless wallet API', () => {
  it('plays rounds of each game: bets and wins are ledger postings, the balance moves', async () => {
    const { member, headers } = await player(site.app, site.database.db, 10_000n);
    let expected = 10_000n;
    const wins: bigint[] = [];
    const plays = [
      ['dice', { game: 'dice', stake: '1000', bet: { direction: 'under', target: 5000 } }],
      ['slot', { game: 'slot', stake: '500' }],
      ['crash', { game: 'crash', stake: '200', bet: { target: 150 } }],
    ] as const;
    for (const [game, payload] of plays) {
      const session = await open(headers, game);
      expect(BigInt(session.balance)).toBe(expected);
      const reply = await call<BuiltinPlayReply>(site.app, {
        method: 'POST',
        url: builtinGamesPaths.play,
        headers: { authorization: `Bearer ${session.sessionToken}` },
        payload,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const { round, balance } = reply.body.value!;
      expected = expected - BigInt(payload.stake) + BigInt(round.win);
      expect(BigInt(balance)).toBe(expected);
      if (BigInt(round.win) > 0n) wins.push(BigInt(round.win));

      const entries = await entriesOf(member.id);
      const last = entries.slice(BigInt(round.win) > 0n ? -2 : -1);
      expect(last[0]!.amount).toBe(-BigInt(payload.stake));
      if (BigInt(round.win) > 0n) expect(last[1]!.amount).toBe(BigInt(round.win));
      expect(entries.at(-1)!.balance).toBe(expected);
    }
    // The site's betting record shows the three rounds, settled.
    const records = await call<BetRecordPage>(site.app, {
      url: betRecordsPaths.personalHistory,
      headers,
    });
    expect(records.status).toBe(200);
    expect(records.body.value!.content).toHaveLength(3);
    expect(records.body.value!.content.every((bet) => bet.status === 'settled')).toBe(true);
    // Each win is on the winner board (written with the win), under the masked username: the
    // statement's mask_name and the catalog's maskName give the same name.
    const board = await site.database.db
      .select({ amount: gameWinBoard.amount, name: gameWinBoard.memberName })
      .from(gameWinBoard)
      .where(eq(gameWinBoard.memberId, member.id))
      .orderBy(gameWinBoard.id);
    expect(board.map((row) => row.amount)).toEqual(wins);
    for (const row of board) expect(row.name).toBe(maskName(member.username));
  });

  it('refuses a stake above the balance and changes nothing', async () => {
    const { member, headers } = await player(site.app, site.database.db, 300n);
    const session = await open(headers, 'dice');
    const before = await entriesOf(member.id);
    const reply = await call(site.app, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: { authorization: `Bearer ${session.sessionToken}`, 'accept-language': 'hi' },
      payload: { game: 'dice', stake: '1000', bet: { direction: 'over', target: 5000 } },
    });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('insufficient_balance');
    expect(reply.body.message).toBe('शेष राशि अपर्याप्त है।');
    expect(await entriesOf(member.id)).toEqual(before);
  });

  it('tells a player disabled during a game that the account may not play, and moves nothing', async () => {
    const { member, headers } = await player(site.app, site.database.db, 10_000n);
    const session = await open(headers, 'dice');
    const disabled = await call(site.app, {
      method: 'POST',
      url: `/ops/members/${member.id}/disable`,
      headers: opsHeaders,
      payload: { reason: 'test' },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const before = await entriesOf(member.id);
    const reply = await call(site.app, {
      method: 'POST',
      url: builtinGamesPaths.play,
      headers: { authorization: `Bearer ${session.sessionToken}`, 'accept-language': 'en' },
      payload: { game: 'dice', stake: '1000', bet: { direction: 'over', target: 5000 } },
    });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('account_disabled');
    expect(await entriesOf(member.id)).toEqual(before);
  });

  it('takes a launch token once', async () => {
    const { headers } = await player(site.app, site.database.db, 0n);
    const token = await launch(headers, 'crash');
    const first = await call(site.app, {
      method: 'POST',
      url: builtinGamesPaths.session,
      payload: { launchToken: token },
    });
    expect(first.status).toBe(200);
    const second = await call(site.app, {
      method: 'POST',
      url: builtinGamesPaths.session,
      payload: { launchToken: token },
    });
    expect(second.status).toBe(401);
  });
});

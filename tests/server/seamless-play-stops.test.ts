import { afterEach, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { gameBets, gameSessions } from '../../src/server/areas/games/seamless/seamless.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import {
  hub88CallKinds,
  hub88Paths,
  seamlessCallKinds,
  seamlessPaths,
  type Hub88Reply,
  type SeamlessCallKind,
} from '../../src/contract/seamless.ts';
import { memberStatusPaths } from '../../src/contract/identity.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import {
  addProvider,
  freeRoundGrant,
  hub88Call,
  launch,
  player,
  playerSession,
  signedRaw,
  uid,
} from '../support/seamless.ts';

/**
 * Every state that stops play (the member disabled; the site in maintenance) against every call
 * of the seamless wallet, both shapes, read from the app's route table (its OpenAPI document):
 * a call that opens a session or a stake (`play`: authenticate, bet, free rounds; in the Hub88
 * shape any call whose token is still a launch token) is refused with the documented code and
 * nothing moves; win, rollback and end round of bets placed before (`settle`) complete; the
 * balance (`read`) answers; a retry of a bet placed before answers its first reply.
 */
const site = testSite();
const db = (): Db => site.database.db;

type Stop = {
  name: string;
  /** Our shape's status and code; the Hub88 shape's status (its code beside it). */
  ours: { status: number; code: string };
  hub88: Hub88Reply['status'];
  /** Whether a refused authenticate knows the player (maintenance refuses before the token). */
  authenticateKnowsPlayer: boolean;
  apply: (memberId: number) => Promise<void>;
};

const stops: Stop[] = [
  {
    name: 'the member disabled by the operator',
    ours: { status: 403, code: 'seamless_player_blocked' },
    hub88: 'RS_ERROR_USER_DISABLED',
    authenticateKnowsPlayer: true,
    async apply(memberId) {
      const reply = await call(site.app, {
        method: 'POST',
        url: memberStatusPaths.disable.replace(':memberId', String(memberId)),
        headers: opsHeaders,
        payload: { reason: 'play stops' },
      });
      expect(reply.status).toBe(200);
    },
  },
  {
    name: 'the site in maintenance',
    ours: { status: 503, code: 'system_maintenance' },
    hub88: 'RS_ERROR_UNKNOWN',
    authenticateKnowsPlayer: false,
    async apply() {
      await maintenance(true);
    },
  },
];

async function maintenance(enabled: boolean) {
  const reply = await call(site.app, {
    method: 'PUT',
    url: '/ops/system/maintenance',
    headers: opsHeaders,
    payload: enabled
      ? { enabled, endTime: new Date(Date.now() + 3_600_000).toISOString() }
      : { enabled },
  });
  expect(reply.status).toBe(200);
}
afterEach(() => maintenance(false));

/** The seamless calls the app serves (its OpenAPI document), by shape and contract key. */
async function servedCalls() {
  await site.app.ready();
  const paths = Object.keys((site.app.swagger() as { paths: object }).paths)
    .map((path) => path.replace(/\{(\w+)\}/g, ':$1'))
    .filter((path) => path.startsWith('/wps/seamless/'));
  const keyOf = <T extends Record<string, string>>(table: T, path: string) =>
    (Object.keys(table) as (keyof T & string)[]).find((key) => table[key] === path);
  return paths.map((path) => {
    const ours = keyOf(seamlessPaths, path);
    const hub88 = keyOf(hub88Paths, path);
    if (ours) return { shape: 'ours' as const, key: ours, path };
    if (hub88) return { shape: 'hub88' as const, key: hub88, path };
    throw new Error(`${path}: a seamless call this test does not know`);
  });
}

const openBets = async (memberId: number) =>
  (
    await db()
      .select({ n: count() })
      .from(gameBets)
      .where(and(eq(gameBets.memberId, memberId), eq(gameBets.status, 'open')))
  )[0]?.n ?? 0;
const betCount = async (memberId: number) =>
  (await db().select({ n: count() }).from(gameBets).where(eq(gameBets.memberId, memberId)))[0]?.n ??
  0;
const balanceOf = async (memberId: number) =>
  (await site.app.wallet.ledger.balance(memberId)).wallets.find((w) => w.kind === 'main')
    ?.balance ?? 0n;
const roundsLeft = async (grantId: string) => {
  const result = (await db().execute(
    sql`SELECT rounds_left FROM free_round_grants WHERE id = ${grantId}::bigint`,
  )) as unknown as { rows: { rounds_left: number }[] };
  return result.rows[0]?.rounds_left;
};
const launchUsed = async (launchToken: string) => {
  const [row] = await db()
    .select({ usedAt: gameSessions.usedAt })
    .from(gameSessions)
    .where(eq(gameSessions.launchTokenHash, hashToken(launchToken)));
  return row?.usedAt !== null;
};

/**
 * A player with money, before play stops: our shape's session with three open bets (to win, to
 * roll back, to end with their rounds), a launch token not yet exchanged and a free round grant;
 * the Hub88 shape's session (bound by user/info) with two open bets and a launch token unused.
 */
async function table() {
  const ours = await addProvider(site.app, {}, db());
  const hub = await addProvider(
    site.app,
    { shape: 'hub88', launchUrl: 'https://aggregator.test/launch?token={token}&game={game}' },
    db(),
  );
  const { member, headers } = await player(site.app, db(), 100_000n);
  const session = await playerSession(site.app, ours, headers);
  const bets: Record<'win' | 'rollback' | 'endRound', { transactionId: string; roundId: string }> =
    {
      win: { transactionId: uid('bet'), roundId: uid('round') },
      rollback: { transactionId: uid('bet'), roundId: uid('round') },
      endRound: { transactionId: uid('bet'), roundId: uid('round') },
    };
  const placed: Record<string, string> = {};
  for (const [name, ids] of Object.entries(bets)) {
    const body = { ...session, ...ids, gameCode: 'slot-1', amount: '1000', currency: 'INR' };
    const reply = await signedRaw(site.app, ours, seamlessPaths.bet, body);
    expect(reply.status).toBe(200);
    placed[name] = reply.raw;
  }
  const spare = (await launch(site.app, headers, ours.vassalage)).launchToken;
  const grantId = await freeRoundGrant(db(), member.id, 'slot-1', 3, 500n);

  const user = String(member.id);
  const hubToken = (await launch(site.app, headers, hub.vassalage)).launchToken;
  const info = await hub88Call(site.app, hub, hub88Paths.userInfo, {
    request_uuid: uid('u'),
    user,
    token: hubToken,
  });
  expect((info.json() as Hub88Reply).status).toBe('RS_OK');
  const hubBets = { win: uid('hb'), rollback: uid('hb') };
  for (const transaction_uuid of Object.values(hubBets)) {
    const reply = await hub88Call(site.app, hub, hub88Paths.bet, {
      request_uuid: uid('u'),
      user,
      token: hubToken,
      game_code: 'slot-1',
      transaction_uuid,
      round: `round-${transaction_uuid}`,
      currency: 'INR',
      amount: 1000,
    });
    expect((reply.json() as Hub88Reply).status).toBe('RS_OK');
  }
  const hubSpare = (await launch(site.app, headers, hub.vassalage)).launchToken;
  return {
    ours,
    hub,
    member,
    session,
    bets,
    placed,
    spare,
    grantId,
    user,
    hubToken,
    hubBets,
    hubSpare,
  };
}
type Table = Awaited<ReturnType<typeof table>>;

/** Our shape's call of each contract key, on the table's bets (before play stopped). */
function ourBody(key: keyof typeof seamlessPaths, t: Table): object {
  const round = (name: keyof Table['bets']) => ({ ...t.session, roundId: t.bets[name].roundId });
  switch (key) {
    case 'authenticate':
      return { launchToken: t.spare };
    case 'balance':
    case 'freeRounds':
      return t.session;
    case 'bet':
      return {
        ...t.session,
        transactionId: uid('bet'),
        roundId: uid('round'),
        gameCode: 'slot-1',
        amount: '1000',
        currency: 'INR',
      };
    case 'win':
      return {
        ...round('win'),
        transactionId: uid('win'),
        betTransactionId: t.bets.win.transactionId,
        gameCode: 'slot-1',
        amount: '2500',
        currency: 'INR',
      };
    case 'rollback':
      return {
        ...round('rollback'),
        transactionId: uid('rb'),
        betTransactionId: t.bets.rollback.transactionId,
      };
    case 'endRound':
      return { ...round('endRound'), transactionId: uid('end') };
    case 'freeRound':
      return {
        ...t.session,
        transactionId: uid('free'),
        roundId: uid('round'),
        gameCode: 'slot-1',
        grantId: t.grantId,
        stake: '500',
        amount: '700',
        currency: 'INR',
      };
  }
}

/** The Hub88 shape's call of each contract key, with `token` (bound, or a launch token). */
function hub88Body(key: keyof typeof hub88Paths, t: Table, token: string): object {
  const base = { request_uuid: uid('u'), user: t.user, token };
  switch (key) {
    case 'userInfo':
    case 'balance':
      return base;
    case 'bet':
      return {
        ...base,
        game_code: 'slot-1',
        transaction_uuid: uid('hb'),
        round: uid('round'),
        currency: 'INR',
        amount: 1000,
      };
    case 'win':
      return {
        ...base,
        game_code: 'slot-1',
        transaction_uuid: uid('hw'),
        reference_transaction_uuid: t.hubBets.win,
        round: `round-${t.hubBets.win}`,
        currency: 'INR',
        amount: 2500,
      };
    case 'rollback':
      return {
        ...base,
        transaction_uuid: uid('hr'),
        reference_transaction_uuid: t.hubBets.rollback,
        round: `round-${t.hubBets.rollback}`,
      };
  }
}

/** What a completed call of each key credits (minor units). */
const credits: Record<string, bigint> = { win: 2500n, rollback: 1000n };

describe('a state that stops play, against every seamless call of both shapes', () => {
  it('the calls that open a session or a stake are the documented ones', async () => {
    const served = await servedCalls();
    expect(served.map((served) => served.path).sort()).toEqual(
      [...Object.values(seamlessPaths), ...Object.values(hub88Paths)].sort(),
    );
    const play = (kinds: Record<string, SeamlessCallKind>) =>
      Object.keys(kinds).filter((key) => kinds[key] === 'play');
    expect(play(seamlessCallKinds).sort()).toEqual(
      ['authenticate', 'bet', 'freeRound', 'freeRounds'].sort(),
    );
    expect(play(hub88CallKinds)).toEqual(['bet']);
  });

  for (const stop of stops) {
    it(`${stop.name}: play refused with ${stop.ours.code}, nothing moves; settlement completes`, async () => {
      const t = await table();
      const memberId = t.member.id;
      await stop.apply(memberId);
      let balance = await balanceOf(memberId);
      const bets = await betCount(memberId);

      for (const served of await servedCalls()) {
        const label = `${served.shape} ${served.key}`;
        if (served.shape === 'ours') {
          const key = served.key;
          const kind = seamlessCallKinds[key];
          const reply = await signedRaw(site.app, t.ours, served.path, ourBody(key, t));
          const body = JSON.parse(reply.raw) as {
            code?: string;
            value?: { balance: string | null };
          };
          if (kind === 'play') {
            expect({ status: reply.status, code: body.code }, label).toEqual(stop.ours);
            const knows = key !== 'authenticate' || stop.authenticateKnowsPlayer;
            expect(body.value?.balance, label).toBe(knows ? balance.toString() : null);
          } else {
            expect(reply.status, `${label}: ${reply.raw}`).toBe(200);
            balance += credits[key] ?? 0n;
            expect(body.value?.balance, label).toBe(balance.toString());
          }
        } else {
          const key = served.key;
          const kind = hub88CallKinds[key];
          const bound = await hub88Call(
            site.app,
            t.hub,
            served.path,
            hub88Body(key, t, t.hubToken),
          );
          const reply = bound.json() as Hub88Reply;
          if (kind === 'play') {
            expect({ status: reply.status, code: reply.code }, label).toEqual({
              status: stop.hub88,
              code: stop.ours.code,
            });
          } else {
            expect(reply.status, `${label}: ${JSON.stringify(reply)}`).toBe('RS_OK');
            balance += credits[key] ?? 0n;
          }
          expect(reply.balance, label).toBe(Number(balance));
          // A launch token's first use is the launch exchange: refused whatever the call.
          const fresh = await hub88Call(
            site.app,
            t.hub,
            served.path,
            hub88Body(key, t, t.hubSpare),
          );
          const refused = fresh.json() as Hub88Reply;
          expect({ status: refused.status, code: refused.code }, `${label} (launch)`).toEqual({
            status: stop.hub88,
            code: stop.ours.code,
          });
        }
        expect(await balanceOf(memberId), label).toBe(balance);
      }

      // Nothing opened: no new bet, the launch tokens unused, the grant whole; the open bets
      // were settled (won, rolled back, ended with the round) by the calls that complete.
      expect(await betCount(memberId)).toBe(bets);
      expect(await openBets(memberId)).toBe(0);
      expect(await launchUsed(t.spare)).toBe(false);
      expect(await launchUsed(t.hubSpare)).toBe(false);
      expect(await roundsLeft(t.grantId)).toBe(3);
      // A bet that landed before play stopped, sent again, answers its first reply.
      const again = await signedRaw(site.app, t.ours, seamlessPaths.bet, {
        ...t.session,
        ...t.bets.win,
        gameCode: 'slot-1',
        amount: '1000',
        currency: 'INR',
      });
      expect(again).toEqual({ status: 200, raw: t.placed.win });
    });
  }
});

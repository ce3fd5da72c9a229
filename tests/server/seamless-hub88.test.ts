import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/platform/db/client.ts';
import { hub88Paths, type Hub88Reply } from '../../src/contract/seamless.ts';
import { memberStatusPaths } from '../../src/contract/identity.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { addProvider, hub88Call, launch, player } from '../support/seamless.ts';
import { loadSession, replaySession } from '../support/fake-aggregator.ts';
import { realtimeClient } from '../support/realtime.ts';

const site = testSite();
const db = (): Db => site.database.db;
let baseUrl = '';

beforeAll(async () => {
  baseUrl = await site.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await site.app.close();
});

/** A Hub88-shaped aggregator connected by configuration only: a provider row and its secret. */
async function aggregator() {
  return addProvider(
    site.app,
    {
      shape: 'hub88',
      launchUrl: 'https://aggregator.test/launch?token={token}&user={user}&game={game}',
    },
    db(),
  );
}

describe('the Hub88-shaped adapter, driven by a fake aggregator over HTTP', () => {
  it('replays a recorded session and every reply matches the recording', async () => {
    const provider = await aggregator();
    const { member, headers } = await player(site.app, db(), 100_000n);
    const { launchToken } = await launch(site.app, headers, provider.vassalage);
    const session = await loadSession('hub88-session.json');
    const results = await replaySession(baseUrl, provider, session, {
      token: launchToken,
      user: String(member.id),
      currency: 'INR',
    });
    for (const { call, http, reply } of results) {
      expect(http).toBe(200);
      expect({
        path: call.path,
        uuid: reply.request_uuid,
        status: reply.status,
        balance: reply.balance,
      }).toEqual({ path: call.path, uuid: call.body.request_uuid, ...call.expect });
    }
  });

  it('refuses a wrong signature with RS_ERROR_INVALID_SIGNATURE', async () => {
    const provider = await aggregator();
    const { member, headers } = await player(site.app, db(), 5_000n);
    const { launchToken } = await launch(site.app, headers, provider.vassalage);
    const reply = await hub88Call(
      site.app,
      { code: provider.code, secret: 'a-secret-that-is-not-the-providers' },
      hub88Paths.balance,
      { request_uuid: 'x-1', user: String(member.id), token: launchToken },
    );
    expect(reply.statusCode).toBe(200);
    expect((reply.json() as Hub88Reply).status).toBe('RS_ERROR_INVALID_SIGNATURE');
  });

  it('maps the refusals of their own code: a blocked player, a game not served, an address', async () => {
    const provider = await aggregator();
    const { member, headers } = await player(site.app, db(), 9_000n);
    const { launchToken } = await launch(site.app, headers, provider.vassalage);
    const user = String(member.id);
    const bet = (game_code: string) => ({
      request_uuid: `x-${game_code}`,
      user,
      token: launchToken,
      game_code,
      transaction_uuid: `t-${game_code}-${user}`,
      round: 'r-1',
      currency: 'INR',
      amount: 100,
    });
    const notServed = (await hub88Call(site.app, provider, hub88Paths.bet, bet('nope'))).json();
    expect(notServed).toMatchObject({
      status: 'RS_ERROR_INVALID_GAME',
      code: 'seamless_game_not_served',
      balance: 9000,
    });
    const disabled = await call(site.app, {
      method: 'POST',
      url: memberStatusPaths.disable.replace(':memberId', user),
      headers: opsHeaders,
      payload: { reason: 'test' },
    });
    expect(disabled.status).toBe(200);
    const blocked = (await hub88Call(site.app, provider, hub88Paths.bet, bet('slot-1'))).json();
    expect(blocked).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
      code: 'seamless_player_blocked',
      balance: 9000,
    });
    const elsewhere = await addProvider(
      site.app,
      {
        shape: 'hub88',
        launchUrl: 'https://aggregator.test/l?t={token}',
        allowedIps: ['203.0.113.9'],
      },
      db(),
    );
    const outside = await hub88Call(site.app, elsewhere, hub88Paths.balance, {
      request_uuid: 'x-ip',
      user,
      token: launchToken,
    });
    expect(outside.json()).toMatchObject({
      status: 'RS_ERROR_INVALID_PARTNER',
      code: 'seamless_ip_not_allowed',
    });
  });

  it('answers bad input with RS_ERROR_WRONG_TYPES and the balance', async () => {
    const provider = await aggregator();
    const { member, headers } = await player(site.app, db(), 7_000n);
    const { launchToken } = await launch(site.app, headers, provider.vassalage);
    const user = String(member.id);
    await hub88Call(site.app, provider, hub88Paths.userInfo, {
      request_uuid: 'x-2',
      user,
      token: launchToken,
    });
    const reply = await hub88Call(site.app, provider, hub88Paths.bet, {
      request_uuid: 'x-3',
      user,
      token: launchToken,
      game_code: 'slot-1',
      transaction_uuid: 't-1',
      round: 'r-1',
      currency: 'INR',
      amount: 1.5,
    });
    expect(reply.json()).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES', balance: 7000 });
  });

  it("a provider's bet reaches the player's open pages as a balance event after commit", async () => {
    const provider = await aggregator();
    const { member, headers } = await player(site.app, db(), 40_000n);
    const client = realtimeClient(baseUrl, headers.authorization.replace('Bearer ', ''));
    await client.connected();
    const sync = await client.next('sync');
    const { launchToken } = await launch(site.app, headers, provider.vassalage);
    const reply = await hub88Call(site.app, provider, hub88Paths.bet, {
      request_uuid: 'x-4',
      user: String(member.id),
      token: launchToken,
      game_code: 'slot-1',
      transaction_uuid: 't-live',
      round: 'r-live',
      currency: 'INR',
      amount: 1500,
    });
    expect(reply.json()).toMatchObject({ status: 'RS_OK', balance: 38500 });
    // The credit before the bet may be announced after the socket's sync (its event is numbered
    // after its commit): its 40000 can come first; the next balance after it is the bet's.
    let event = await client.nextAfter('balance', sync.seq);
    if (event.balance === '40000') event = await client.nextAfter('balance', event.seq);
    expect(event).toMatchObject({ balance: '38500' });
    client.close();
  });
});

import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { identityPaths } from '../../src/contract/identity.ts';
import { notifyPath } from '../../src/contract/realtime.ts';
import { walletOpsPaths } from '../../src/contract/wallet.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { realtimeClient } from '../support/realtime.ts';

const site = testSite();
let baseUrl = '';

beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = site.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});

const notify = (memberId: number, title: string, text = '') =>
  call<{ id: string; seq: number }>(site.app, {
    method: 'POST',
    url: notifyPath.replace(':memberId', String(memberId)),
    headers: opsHeaders,
    payload: { title, text },
  });

async function connectedPlayer() {
  const { member, token } = await createMemberSession(site.database.db);
  const client = realtimeClient(baseUrl, token);
  await client.connected();
  return { member, token, client };
}

describe('real-time channel: who may connect', () => {
  it('refuses a handshake without a token', async () => {
    const client = realtimeClient(baseUrl, null);
    expect(await client.refusal()).toBe('not_logged_in');
    client.close();
  });

  it('refuses an unknown token', async () => {
    const client = realtimeClient(baseUrl, 'x'.repeat(43));
    expect(await client.refusal()).toBe('not_logged_in');
    client.close();
  });

  it('refuses a session past its absolute end', async () => {
    const { token } = await createMemberSession(site.database.db, {
      expiresAt: new Date(Date.now() - 60_000),
    });
    const client = realtimeClient(baseUrl, token);
    expect(await client.refusal()).toBe('session_expired');
    client.close();
  });

  it('refuses a revoked session', async () => {
    const { token } = await createMemberSession(site.database.db, {
      revokedAt: new Date(Date.now() - 60_000),
    });
    const client = realtimeClient(baseUrl, token);
    expect(await client.refusal()).toBe('not_logged_in');
    client.close();
  });

  it('accepts a live session and first sends its sequence number', async () => {
    const { client } = await connectedPlayer();
    expect(await client.next('sync')).toEqual({ seq: 0 });
    client.close();
  });
});

describe('real-time channel: publishing', () => {
  it("reaches the member's sockets after the commit, numbered 1, 2, 3 ...", async () => {
    const { member, token, client } = await connectedPlayer();
    expect(await client.next('sync')).toEqual({ seq: 0 });

    const first = await notify(member.id, 'Bonus credited', 'Enjoy');
    expect(first.status).toBe(200);
    expect(first.body.value?.seq).toBe(1);
    expect(await client.next('notification')).toMatchObject({
      id: first.body.value?.id,
      kind: 'message',
      title: 'Bonus credited',
      params: { text: 'Enjoy' },
      seq: 1,
    });

    await site.app.realtime.publisher.publish(member.id, {
      name: 'balance',
      payload: { balance: '123456' },
    });
    await site.app.realtime.publisher.publish(member.id, {
      name: 'unread',
      payload: { count: 3 },
    });
    expect(await client.next('balance')).toEqual({ balance: '123456', seq: 2 });
    expect(await client.next('unread')).toEqual({ count: 3, seq: 3 });

    // The notification was audited in the transaction it was published after.
    const audits = await site.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${member.id}`));
    expect(audits.map((row) => row.action)).toEqual(['member.notify']);

    // A second page of the same session learns the current number first.
    const secondPage = realtimeClient(baseUrl, token);
    await secondPage.connected();
    expect(await secondPage.next('sync')).toEqual({ seq: 3 });
    secondPage.close();
    client.close();
  });

  it('keeps players apart: A never receives what is published to B', async () => {
    const a = await connectedPlayer();
    const b = await connectedPlayer();
    await a.client.next('sync');
    await b.client.next('sync');
    for (let i = 0; i < 5; i += 1) {
      await site.app.realtime.publisher.publish(b.member.id, {
        name: 'balance',
        payload: { balance: String(1000 + i) },
      });
    }
    await notify(a.member.id, 'Only for A');
    // Emits leave in order: once A has its own event, any of B's would have come before it.
    expect((await a.client.next('notification')).title).toBe('Only for A');
    expect(a.client.received.map((event) => event.name)).toEqual(['sync', 'notification']);
    for (let i = 0; i < 5; i += 1) {
      expect(await b.client.next('balance')).toEqual({ balance: String(1000 + i), seq: i + 1 });
    }
    expect(b.client.received.some((event) => event.name === 'notification')).toBe(false);
    a.client.close();
    b.client.close();
  });

  it('sends wage and contract events to agent accounts only', async () => {
    const agent = await createMemberSession(site.database.db);
    await site.database.db.update(members).set({ type: 1 }).where(eq(members.id, agent.member.id));
    const agentPage = realtimeClient(baseUrl, agent.token);
    await agentPage.connected();
    const player = await connectedPlayer();
    await player.client.next('sync');
    await agentPage.next('sync');

    const wage = {
      contractId: 7,
      wageType: 'realtime' as const,
      period: '2026-05-01T10:00:00.000Z',
      amount: '2500',
      settledAt: '2026-05-01T10:05:00.000Z',
    };
    await site.app.realtime.publisher.publish(agent.member.id, { name: 'wage', payload: wage });
    expect(await agentPage.next('wage')).toEqual({ ...wage, seq: 1 });

    await site.app.realtime.publisher.publish(player.member.id, { name: 'wage', payload: wage });
    await notify(player.member.id, 'After the wage');
    await player.client.next('notification');
    expect(player.client.received.map((event) => event.name)).toEqual(['sync', 'notification']);
    agentPage.close();
    player.client.close();
  });

  it('answers 404 for an unknown member and 401 without operator credentials', async () => {
    expect((await notify(999_999, 'Nobody')).status).toBe(404);
    const reply = await call(site.app, {
      method: 'POST',
      url: notifyPath.replace(':memberId', '1'),
      payload: { title: 'x' },
    });
    expect(reply.status).toBe(401);
    const bad = await call(site.app, {
      method: 'POST',
      url: notifyPath.replace(':memberId', '1'),
      headers: opsHeaders,
      payload: { title: '' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('real-time channel: ending sessions', () => {
  it('logout disconnects the sockets of that session, and the token no longer connects', async () => {
    const { token, client } = await connectedPlayer();
    await client.next('sync');
    const reply = await call(site.app, {
      method: 'DELETE',
      url: identityPaths.logout,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(200);
    expect(await client.disconnected).toBe('io server disconnect');
    const again = realtimeClient(baseUrl, token);
    expect(await again.refusal()).toBe('not_logged_in');
    again.close();
  });

  it("disabling the account disconnects the member's sockets at the next session check", async () => {
    const { member, client } = await connectedPlayer();
    const other = await connectedPlayer();
    await client.next('sync');
    await site.database.db
      .update(members)
      .set({ status: 'disabled' })
      .where(eq(members.id, member.id));
    expect(await site.app.realtime.sweep()).toBe(1);
    expect(await client.disconnected).toBe('io server disconnect');
    expect(other.client.socket.connected).toBe(true);
    other.client.close();
  });
});

describe('real-time channel: the ledger publishes after commit', () => {
  it('an operator credit reaches the member as a balance event with the new total', async () => {
    const { member, client } = await connectedPlayer();
    await client.next('sync');
    const credited = await call(site.app, {
      method: 'POST',
      url: walletOpsPaths.adjustment,
      headers: opsHeaders,
      payload: {
        memberId: member.id,
        amount: '250075',
        reason: 'goodwill credit',
        idempotencyKey: `rt-${member.id}-credit`,
      },
    });
    expect(credited.status).toBe(200);
    expect(await client.next('balance')).toMatchObject({ balance: '250075' });
    client.close();
  });
});

import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { identityPaths, memberStatusPaths } from '../../src/contract/identity.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { passwordResetTokens } from '../../src/server/areas/verification/verification.schema.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { createMember, encryptFor, freshIp, identityDriver } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';

// The periodic session check is far away (an hour): every cut seen here is the session end's own.
const site = testSite({ REALTIME_SWEEP_SECONDS: '3600' });
const db = () => site.database.db;
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);
let baseUrl = '';

beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = site.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});

/** A member with a password, logged in `pages` times, each session with one open socket. */
async function memberWithPages(pages: number) {
  const { member, password } = await createMember(db());
  const sessions = [];
  for (let i = 0; i < pages; i += 1) {
    const login = await driver.login({ username: member.username, password }, { ip: freshIp() });
    const token = login.body.value?.token ?? '';
    const client = realtimeClient(baseUrl, token);
    await client.connected();
    await client.next('sync');
    sessions.push({ token, client });
  }
  return { member, password, sessions };
}

const setStatus = (action: 'disable' | 'enable', memberId: number, reason = 'support ticket 7') =>
  call<{ memberId: number; status: string; changed: boolean; endedSessions: number }>(site.app, {
    method: 'POST',
    url: memberStatusPaths[action].replace(':memberId', String(memberId)),
    headers: opsHeaders,
    payload: { reason },
  });

describe('a session end cuts its sockets at once', () => {
  it("a password change cuts the other sessions' sockets and keeps its own", async () => {
    const { member, sessions } = await memberWithPages(3);
    const [changing, other, third] = sessions;
    if (!changing || !other || !third) throw new Error('three pages expected');
    const changed = await driver.changePassword(changing.token, {
      oldPassword: 'secret123',
      newPassword: 'fresh1234',
      confirmNewPassword: 'fresh1234',
    });
    expect([changed.status, changed.body.value?.revokedSessions]).toEqual([200, 2]);
    expect(await other.client.disconnected).toBe('io server disconnect');
    expect(await third.client.disconnected).toBe('io server disconnect');
    // The changing page keeps its socket: an event still reaches it.
    await site.app.realtime.publisher.publish(member.id, {
      name: 'balance',
      payload: { balance: '100' },
    });
    expect(await changing.client.next('balance')).toMatchObject({ balance: '100' });
    expect(changing.client.socket.connected).toBe(true);
    changing.client.close();
  });

  it("a password reset by e-mail link cuts every socket of the member's sessions", async () => {
    const { member, sessions } = await memberWithPages(2);
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await db()
      .insert(passwordResetTokens)
      .values({
        tokenHash: hashToken(token),
        memberId: member.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 600_000),
      });
    const reset = await call(site.app, {
      method: 'POST',
      url: identityPaths.passwordReset,
      payload: { token, newPassword: 'fresh5678', confirmNewPassword: 'fresh5678' },
    });
    expect(reset.status).toBe(200);
    for (const page of sessions) {
      expect(await page.client.disconnected).toBe('io server disconnect');
    }
  });

  it('a socket is cut when its session reaches its absolute end, without a call', async () => {
    const { token } = await createMemberSession(db(), {
      expiresAt: new Date(Date.now() + 1500),
    });
    const client = realtimeClient(baseUrl, token);
    await client.connected();
    await client.next('sync');
    expect(await client.disconnected).toBe('io server disconnect');
  });
});

describe('operators disable and enable an account (POST /ops/members/{memberId}/disable|enable)', () => {
  it('disabling ends every session and socket at once, login says account_disabled; enabling lets it in again', async () => {
    const { member, password, sessions } = await memberWithPages(2);
    const other = await memberWithPages(1);

    const disabled = await setStatus('disable', member.id);
    expect(disabled.status).toBe(200);
    expect(disabled.body.value).toEqual({
      memberId: member.id,
      status: 'disabled',
      changed: true,
      endedSessions: 2,
    });
    for (const page of sessions) {
      expect(await page.client.disconnected).toBe('io server disconnect');
      expect((await driver.memberInfo(page.token)).status).toBe(401);
    }
    expect(other.sessions[0]?.client.socket.connected).toBe(true);

    const refused = await call(site.app, {
      method: 'POST',
      url: identityPaths.login,
      headers: { 'accept-language': 'en' },
      payload: {
        enc: await encryptFor(site.app, {
          type: 'username',
          username: member.username,
          password,
        }),
      },
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'account_disabled']);
    expect(refused.body.message).toBe('This account is disabled; please contact customer service.');

    // Again: nothing changes, nothing is written.
    const again = await setStatus('disable', member.id);
    expect(again.body.value).toMatchObject({ changed: false, endedSessions: 0 });

    const enabled = await setStatus('enable', member.id, 'ticket 7 closed');
    expect(enabled.body.value).toEqual({
      memberId: member.id,
      status: 'active',
      changed: true,
      endedSessions: 0,
    });
    const login = await driver.login({ username: member.username, password }, { ip: freshIp() });
    expect(login.status).toBe(200);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${member.id}`));
    const statusAudits = audits.filter((row) => row.action.startsWith('member.'));
    expect(statusAudits.map((row) => [row.action, row.actor, row.before, row.after])).toEqual([
      [
        'member.disable',
        'operator:ops-test',
        { status: 'active' },
        { status: 'disabled', reason: 'support ticket 7', endedSessions: 2 },
      ],
      [
        'member.enable',
        'operator:ops-test',
        { status: 'disabled' },
        { status: 'active', reason: 'ticket 7 closed', endedSessions: 0 },
      ],
    ]);
    other.sessions[0]?.client.close();
  });

  it('answers 404 for an unknown member, 400 without a reason, 401 without operator credentials', async () => {
    expect((await setStatus('disable', 999_999)).status).toBe(404);
    const { member } = await createMember(db());
    const noReason = await call(site.app, {
      method: 'POST',
      url: memberStatusPaths.disable.replace(':memberId', String(member.id)),
      headers: opsHeaders,
      payload: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const anonymous = await call(site.app, {
      method: 'POST',
      url: memberStatusPaths.disable.replace(':memberId', String(member.id)),
      payload: { reason: 'x' },
    });
    expect(anonymous.status).toBe(401);
    const [row] = await db().select().from(members).where(eq(members.id, member.id));
    expect(row?.status).toBe('active');
  });

  it('is in the OpenAPI document under the operator security', async () => {
    const doc = (await site.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    for (const path of ['/ops/members/{memberId}/disable', '/ops/members/{memberId}/enable']) {
      expect(doc.paths[path]?.post?.security).toEqual([{ opsBasic: [] }]);
    }
  });
});

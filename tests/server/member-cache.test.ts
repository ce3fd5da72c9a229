import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths, memberStatusPaths, type MemberInfo } from '../../src/contract/identity.ts';
import { systemPaths } from '../../src/contract/system.ts';
import { walletOpsPaths, walletPaths, type BalanceReply } from '../../src/contract/wallet.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMember, freshIp, identityDriver } from '../support/identity.ts';

// An hour: every change seen here is dropped by the change itself, never by the entry's age.
const site = testSite({ MEMBER_CACHE_MS: '3600000' });
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);

/** The statements that read sessions or wallets, counted while a test runs. */
let reads: string[] = [];
beforeEach(() => {
  reads = [];
  const client = (
    site.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }
  ).$client;
  const original = client.query.bind(client);
  vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : String((first as { text?: string })?.text);
    if (/"(sessions|wallets)"/.test(text)) reads.push(text);
    return original(...args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const memberInfo = (token: string) =>
  call<MemberInfo>(site.app, { url: identityPaths.memberInfo, headers: bearer(token) });
const balance = (token: string) =>
  call<BalanceReply>(site.app, { url: walletPaths.balance, headers: bearer(token) });

async function loggedIn() {
  const { member, password } = await createMember(site.database.db);
  const login = await driver.login({ username: member.username, password }, { ip: freshIp() });
  const token = login.body.value?.token;
  if (!token) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { member, password, token };
}

function adjust(memberId: number, amount: string) {
  return call(site.app, {
    method: 'POST',
    url: walletOpsPaths.adjustment,
    headers: opsHeaders,
    payload: {
      memberId,
      amount,
      reason: 'cache test',
      idempotencyKey: `cache-${randomBytes(6).toString('hex')}`,
    },
  });
}

describe('member info and balance from the node cache', () => {
  it('asked again, they read no session or wallet row', async () => {
    const { token } = await loggedIn();
    expect((await memberInfo(token)).status).toBe(200);
    expect((await balance(token)).status).toBe(200);
    reads = [];
    for (let i = 0; i < 3; i += 1) {
      expect((await memberInfo(token)).status).toBe(200);
      expect((await balance(token)).status).toBe(200);
    }
    expect(reads).toEqual([]);
  });

  it('a logout is refused at once', async () => {
    const { token } = await loggedIn();
    expect((await memberInfo(token)).status).toBe(200);
    const out = await call(site.app, {
      method: 'DELETE',
      url: identityPaths.logout,
      headers: bearer(token),
    });
    expect(out.status).toBe(200);
    expect((await memberInfo(token)).status).toBe(401);
    expect((await balance(token)).status).toBe(401);
  });

  it('disabling refuses every session at once, and a posting shows at once', async () => {
    const { member, token } = await loggedIn();
    expect((await balance(token)).body.value?.sumBalance).toBe('0');
    expect((await adjust(member.id, '1500')).status).toBe(200);
    expect((await balance(token)).body.value?.sumBalance).toBe('1500');
    expect((await adjust(member.id, '-500')).status).toBe(200);
    expect((await balance(token)).body.value?.sumBalance).toBe('1000');
    const disabled = await call(site.app, {
      method: 'POST',
      url: memberStatusPaths.disable.replace(':memberId', String(member.id)),
      headers: opsHeaders,
      payload: { reason: 'fraud review' },
    });
    expect(disabled.status).toBe(200);
    expect((await memberInfo(token)).status).toBe(401);
    expect((await balance(token)).status).toBe(401);
  });

  it('a password change ends the other sessions and lifts its own forced change at once', async () => {
    // A first login must change its password: only the change, the sign-out and member info.
    const { member, password } = await createMember(site.database.db, { firstLogin: true });
    const login = async () =>
      (await driver.login({ username: member.username, password }, { ip: freshIp() })).body.value
        ?.token ?? '';
    const token = await login();
    const other = await login();
    expect((await memberInfo(other)).status).toBe(200);
    expect((await memberInfo(token)).status).toBe(200);
    expect((await balance(token)).status).toBe(403);
    const changed = await driver.changePassword(token, {
      oldPassword: password,
      newPassword: 'fresh1234',
      confirmNewPassword: 'fresh1234',
    });
    expect(changed.status).toBe(200);
    expect((await balance(token)).status).toBe(200);
    expect((await memberInfo(other)).status).toBe(401);
  });

  it('a language change and a later login show in member info at once', async () => {
    const { member, password, token } = await loggedIn();
    const before = (await memberInfo(token)).body.value;
    expect(before?.language).toBe(member.language);
    const language = member.language === 'en' ? 'bn' : 'en';
    const put = await call(site.app, {
      method: 'PUT',
      url: systemPaths.language,
      headers: bearer(token),
      payload: { language },
    });
    expect(put.status).toBe(200);
    expect((await memberInfo(token)).body.value?.language).toBe(language);
    // A second login writes the member's last login: the first session sees it at once.
    const again = await driver.login({ username: member.username, password }, { ip: freshIp() });
    expect(again.status).toBe(200);
    const after = (await memberInfo(token)).body.value;
    expect(after?.lastLoginAt).not.toBe(before?.lastLoginAt);
  });
});

import { describe, expect, it } from 'vitest';
import { identityPaths } from '../../src/contract/identity.ts';
import {
  REMEMBER_COOKIE,
  REMEMBER_ME_HOURS,
} from '../../src/server/areas/identity/remember.service.ts';
import { manualClock, testSite } from '../support/server.ts';
import { createMember, encryptFor, freshIp, identityDriver } from '../support/identity.ts';

const clock = manualClock();
const site = testSite({}, { clock: clock.now });
const db = () => site.database.db;
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);

/** A password login from one IP; answers the remember-me cookie the reply set, if any. */
async function passwordLogin(username: string, password: string, ip: string, rememberMe: boolean) {
  const reply = await site.app.inject({
    method: 'POST',
    url: identityPaths.login,
    remoteAddress: ip,
    payload: {
      enc: await encryptFor(site.app, { type: 'username', username, password, rememberMe }),
    },
  });
  expect(reply.statusCode).toBe(200);
  return reply.cookies.find((cookie) => cookie.name === REMEMBER_COOKIE);
}

async function rememberedLogin(cookie: string | undefined, ip: string) {
  const reply = await site.app.inject({
    method: 'POST',
    url: identityPaths.loginRemembered,
    remoteAddress: ip,
    headers: cookie ? { cookie: `${REMEMBER_COOKIE}=${cookie}` } : {},
  });
  return {
    status: reply.statusCode,
    body: reply.json() as { value?: { token: string | null }; code?: string },
    next: reply.cookies.find((c) => c.name === REMEMBER_COOKIE),
  };
}

describe('remember-me', () => {
  it('a password login with remember-me sets an httpOnly device cookie for a day; without it, none', async () => {
    const { member, password } = await createMember(db());
    const ip = freshIp();
    expect(await passwordLogin(member.username, password, ip, false)).toBeUndefined();
    const cookie = await passwordLogin(member.username, password, ip, true);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/wps/session' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = cookie?.expires?.getTime() ?? 0;
    expect(expires - clock.now().getTime()).toBe(REMEMBER_ME_HOURS * 3_600_000);
  });

  it('logs the device in again without the password; each cookie works once and keeps its end', async () => {
    const { member, password } = await createMember(db());
    const ip = freshIp();
    const cookie = await passwordLogin(member.username, password, ip, true);
    clock.advance(60_000);
    const again = await rememberedLogin(cookie?.value, ip);
    expect(again.status).toBe(200);
    const token = again.body.value?.token ?? '';
    expect((await driver.memberInfo(token)).status).toBe(200);
    expect(again.next?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.next?.value).not.toBe(cookie?.value);
    expect(again.next?.expires?.getTime()).toBe(cookie?.expires?.getTime());
    // The used cookie is spent; the replacement works.
    const replay = await rememberedLogin(cookie?.value, ip);
    expect([replay.status, replay.body.code]).toEqual([401, 'session_expired']);
    expect((await rememberedLogin(again.next?.value, ip)).status).toBe(200);
  });

  it('ends after a day, after a password change and when the device forgets', async () => {
    const { member, password } = await createMember(db());
    const ip = freshIp();
    const old = await passwordLogin(member.username, password, ip, true);
    clock.advance(REMEMBER_ME_HOURS * 3_600_000);
    expect((await rememberedLogin(old?.value, ip)).status).toBe(401);

    const fresh = await passwordLogin(member.username, password, ip, true);
    const kept = await passwordLogin(member.username, password, ip, true);
    const session = await rememberedLogin(fresh?.value, ip);
    const changed = await driver.changePassword(session.body.value?.token ?? '', {
      oldPassword: password,
      newPassword: 'changed246',
      confirmNewPassword: 'changed246',
    });
    expect(changed.status).toBe(200);
    expect((await rememberedLogin(kept?.value, ip)).status).toBe(401);
    expect((await rememberedLogin(session.next?.value, ip)).status).toBe(401);

    const last = await passwordLogin(member.username, 'changed246', ip, true);
    const forgot = await site.app.inject({
      method: 'DELETE',
      url: identityPaths.loginRemembered,
      headers: { cookie: `${REMEMBER_COOKIE}=${last?.value}` },
    });
    expect(forgot.statusCode).toBe(200);
    expect((await rememberedLogin(last?.value, ip)).status).toBe(401);
  });

  it('refuses no cookie, a junk cookie and a disabled account with a 4xx', async () => {
    const ip = freshIp();
    expect((await rememberedLogin(undefined, ip)).status).toBe(401);
    expect((await rememberedLogin('junk<script>', ip)).status).toBe(401);
    expect((await rememberedLogin('x'.repeat(5000), ip)).status).toBe(401);
    const { member, password } = await createMember(db(), { status: 'disabled' });
    const reply = await site.app.inject({
      method: 'POST',
      url: identityPaths.login,
      remoteAddress: ip,
      payload: {
        enc: await encryptFor(site.app, {
          type: 'username',
          username: member.username,
          password,
          rememberMe: true,
        }),
      },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.cookies.find((c) => c.name === REMEMBER_COOKIE)).toBeUndefined();
  });
});

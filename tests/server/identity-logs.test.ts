import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { identityPaths } from '../../src/contract/identity.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { call, manualClock, testSite } from '../support/server.ts';
import {
  createMember,
  freshIp,
  identityDriver,
  registration,
  type IdentityClient,
} from '../support/identity.ts';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});
const clock = manualClock();
const site = testSite({ LOG_LEVEL: 'trace' }, { clock: clock.now, logStream });
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);

describe('secrets never reach the logs or the audit trail', () => {
  it('keeps passwords, tokens and captcha answers out of both', async () => {
    const password = 'Kx93-logs-secret';
    const { member } = await createMember(site.database.db, { password });
    const client: IdentityClient = { ip: freshIp() };
    // Three failures, then the captcha, then success, member calls, a change and a logout.
    for (let i = 0; i < 3; i += 1) {
      await driver.login({ username: member.username, password: `${password}-wrong${i}` }, client);
    }
    clock.advance(1000);
    const captcha = await driver.solveCaptcha(client, 'QW7Z');
    const login = await driver.login({ username: member.username, password, captcha }, client);
    const token = login.body.value?.token ?? '';
    expect(token).not.toBe('');
    await driver.memberInfo(token);
    await call(site.app, { url: `${identityPaths.memberInfo}?token=${token}` });
    const newPassword = 'Zq81-new-secret';
    const changed = await driver.changePassword(token, {
      oldPassword: password,
      newPassword: newPassword.replaceAll('-', ''),
      confirmNewPassword: newPassword.replaceAll('-', ''),
    });
    expect(changed.status).toBe(200);
    const registered = registration({ password: 'Reg55secret', confirmPassword: 'Reg55secret' });
    clock.advance(1000);
    const smsCode = await driver.smsCode(client, registered.mobileNum);
    const reply = await driver.register(
      {
        ...registered,
        verificationCode: smsCode,
        captcha: await driver.solveCaptcha(client, 'RT5Y'),
      },
      client,
    );
    expect(reply.status).toBe(200);
    await driver.logout(token);

    const logs = lines.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('incoming request'); // trace/info request logs were captured
    const audits = JSON.stringify(await site.database.db.select().from(auditLog));
    expect(audits).toContain('session.login');
    expect(audits).toContain('session.login_failed');
    expect(audits).toContain('session.logout');
    expect(audits).toContain('member.password');
    expect(audits).toContain('member.register');
    const secrets = [
      password,
      `${password}-wrong0`,
      newPassword.replaceAll('-', ''),
      'Reg55secret',
      token,
      reply.body.value?.token ?? 'no-token',
      'QW7Z',
      'RT5Y',
      registered.paymentPassword,
      smsCode,
    ];
    // A short all-digit secret may occur inside a timestamp; it counts only standing alone.
    const found = (text: string, secret: string) =>
      /^\d+$/.test(secret)
        ? new RegExp(`(?<![\\d.])${secret}(?![\\d.])`).test(text)
        : text.includes(secret);
    for (const secret of secrets) {
      expect(found(logs, secret), `log contains ${secret.slice(0, 3)}...`).toBe(false);
      expect(found(audits, secret), `audit contains ${secret.slice(0, 3)}...`).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { agentPaths } from '../../src/contract/agent.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { moduleIds } from '../../src/contract/system.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import {
  ARGON2_COST,
  PASSWORD_MAX_AGE_DAYS,
} from '../../src/server/platform/members/member-password.ts';
import { LOGIN_LIMITS } from '../../src/server/areas/identity/identity.service.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import {
  createMember,
  encryptFor,
  freshIp,
  identityDriver,
  registration,
  type IdentityClient,
} from '../support/identity.ts';

const clock = manualClock();
const site = testSite({}, { clock: clock.now });
const db = () => site.database.db;
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);
const MINUTE = 60_000;

async function setModule(modId: string, enabled: boolean) {
  const reply = await call(site.app, {
    method: 'PUT',
    url: `/ops/modules/${modId}`,
    headers: opsHeaders,
    payload: { enabled },
  });
  expect(reply.status).toBe(200);
}

async function failLogins(username: string, client: IdentityClient, times: number) {
  const codes: (string | undefined)[] = [];
  for (let i = 0; i < times; i += 1) {
    const captcha = i >= LOGIN_LIMITS.captchaAfter ? await nextCaptcha(client) : undefined;
    codes.push(
      (await driver.login({ username, password: 'wrong-one1', captcha }, client)).body.code,
    );
  }
  return codes;
}

async function nextCaptcha(client: IdentityClient) {
  clock.advance(1000); // one captcha per second per client
  return driver.solveCaptcha(client);
}

describe('passwords', () => {
  it('are argon2id hashes with the stated cost', async () => {
    const { member } = await createMember(db());
    expect(member.passwordHash).toMatch(
      new RegExp(
        `^\\$argon2id\\$v=19\\$m=${ARGON2_COST.memoryCost},t=${ARGON2_COST.timeCost},p=${ARGON2_COST.parallelism}\\$`,
      ),
    );
  });
});

describe('POST /wps/session/login', () => {
  it('logs in with a new token each time, records the IP and the previous login', async () => {
    const { member, password } = await createMember(db());
    const client = { ip: freshIp() };
    const first = await driver.login({ username: member.username.toUpperCase(), password }, client);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      firstTimeLogin: false,
      passwordExpired: false,
      previousLoginAt: null,
      challenge: null,
    });
    const firstAt = clock.now().toISOString();
    clock.advance(MINUTE);
    const second = await driver.login({ username: member.username, password }, client);
    expect(second.body.value?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.body.value?.token).not.toBe(first.body.value?.token);
    expect(second.body.value?.previousLoginAt).toBe(firstAt);

    const [stored] = await db().select().from(members).where(eq(members.id, member.id));
    expect(stored?.knownIps).toEqual([client.ip]);
    const rows = await db().select().from(sessions).where(eq(sessions.memberId, member.id));
    expect(rows.map((row) => row.tokenHash)).not.toContain(second.body.value?.token);
    expect((await driver.memberInfo(second.body.value?.token ?? '')).status).toBe(200);
    expect((await driver.memberInfo(first.body.value?.token ?? '')).status).toBe(200);
  });

  it('says invalid_credentials for a wrong password and an unknown name alike', async () => {
    const { member } = await createMember(db());
    const wrong = await driver.login(
      { username: member.username, password: 'nope12345' },
      { ip: freshIp() },
    );
    const unknown = await driver.login(
      { username: 'nobody_here', password: 'nope12345' },
      { ip: freshIp() },
    );
    for (const reply of [wrong, unknown]) {
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid_credentials');
    }
  });

  it('flags a first login and an expired password, and lets that session change it without the old one', async () => {
    const first = await createMember(db(), { firstLogin: true });
    const reply = await driver.login(
      { username: first.member.username, password: first.password },
      { ip: freshIp() },
    );
    expect(reply.body.value).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    const token = reply.body.value?.token ?? '';
    const changed = await driver.changePassword(token, {
      newPassword: 'fresh1234',
      confirmNewPassword: 'fresh1234',
    });
    expect(changed.status).toBe(200);

    const old = await createMember(db(), {
      passwordChangedAt: new Date(clock.now().getTime() - (PASSWORD_MAX_AGE_DAYS + 1) * 86_400_000),
    });
    const expired = await driver.login(
      { username: old.member.username, password: old.password },
      { ip: freshIp() },
    );
    expect(expired.body.value).toMatchObject({ firstTimeLogin: false, passwordExpired: true });

    await setModule(moduleIds.passwordExpiry, false);
    const off = await driver.login(
      { username: old.member.username, password: old.password },
      { ip: freshIp() },
    );
    expect(off.body.value?.passwordExpired).toBe(false);
    await setModule(moduleIds.passwordExpiry, true);
  });

  it('keeps out disabled accounts with account_disabled', async () => {
    const { member, password } = await createMember(db(), { status: 'disabled' });
    const reply = await driver.login({ username: member.username, password }, { ip: freshIp() });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('account_disabled');
  });

  it("logs in by an SMS code sent to the member's number, once", async () => {
    const mobile = '9812345678';
    const { member } = await createMember(db(), { countryDialingCode: '91', mobile });
    const client: IdentityClient = { ip: freshIp() };
    const code = await driver.smsCode(client, mobile, identityPaths.smsNoLogin);
    expect(code).toBeDefined();
    const sms = { type: 'sms', username: mobile, countryDialingCode: '91' };
    const wrong = await driver.login(
      { ...sms, verificationCode: code === '000000' ? '111111' : '000000' },
      client,
    );
    expect([wrong.status, wrong.body.code]).toEqual([400, 'sms_invalid_code']);
    const reply = await driver.login({ ...sms, verificationCode: code }, client);
    expect(reply.status).toBe(200);
    const info = await driver.memberInfo(reply.body.value?.token ?? '');
    expect(info.body.value).toMatchObject({ id: member.id });
    const reused = await driver.login({ ...sms, verificationCode: code }, client);
    expect(reused.status).toBe(400);
    const noDialingCode = await driver.login(
      { type: 'sms', username: mobile, verificationCode: code },
      client,
    );
    expect(noDialingCode.body.message).toContain('countryDialingCode');
  });

  it('asks for the captcha after 3 failures of a username, checks it, and a success resets the count', async () => {
    const { member, password } = await createMember(db());
    const client: IdentityClient = { ip: freshIp() };
    expect(await failLogins(member.username, client, 3)).toEqual(
      Array(3).fill('invalid_credentials'),
    );

    // From another IP too: the count is the username's.
    const elsewhere: IdentityClient = { ip: freshIp() };
    const required = await driver.login({ username: member.username, password }, elsewhere);
    expect(required.status).toBe(400);
    expect(required.body.code).toBe('captcha_required');

    await nextCaptcha(elsewhere);
    const wrongAnswer = await driver.login(
      { username: member.username, password, captcha: 'ZZZZ' },
      elsewhere,
    );
    expect(wrongAnswer.body.code).toBe('captcha_invalid');
    // A wrong answer spends the challenge: the right one no longer works either.
    const spent = await driver.login(
      { username: member.username, password, captcha: 'K7PX' },
      elsewhere,
    );
    expect(spent.body.code).toBe('captcha_invalid');

    const answer = await nextCaptcha(elsewhere);
    const ok = await driver.login(
      { username: member.username, password, captcha: answer.toLowerCase() },
      elsewhere,
    );
    expect(ok.status).toBe(200);
    // The IP that failed 3 times still needs a captcha of its own client.
    const again = await driver.login(
      { username: member.username, password: 'wrong-one1', captcha: answer },
      client,
    );
    expect(again.body.code).toBe('captcha_invalid');
    expect((await driver.login({ username: member.username, password }, client)).body.code).toBe(
      'captcha_required',
    );

    // The success reset the username's count: from a clean IP no captcha is asked.
    const clean = await driver.login({ username: member.username, password }, { ip: freshIp() });
    expect(clean.status).toBe(200);
  });

  it('says in the failed reply when the next try needs the captcha, and when a lock ends', async () => {
    const { member, password } = await createMember(db());
    const client: IdentityClient = { ip: freshIp() };
    const flags: unknown[] = [];
    for (let i = 0; i < LOGIN_LIMITS.captchaAfter; i += 1) {
      const reply = await driver.login({ username: member.username, password: 'wrong-1x' }, client);
      expect(reply.body.code).toBe('invalid_credentials');
      flags.push(reply.body.detail?.captchaRequired);
    }
    // The 3rd failure already says it: the form shows the captcha before the 4th try.
    expect(flags).toEqual([false, false, true]);
    const missing = await driver.login({ username: member.username, password }, client);
    expect(missing.body).toMatchObject({
      code: 'captcha_required',
      detail: { captchaRequired: true },
    });
    const wrong = await driver.login(
      { username: member.username, password, captcha: 'ZZZZ' },
      client,
    );
    expect(wrong.body).toMatchObject({
      code: 'captcha_invalid',
      detail: { captchaRequired: true },
    });
    // The right password with the right captcha logs in.
    const answer = await nextCaptcha(client);
    const ok = await driver.login({ username: member.username, password, captcha: answer }, client);
    expect(ok.status).toBe(200);

    const other: IdentityClient = { ip: freshIp() };
    const codes = await failLogins(member.username, other, LOGIN_LIMITS.lockAfter);
    expect(codes.at(-1)).toBe('account_locked');
    const locked = await driver.login(
      { username: member.username, password, captcha: await nextCaptcha(other) },
      other,
    );
    expect(locked.status).toBe(429);
    const until = Date.parse(String(locked.body.detail?.lockedUntil));
    expect(until).toBeGreaterThan(clock.now().getTime());
    expect(until).toBeLessThanOrEqual(clock.now().getTime() + LOGIN_LIMITS.lockMinutes * MINUTE);
  });

  it('asks for the captcha after 3 failures from one IP, whatever the username', async () => {
    const { member, password } = await createMember(db());
    const client: IdentityClient = { ip: freshIp() };
    for (const name of ['ghost_a1', 'ghost_b2', 'ghost_c3']) {
      await driver.login({ username: name, password: 'x1234567' }, client);
    }
    const reply = await driver.login({ username: member.username, password }, client);
    expect(reply.body.code).toBe('captcha_required');
  });

  it('locks a username for 5 minutes after 10 failures in 15 minutes, even with the right password', async () => {
    const { member, password } = await createMember(db());
    const client: IdentityClient = { ip: freshIp() };
    const codes = await failLogins(member.username, client, LOGIN_LIMITS.lockAfter);
    expect(codes.at(-1)).toBe('account_locked');

    const locked = await driver.login(
      { username: member.username, password, captcha: await nextCaptcha(client) },
      client,
    );
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('account_locked');

    clock.advance(LOGIN_LIMITS.lockMinutes * MINUTE);
    const after = await driver.login(
      { username: member.username, password, captcha: await nextCaptcha(client) },
      client,
    );
    expect(after.status).toBe(200);
  });

  it('forgets failures older than the 15-minute window', async () => {
    const { member, password } = await createMember(db());
    const client: IdentityClient = { ip: freshIp() };
    await failLogins(member.username, client, 3);
    clock.advance(LOGIN_LIMITS.windowMinutes * MINUTE + 1000);
    expect((await driver.login({ username: member.username, password }, client)).status).toBe(200);
  });
});

describe('sessions', () => {
  async function loggedIn() {
    const { member, password } = await createMember(db());
    const reply = await driver.login({ username: member.username, password }, { ip: freshIp() });
    return { member, password, token: reply.body.value?.token ?? '' };
  }

  it('end after 30 idle minutes', async () => {
    const { token } = await loggedIn();
    clock.advance(29 * MINUTE);
    expect((await driver.memberInfo(token)).status).toBe(200);
    clock.advance(29 * MINUTE); // active calls keep it alive
    expect((await driver.memberInfo(token)).status).toBe(200);
    clock.advance(30 * MINUTE);
    const idle = await driver.memberInfo(token);
    expect(idle.status).toBe(401);
    expect(idle.body.code).toBe('session_expired');
    // Revoked for good: it is now simply unknown.
    expect((await driver.memberInfo(token)).body.code).toBe('not_logged_in');
  });

  it('end 12 hours after login however active', async () => {
    const { token } = await loggedIn();
    for (let i = 0; i < 24; i += 1) {
      clock.advance(29 * MINUTE);
      await driver.memberInfo(token);
    }
    expect((await driver.memberInfo(token)).status).toBe(200); // 11 h 36 min
    clock.advance(25 * MINUTE);
    const reply = await driver.memberInfo(token);
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('session_expired');
  });

  it('end at logout', async () => {
    const { member, token } = await loggedIn();
    expect((await driver.logout(token)).status).toBe(200);
    const after = await driver.memberInfo(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('not_logged_in');
    expect((await driver.logout(token)).status).toBe(401);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'session.logout'), eq(auditLog.target, `member:${member.id}`)),
      );
    expect(audits).toHaveLength(1);
  });

  it('need a bearer token', async () => {
    const reply = await call(site.app, { url: identityPaths.memberInfo });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('not_logged_in');
  });
});

describe('member info and icon', () => {
  it('describe the logged-in member', async () => {
    const { member, password } = await createMember(db(), {
      nickname: 'Ravi Kumar',
      email: 'ravi@example.com',
    });
    const token =
      (await driver.login({ username: member.username, password }, { ip: freshIp() })).body.value
        ?.token ?? '';
    const info = await driver.memberInfo(token);
    expect(info.body.value).toMatchObject({
      id: member.id,
      account: member.username,
      nickname: 'Ravi Kumar',
      type: 0,
      email: 'ravi@example.com',
      twoFactorBound: false,
      lastLoginAt: clock.now().toISOString(),
    });
    const icon = await call<{ initials: string; image: string }>(site.app, {
      url: identityPaths.icon,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(icon.body.value?.initials).toBe('RA');
    const svg = Buffer.from(icon.body.value?.image.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).toContain('>RA</text>');
  });
});

describe('POST /wps/member/password', () => {
  it('needs the old password, checks the rule and the confirmation, and ends the other sessions', async () => {
    const { member, password } = await createMember(db());
    const login = async (secret: string) =>
      (await driver.login({ username: member.username, password: secret }, { ip: freshIp() })).body
        .value?.token ?? '';
    const token = await login(password);
    const other = await login(password);

    const missingOld = await driver.changePassword(token, {
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(missingOld.body.message).toContain('oldPassword');
    const wrongOld = await driver.changePassword(token, {
      oldPassword: 'nope1234',
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(wrongOld.body.code).toBe('password_wrong');
    const weak = await driver.changePassword(token, {
      oldPassword: password,
      newPassword: 'onlyletters',
      confirmNewPassword: 'onlyletters',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('newPassword');
    const mismatch = await driver.changePassword(token, {
      oldPassword: password,
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass124',
    });
    expect(mismatch.body.code).toBe('password_mismatch');

    const done = await driver.changePassword(token, {
      oldPassword: password,
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(done.status).toBe(200);
    expect(done.body.value?.revokedSessions).toBe(1);
    expect((await driver.memberInfo(token)).status).toBe(200);
    expect((await driver.memberInfo(other)).status).toBe(401);
    expect(await login('newpass123')).not.toBe('');
  });
});

describe('free play and roles', () => {
  const freePlay = async () =>
    call<{ token: string }>(site.app, {
      method: 'POST',
      url: identityPaths.freePlay,
      remoteAddress: freshIp(),
      payload: {
        os: 'Linux',
        platform: 'W',
        gatewayVersion: 3,
        enc: await encryptFor(site.app, 'r4nd0m-str1ng'),
      },
    });

  it('makes a logged-in type 4 account that real-account routes refuse', async () => {
    const reply = await freePlay();
    expect(reply.status).toBe(200);
    const token = reply.body.value?.token ?? '';
    const info = await driver.memberInfo(token);
    expect(info.body.value).toMatchObject({ type: 4 });
    const change = await driver.changePassword(token, {
      newPassword: 'abc12345',
      confirmNewPassword: 'abc12345',
    });
    expect(change.status).toBe(403);
    expect(change.body.code).toBe('need_true_account');
  });

  it('is refused when FREEPLAY is off', async () => {
    await setModule(moduleIds.freePlay, false);
    const reply = await freePlay();
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('freeplay_disabled');
    await setModule(moduleIds.freePlay, true);
  });

  it('guards agent routes: non-agents get error_not_agent', async () => {
    const player = await createMember(db());
    const agent = await createMember(db(), { type: 41 });
    const tokenOf = async (created: { member: { username: string }; password: string }) =>
      (
        await driver.login(
          { username: created.member.username, password: created.password },
          { ip: freshIp() },
        )
      ).body.value?.token ?? '';
    // A route the guard protects: the agent center's entry.
    const asPlayer = await call(site.app, {
      url: agentPaths.center,
      headers: { authorization: `Bearer ${await tokenOf(player)}` },
    });
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.body).toMatchObject({ success: false, code: 'error_not_agent' });
    const asAgent = await call(site.app, {
      url: agentPaths.center,
      headers: { authorization: `Bearer ${await tokenOf(agent)}` },
    });
    expect(asAgent.status).toBe(200);
    expect(asAgent.body.success).toBe(true);
  });
});

describe('PUT /wps/member/register and GET /wps/agent/affiliate', () => {
  it('registers, logs in and stores the member with argon2id hashes', async () => {
    const agent = await createMember(db(), { type: 1, affiliateCode: 'AGT777' });
    const client: IdentityClient = { ip: freshIp() };
    const captcha = await nextCaptcha(client);
    const base = registration();
    const verificationCode = await driver.smsCode(client, base.mobileNum);
    const payload = registration({
      ...base,
      verificationCode,
      affiliateCode: 'agt777',
      referralCode: 'FRIEND1',
      captcha,
      email: 'new@example.com',
    });
    const reply = await driver.register(payload, client);
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      firstTimeLogin: false,
      passwordExpired: false,
      previousLoginAt: null,
    });
    const info = await driver.memberInfo(reply.body.value?.token ?? '');
    expect(info.body.value).toMatchObject({
      account: payload.username,
      type: 0,
      email: 'new@example.com',
    });
    const [stored] = await db()
      .select()
      .from(members)
      .where(eq(members.username, payload.username));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.paymentPasswordHash).toMatch(/^\$argon2id\$/);
    expect(stored).toMatchObject({
      uplineAffiliateCode: agent.member.affiliateCode,
      referralCode: 'FRIEND1',
    });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'member.register'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('asks for the SMS code of the mobile number while REGMOBVERF3 is on', async () => {
    const client: IdentityClient = { ip: freshIp() };
    const missing = await driver.register(
      registration({ captcha: await nextCaptcha(client) }),
      client,
    );
    expect([missing.status, missing.body.code]).toEqual([400, 'sms_missing_code']);
    const wrong = await driver.register(
      registration({ captcha: await nextCaptcha(client), verificationCode: '000000' }),
      client,
    );
    expect(wrong.status).toBe(400);
    expect(['sms_invalid_code', 'sms_code_expired']).toContain(wrong.body.code);
    // From here on the file registers without SMS verification.
    await setModule(moduleIds.registerSmsVerification, false);
  });

  it('registers without logging in when login is false', async () => {
    const client: IdentityClient = { ip: freshIp() };
    const reply = await driver.register(
      registration({ login: false, captcha: await nextCaptcha(client) }),
      client,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.value?.token).toBeNull();
  });

  it('refuses a taken username (any case), a bad affiliate code, a wrong captcha, mismatched passwords', async () => {
    const taken = await createMember(db(), { username: 'takenname1' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: taken.member.username.toUpperCase() }, 409, 'username_taken'],
      [{ affiliateCode: 'NOPE99' }, 400, 'affiliate_invalid'],
      [{ confirmPassword: 'other1234' }, 400, 'password_mismatch'],
      [{ captcha: 'WXYZ' }, 400, 'captcha_invalid'],
      [{ captcha: undefined }, 400, 'captcha_required'],
    ];
    for (const [overrides, status, code] of cases) {
      const client: IdentityClient = { ip: freshIp() };
      const captcha = await nextCaptcha(client);
      const reply = await driver.register(registration({ captcha, ...overrides }), client);
      expect([reply.status, reply.body.code]).toEqual([status, code]);
    }
  });

  it('applies the configured rules: required fields, patterns, lengths, payment password', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '1abcdefg' }, 'username'],
      [{ username: 'abc' }, 'username'],
      [{ password: 'onlyletters', confirmPassword: 'onlyletters' }, 'password'],
      [{ mobileNum: undefined }, 'mobileNum'],
      [{ paymentPassword: undefined }, 'paymentPassword'],
      [{ paymentPassword: '12ab56' }, 'paymentPassword'],
      [{ email: 'not-an-email' }, 'email'],
      [{ agreeTerms: false }, 'agreeTerms'],
    ];
    for (const [overrides, field] of cases) {
      const client: IdentityClient = { ip: freshIp() };
      const reply = await driver.register(
        registration({ captcha: await nextCaptcha(client), ...overrides }),
        client,
      );
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('bad_request');
      expect(reply.body.message).toContain(field);
    }
  });

  it("checks agents' affiliate codes", async () => {
    await createMember(db(), { type: 2, affiliateCode: 'AFF200' });
    await createMember(db(), { type: 0, affiliateCode: 'PLAYER1' });
    await createMember(db(), { type: 42, affiliateCode: 'GONE42', status: 'disabled' });
    const check = async (code: string) =>
      (
        await call<{ valid: boolean }>(site.app, {
          url: `${identityPaths.affiliate}?code=${code}&domain=example.com`,
        })
      ).body.value?.valid;
    expect(await check('AFF200')).toBe(true);
    expect(await check('aff200')).toBe(true);
    expect(await check('PLAYER1')).toBe(false);
    expect(await check('GONE42')).toBe(false);
    expect(await check('UNKNOWN')).toBe(false);
    // The seeded demo agents.
    expect(await check('DEMO01')).toBe(true);
    expect(await check('DEMO02')).toBe(true);
    expect((await call(site.app, { url: `${identityPaths.affiliate}?code=` })).status).toBe(400);
  });
});

describe('enc payloads', () => {
  it('refuse a JWE we cannot read with enc_invalid, and bad JSON naming the field', async () => {
    const garbage = await call(site.app, {
      method: 'POST',
      url: identityPaths.login,
      remoteAddress: freshIp(),
      payload: { enc: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.not.a.real.jwe' },
    });
    expect([garbage.status, garbage.body.code]).toEqual([400, 'enc_invalid']);
    const badJson = await driver.login({ username: 42 }, { ip: freshIp() });
    expect([badJson.status, badJson.body.code]).toEqual([400, 'bad_request']);
    expect(badJson.body.message).toContain('username');
  });
});

import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { identityPaths, type LoginResult } from '../../src/contract/identity.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import {
  loginChallenges,
  memberTotp,
} from '../../src/server/areas/identity/second-factor.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { secondFactorLimits } from '../../src/server/areas/identity/second-factor.service.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import { auditCount } from '../support/server-factories.ts';
import { createMember, encryptFor, freshIp, identityDriver } from '../support/identity.ts';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});
const clock = manualClock();
const site = testSite({ LOG_LEVEL: 'trace' }, { clock: clock.now, logStream });
const db = () => site.database.db;
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);
const MINUTE = 60_000;
/** Everything secret the tests saw; none of it may reach the logs. */
const secrets: string[] = [];

let mobileCounter = 0;
/** A member who has logged in before from `homeIp`, with a mobile number and an e-mail. */
async function returningMember(overrides: { email?: string | null; mobile?: string | null } = {}) {
  mobileCounter += 1;
  const homeIp = freshIp();
  const { member, password } = await createMember(db(), {
    countryDialingCode: '91',
    mobile: `97${String(10_000_000 + mobileCounter * 7717).slice(-8)}`,
    email: `player${mobileCounter}.${Date.now().toString(36)}@example.test`,
    knownIps: [homeIp],
    ...overrides,
  });
  return { member, password, homeIp };
}

type Member = Awaited<ReturnType<typeof returningMember>>['member'];

async function loginFrom(member: Member, password: string, ip: string) {
  const reply = await driver.login({ username: member.username, password }, { ip });
  expect(reply.status).toBe(200);
  return reply.body.value as LoginResult;
}

async function challengeFor(member: Member, password: string, ip = freshIp()) {
  const result = await loginFrom(member, password, ip);
  expect(result.token).toBeNull();
  const challenge = result.challenge;
  if (!challenge) throw new Error('no challenge');
  secrets.push(challenge.challengeId);
  return { ...challenge, ip };
}

function sendCode(ip: string, body: Record<string, unknown>) {
  return call<{ expiredMinutes: number }>(site.app, {
    method: 'POST',
    url: identityPaths.loginVerifySend,
    remoteAddress: ip,
    payload: body,
  });
}

function verify(ip: string, body: Record<string, unknown>) {
  return call<LoginResult>(site.app, {
    method: 'POST',
    url: identityPaths.loginVerify,
    remoteAddress: ip,
    payload: body,
  });
}

/** The newest code the outbox holds for a phone number or an e-mail address. */
async function outboxCode(to: string): Promise<string> {
  const outbox = await call<{ messages: { text: string }[] }>(site.app, {
    url: `${identityPaths.outbox}?to=${encodeURIComponent(to)}`,
    headers: opsHeaders,
  });
  const code = /\b(\d{6})\b/.exec(outbox.body.value?.messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  secrets.push(code);
  return code;
}

const phoneOf = (member: Member) => `+${member.countryDialingCode}${member.mobile}`;

async function totpCode(secret: string, at = clock.now().getTime()) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const code = totp.generate({ timestamp: at });
  secrets.push(code);
  return code;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function sessionOf(member: Member, password: string, ip: string) {
  const result = await loginFrom(member, password, ip);
  if (!result.token) throw new Error('no token');
  secrets.push(result.token);
  return result.token;
}

async function totpSetup(token: string, password: string) {
  return call<{ secret: string; otpauthUri: string }>(site.app, {
    method: 'POST',
    url: identityPaths.totpSetup,
    headers: bearer(token),
    payload: { enc: await encryptFor(site.app, { password }) },
  });
}

function totpConfirm(token: string, code: string) {
  return call<{ bound: boolean }>(site.app, {
    method: 'POST',
    url: identityPaths.totp,
    headers: bearer(token),
    payload: { code },
  });
}

async function totpUnbind(token: string, payload: { password: string; code: string }) {
  return call<{ bound: boolean }>(site.app, {
    method: 'DELETE',
    url: identityPaths.totp,
    headers: bearer(token),
    payload: { enc: await encryptFor(site.app, payload) },
  });
}

const totpStatus = (token: string) =>
  call<{ bound: boolean }>(site.app, { url: identityPaths.totp, headers: bearer(token) });

/** Binds an authenticator for the member (from its home IP) and returns its secret. */
async function bindTotp(member: Member, password: string, homeIp: string) {
  const token = await sessionOf(member, password, homeIp);
  const setup = await totpSetup(token, password);
  expect(setup.status).toBe(200);
  const secret = setup.body.value?.secret ?? '';
  secrets.push(secret);
  expect((await totpConfirm(token, await totpCode(secret))).body.value).toEqual({ bound: true });
  // The confirming code's time step is used: later codes come from the next step on.
  clock.advance(30_000);
  return { secret, token };
}

async function sessionsOf(memberId: number) {
  return db().select().from(sessions).where(eq(sessions.memberId, memberId));
}

async function knownIpsOf(memberId: number) {
  const [row] = await db().select().from(members).where(eq(members.id, memberId));
  return row?.knownIps ?? [];
}

describe('a login from a new IP', () => {
  it('records the IP of the first login and asks nothing', async () => {
    const { member, password } = await createMember(db(), {
      countryDialingCode: '91',
      mobile: '9712345001',
    });
    const ip = freshIp();
    const result = await loginFrom(member, password, ip);
    expect(result.token).toBeTypeOf('string');
    expect(result.challenge).toBeNull();
    expect(await knownIpsOf(member.id)).toEqual([ip]);
  });

  it('logs in from a known IP without a challenge', async () => {
    const { member, password, homeIp } = await returningMember();
    const result = await loginFrom(member, password, homeIp);
    expect(result.token).toBeTypeOf('string');
    expect(result.challenge).toBeNull();
  });

  it('gets a challenge listing the factors the account has, and no session', async () => {
    const { member, password } = await returningMember();
    const challenge = await challengeFor(member, password);
    expect(challenge.factors).toEqual(['sms', 'email']);
    expect(challenge.challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionsOf(member.id)).toHaveLength(0);
    const [stored] = await db()
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.memberId, member.id));
    // Only a hash of the id is kept.
    expect(stored?.idHash).not.toContain(challenge.challengeId);
    expect(stored?.ip).toBe(challenge.ip);

    const { member: smsOnly, password: smsPassword } = await returningMember({ email: null });
    expect((await challengeFor(smsOnly, smsPassword)).factors).toEqual(['sms']);
  });

  it('logs in an account with no factor at all, and audits it', async () => {
    const { member, password } = await returningMember({ email: null, mobile: null });
    const result = await loginFrom(member, password, freshIp());
    expect(result.token).toBeTypeOf('string');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${member.id}`));
    expect(audits.map((row) => row.action)).toContain('session.second_factor_skipped');
  });

  it('passes with the SMS code; the session opens and the IP becomes known', async () => {
    const { member, password } = await returningMember();
    const challenge = await challengeFor(member, password);
    const sent = await sendCode(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'sms',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.value?.expiredMinutes).toBeGreaterThan(0);
    const code = await outboxCode(phoneOf(member));
    const passed = await verify(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'sms',
      code,
    });
    expect(passed.status).toBe(200);
    expect(passed.body.value).toMatchObject({ challenge: null, firstTimeLogin: false });
    const token = passed.body.value?.token ?? '';
    secrets.push(token);
    expect((await driver.memberInfo(token)).status).toBe(200);
    expect(await knownIpsOf(member.id)).toContain(challenge.ip);
    // The IP is known now: the next login from it asks nothing.
    expect((await loginFrom(member, password, challenge.ip)).token).toBeTypeOf('string');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${member.id}`));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'session.second_factor_required',
        'session.second_factor_send',
        'session.second_factor_passed',
        'session.login',
      ]),
    );
  });

  it('passes with the e-mail code', async () => {
    const { member, password } = await returningMember();
    const challenge = await challengeFor(member, password);
    const sent = await sendCode(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'email',
    });
    expect(sent.status).toBe(200);
    const code = await outboxCode((member.email ?? '').toLowerCase());
    const passed = await verify(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'email',
      code,
    });
    expect(passed.status).toBe(200);
    expect(passed.body.value?.token).toBeTypeOf('string');
  });

  it('keeps the forced password change of the login it stands for', async () => {
    const { member, password } = await returningMember();
    await db().update(members).set({ firstLogin: true }).where(eq(members.id, member.id));
    const challenge = await challengeFor(member, password);
    await sendCode(challenge.ip, { challengeId: challenge.challengeId, factor: 'sms' });
    const code = await outboxCode(phoneOf(member));
    const passed = await verify(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'sms',
      code,
    });
    expect(passed.body.value?.firstTimeLogin).toBe(true);
    const [session] = await sessionsOf(member.id);
    expect(session?.mustChangePassword).toBe(true);
  });

  it('passes with an authenticator code, once: the same code is refused again', async () => {
    const { member, password, homeIp } = await returningMember();
    const { secret } = await bindTotp(member, password, homeIp);
    const first = await challengeFor(member, password);
    expect(first.factors).toEqual(['sms', 'email', 'totp']);
    const code = await totpCode(secret);
    const passed = await verify(first.ip, { challengeId: first.challengeId, factor: 'totp', code });
    expect(passed.status).toBe(200);
    expect(passed.body.value?.token).toBeTypeOf('string');

    const second = await challengeFor(member, password);
    const replay = await verify(second.ip, {
      challengeId: second.challengeId,
      factor: 'totp',
      code,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('two_factor_invalid');
    clock.advance(30_000);
    const next = await verify(second.ip, {
      challengeId: second.challengeId,
      factor: 'totp',
      code: await totpCode(secret),
    });
    expect(next.status).toBe(200);
  });

  it('is single use', async () => {
    const { member, password } = await returningMember();
    const challenge = await challengeFor(member, password);
    await sendCode(challenge.ip, { challengeId: challenge.challengeId, factor: 'sms' });
    const code = await outboxCode(phoneOf(member));
    const body = { challengeId: challenge.challengeId, factor: 'sms', code };
    expect((await verify(challenge.ip, body)).status).toBe(200);
    const again = await verify(challenge.ip, body);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('two_factor_expired');
    expect(await sessionsOf(member.id)).toHaveLength(1);
  });

  it('expires after 10 minutes', async () => {
    const { member, password } = await returningMember();
    const challenge = await challengeFor(member, password);
    await sendCode(challenge.ip, { challengeId: challenge.challengeId, factor: 'sms' });
    const code = await outboxCode(phoneOf(member));
    clock.advance(secondFactorLimits.challengeMinutes * MINUTE + 1000);
    const late = await verify(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'sms',
      code,
    });
    expect(late.body.code).toBe('two_factor_expired');
    const send = await sendCode(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'email',
    });
    expect(send.body.code).toBe('two_factor_expired');
    expect(await sessionsOf(member.id)).toHaveLength(0);
  });

  it('is spent by 5 wrong codes, even for the right one after them', async () => {
    const { member, password } = await returningMember();
    const challenge = await challengeFor(member, password);
    await sendCode(challenge.ip, { challengeId: challenge.challengeId, factor: 'email' });
    const code = await outboxCode((member.email ?? '').toLowerCase());
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < secondFactorLimits.wrongCodesPerChallenge; i += 1) {
      const reply = await verify(challenge.ip, {
        challengeId: challenge.challengeId,
        factor: 'email',
        code: wrong,
      });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      answers.push(reply.body.code);
    }
    expect(answers.slice(0, -1)).toEqual(Array(4).fill('sms_invalid_code'));
    expect(answers.at(-1)).toBe('two_factor_expired');
    const right = await verify(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'email',
      code,
    });
    expect(right.body.code).toBe('two_factor_expired');
    expect(await sessionsOf(member.id)).toHaveLength(0);
  });

  it('locks the member after 10 wrong codes over several challenges', async () => {
    const { member, password, homeIp } = await returningMember();
    const { secret } = await bindTotp(member, password, homeIp);
    let locked: string | undefined;
    for (let i = 0; i < secondFactorLimits.memberFailuresLock / 2; i += 1) {
      const challenge = await challengeFor(member, password);
      for (let j = 0; j < 2; j += 1) {
        const reply = await verify(challenge.ip, {
          challengeId: challenge.challengeId,
          factor: 'totp',
          code: '000000',
        });
        locked = reply.body.code;
      }
    }
    expect(locked).toBe('account_locked');
    const challenge = await challengeFor(member, password);
    clock.advance(30_000);
    const refused = await verify(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'totp',
      code: await totpCode(secret),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('account_locked');
    clock.advance(secondFactorLimits.lockMinutes * MINUTE);
    const later = await challengeFor(member, password);
    const passed = await verify(later.ip, {
      challengeId: later.challengeId,
      factor: 'totp',
      code: await totpCode(secret),
    });
    expect(passed.status).toBe(200);
  });

  it('answers only the IP that logged in, and only the factors offered', async () => {
    const { member, password } = await returningMember({ email: null });
    const challenge = await challengeFor(member, password);
    const elsewhere = await sendCode(freshIp(), {
      challengeId: challenge.challengeId,
      factor: 'sms',
    });
    expect(elsewhere.body.code).toBe('two_factor_expired');
    const notOffered = await sendCode(challenge.ip, {
      challengeId: challenge.challengeId,
      factor: 'email',
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.code).toBe('bad_request');
    await sendCode(challenge.ip, { challengeId: challenge.challengeId, factor: 'sms' });
    const code = await outboxCode(phoneOf(member));
    const stolen = await verify(freshIp(), {
      challengeId: challenge.challengeId,
      factor: 'sms',
      code,
    });
    expect(stolen.body.code).toBe('two_factor_expired');
    expect(await sessionsOf(member.id)).toHaveLength(0);
  });
});

describe('the authenticator binding', () => {
  it('binds after the current password and a first code, and unbinds with both', async () => {
    const { member, password, homeIp } = await returningMember();
    const token = await sessionOf(member, password, homeIp);
    expect((await totpStatus(token)).body.value).toEqual({ bound: false });

    const wrongPassword = await totpSetup(token, 'not-the-password1');
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('password_wrong');
    expect(await db().select().from(memberTotp).where(eq(memberTotp.memberId, member.id))).toEqual(
      [],
    );

    const setup = await totpSetup(token, password);
    expect(setup.status).toBe(200);
    const secret = setup.body.value?.secret ?? '';
    secrets.push(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.value?.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    // Pending: not bound, and not offered as a factor.
    expect((await totpStatus(token)).body.value).toEqual({ bound: false });

    const wrongCode = await totpConfirm(
      token,
      (await totpCode(secret)) === '123456' ? '654321' : '123456',
    );
    expect(wrongCode.body.code).toBe('two_factor_invalid');
    expect((await totpConfirm(token, await totpCode(secret))).body.value).toEqual({ bound: true });
    expect((await totpStatus(token)).body.value).toEqual({ bound: true });
    expect((await driver.memberInfo(token)).body.value).toMatchObject({ twoFactorBound: true });
    expect((await totpSetup(token, password)).body.code).toBe('totp_already_bound');

    clock.advance(30_000);
    const code = await totpCode(secret);
    const badPassword = await totpUnbind(token, { password: 'not-the-password1', code });
    expect(badPassword.body.code).toBe('password_wrong');
    const badCode = await totpUnbind(token, {
      password,
      code: code === '111111' ? '222222' : '111111',
    });
    expect(badCode.body.code).toBe('two_factor_invalid');
    expect((await totpStatus(token)).body.value).toEqual({ bound: true });
    expect((await totpUnbind(token, { password, code })).body.value).toEqual({ bound: false });
    expect((await totpStatus(token)).body.value).toEqual({ bound: false });

    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${member.id}`));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['member.totp_setup', 'member.totp_bound', 'member.totp_unbound']),
    );
    expect(JSON.stringify(audits)).not.toContain(secret);
  });

  it('is for logged-in real accounts only', async () => {
    expect((await call(site.app, { url: identityPaths.totp })).status).toBe(401);
    const { member } = await createMember(db(), { type: 4, passwordHash: null });
    const token = randomBytes(32).toString('base64url');
    await db()
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        memberId: member.id,
        lastSeenAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 60 * MINUTE),
      });
    const reply = await totpStatus(token);
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('need_true_account');
  });
});

describe('bad input', () => {
  const long = 'x'.repeat(5000);
  const hostile = "'; drop table members; --";
  const cases: [string, 'POST' | 'DELETE', string, unknown][] = [
    ['verify: empty body', 'POST', identityPaths.loginVerify, {}],
    [
      'verify: short code',
      'POST',
      identityPaths.loginVerify,
      { challengeId: 'a', factor: 'sms', code: '12' },
    ],
    [
      'verify: letters',
      'POST',
      identityPaths.loginVerify,
      { challengeId: 'a', factor: 'sms', code: 'abcdef' },
    ],
    [
      'verify: bad factor',
      'POST',
      identityPaths.loginVerify,
      { challengeId: 'a', factor: 'pigeon', code: '123456' },
    ],
    [
      'verify: long id',
      'POST',
      identityPaths.loginVerify,
      { challengeId: long, factor: 'sms', code: '123456' },
    ],
    [
      'verify: hostile id',
      'POST',
      identityPaths.loginVerify,
      { challengeId: hostile, factor: 'sms', code: '123456' },
    ],
    ['verify: array', 'POST', identityPaths.loginVerify, [1, 2, 3]],
    ['send: totp', 'POST', identityPaths.loginVerifySend, { challengeId: 'a', factor: 'totp' }],
    ['send: missing id', 'POST', identityPaths.loginVerifySend, { factor: 'sms' }],
    [
      'send: hostile id',
      'POST',
      identityPaths.loginVerifySend,
      { challengeId: hostile, factor: 'sms' },
    ],
    ['send: number id', 'POST', identityPaths.loginVerifySend, { challengeId: 42, factor: 'sms' }],
  ];

  it.each(cases)('%s: a clear 4xx, nothing written', async (_name, method, url, payload) => {
    const before = await auditCount(db());
    const challengesBefore = await db().$count(loginChallenges);
    const reply = await call(site.app, {
      method,
      url,
      payload: payload as object,
      remoteAddress: freshIp(),
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.success).toBe(false);
    expect(reply.body.code).toMatch(/^(bad_request|two_factor_expired)$/);
    // An unknown challenge is audited (a probe); a malformed body writes nothing at all.
    const after = await auditCount(db());
    expect(after - before).toBeLessThanOrEqual(reply.body.code === 'two_factor_expired' ? 1 : 0);
    expect(await db().$count(loginChallenges)).toBe(challengesBefore);
  });

  it('binding calls refuse malformed bodies without writing', async () => {
    const { member, password, homeIp } = await returningMember();
    const token = await sessionOf(member, password, homeIp);
    const before = await auditCount(db());
    const replies = await Promise.all([
      call(site.app, {
        method: 'POST',
        url: identityPaths.totp,
        headers: bearer(token),
        payload: { code: '12a456' },
      }),
      call(site.app, {
        method: 'POST',
        url: identityPaths.totp,
        headers: bearer(token),
        payload: { code: long },
      }),
      call(site.app, {
        method: 'POST',
        url: identityPaths.totpSetup,
        headers: bearer(token),
        payload: { enc: 'not-a-jwe-at-all-but-long' },
      }),
      call(site.app, {
        method: 'POST',
        url: identityPaths.totpSetup,
        headers: bearer(token),
        payload: { password },
      }),
      call(site.app, {
        method: 'DELETE',
        url: identityPaths.totp,
        headers: bearer(token),
        payload: { enc: hostile },
      }),
      call(site.app, {
        method: 'DELETE',
        url: identityPaths.totp,
        headers: bearer(token),
        payload: { enc: await encryptFor(site.app, { password, code: 'abcdef' }) },
      }),
      call(site.app, {
        method: 'POST',
        url: identityPaths.totpSetup,
        headers: bearer(token),
        payload: { enc: await encryptFor(site.app, { password: long }) },
      }),
    ]);
    for (const reply of replies) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(reply.body.success).toBe(false);
    }
    expect(await auditCount(db())).toBe(before);
    expect(await db().select().from(memberTotp).where(eq(memberTotp.memberId, member.id))).toEqual(
      [],
    );
  });
});

describe('logs', () => {
  it('never carry a code, a secret, a challenge id or a token', () => {
    expect(secrets.length).toBeGreaterThan(10);
    const text = lines.join('\n');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      // A six-digit code is looked for as a number of its own: the same digits inside a longer
      // number (a timestamp, a response time's fraction) are not the code.
      if (/^\d+$/.test(secret)) expect(text).not.toMatch(new RegExp(`(?<![\\d.])${secret}(?!\\d)`));
      else expect(text).not.toContain(secret);
    }
  });
});

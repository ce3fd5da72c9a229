import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { identityPaths, type LoginResult } from '../../src/contract/identity.ts';
import {
  securityCenterPaths,
  type ContactChangeResult,
  type SecuritySummary,
} from '../../src/contract/security-center.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { outboxMessages } from '../../src/server/areas/verification/outbox.schema.ts';
import { verificationCodes } from '../../src/server/areas/verification/verification.schema.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { securityCenterLimits } from '../../src/server/areas/identity/security-center.service.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMember, encryptFor, freshIp, identityDriver } from '../support/identity.ts';

const site = testSite();
const db = () => site.database.db;
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);

let counter = 0;
/** A fresh Indian mobile number no other test uses. */
const newMobile = () => `96${String(10_000_000 + ++counter * 7723).slice(-8)}`;
const newEmail = () => `owner${++counter}.${Date.now().toString(36)}@example.test`;

/** A logged-in member (first login from its IP: no second factor) with its token. */
async function signedIn(overrides: Parameters<typeof createMember>[1] = {}) {
  const { member, password } = await createMember(db(), {
    countryDialingCode: '91',
    mobile: newMobile(),
    email: newEmail(),
    ...overrides,
  });
  const reply = await driver.login({ username: member.username, password }, { ip: freshIp() });
  const token = (reply.body.value as LoginResult | undefined)?.token;
  if (!token) throw new Error(`no token: ${reply.status} ${reply.body.code}`);
  return { member, password, token };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function encCall<T>(
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  ip = freshIp(),
) {
  return call<T>(site.app, {
    method,
    url,
    remoteAddress: ip,
    headers: bearer(token),
    payload: { enc: await encryptFor(site.app, payload) },
  });
}

const sendMobileCode = (token: string, payload: Record<string, unknown>) =>
  encCall<{ expiredMinutes: number }>(token, 'POST', securityCenterPaths.mobileCode, payload);
const changeMobile = (token: string, payload: Record<string, unknown>) =>
  encCall<ContactChangeResult>(token, 'PUT', securityCenterPaths.mobile, payload);
const sendEmailCode = (token: string, payload: Record<string, unknown>) =>
  encCall<{ expiredMinutes: number }>(token, 'POST', securityCenterPaths.emailCode, payload);
const changeEmail = (token: string, payload: Record<string, unknown>) =>
  encCall<ContactChangeResult>(token, 'PUT', securityCenterPaths.email, payload);

/** The code of the newest message to `to`, read from the development outbox. */
async function outboxCode(to: string): Promise<string | undefined> {
  const reply = await call<{ messages: { text: string }[] }>(site.app, {
    url: `${identityPaths.outbox}?to=${encodeURIComponent(to)}`,
    headers: opsHeaders,
  });
  return /\b(\d{6})\b/.exec(reply.body.value?.messages[0]?.text ?? '')?.[1];
}

async function memberRow(id: number) {
  const [row] = await db().select().from(members).where(eq(members.id, id));
  return row;
}

async function auditActions(memberId: number) {
  const rows = await db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `member:${memberId}`));
  return rows;
}

/** Everything a refused call must leave as it was. */
async function written() {
  const tables = [auditLog, outboxMessages, verificationCodes];
  const counts = await Promise.all(
    tables.map(async (table) => (await db().select({ n: count() }).from(table))[0]?.n ?? 0),
  );
  const contacts = await db()
    .select({ mobile: members.mobile, email: members.email, cc: members.countryDialingCode })
    .from(members)
    .orderBy(members.id);
  return JSON.stringify({ counts, contacts });
}

describe('security summary', () => {
  it('shows the contacts, whether a payment password is set and the authenticator', async () => {
    const plain = await signedIn();
    const reply = await call<SecuritySummary>(site.app, {
      url: securityCenterPaths.summary,
      headers: bearer(plain.token),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({
      countryDialingCode: '91',
      mobileNum: plain.member.mobile,
      email: plain.member.email,
      paymentPasswordSet: false,
      totpBound: false,
    });

    const withPin = await signedIn({ paymentPasswordHash: await hashMemberPassword('123456') });
    const second = await call<SecuritySummary>(site.app, {
      url: securityCenterPaths.summary,
      headers: bearer(withPin.token),
    });
    expect(second.body.value?.paymentPasswordSet).toBe(true);
  });

  it('is for members only: no token 401, a trial account 403 need_true_account', async () => {
    expect((await call(site.app, { url: securityCenterPaths.summary })).status).toBe(401);
    const trial = await signedIn({ type: 4 });
    const reply = await call(site.app, {
      url: securityCenterPaths.summary,
      headers: bearer(trial.token),
    });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('need_true_account');
    const send = await sendMobileCode(trial.token, {
      password: trial.password,
      countryDialingCode: '91',
      mobileNum: newMobile(),
    });
    expect(send.body.code).toBe('need_true_account');
  });
});

describe('change of mobile number', () => {
  it('sends a code to the NEW number after the password, then sets it with that code', async () => {
    const { member, password, token } = await signedIn();
    const mobileNum = newMobile();
    const sent = await sendMobileCode(token, { password, countryDialingCode: '91', mobileNum });
    expect(sent.status).toBe(200);
    expect(sent.body.value?.expiredMinutes).toBeGreaterThan(0);
    // Nothing went to the old number.
    expect(await outboxCode(`+91${member.mobile}`)).toBeUndefined();
    const code = await outboxCode(`+91${mobileNum}`);
    expect(code).toMatch(/^\d{6}$/);

    const changed = await changeMobile(token, {
      password,
      countryDialingCode: '91',
      mobileNum,
      verificationCode: code,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.value).toEqual({
      countryDialingCode: '91',
      mobileNum,
      email: member.email,
    });
    expect((await memberRow(member.id))?.mobile).toBe(mobileNum);
    const info = await driver.memberInfo(token);
    expect((info.body.value as { mobileNum: string }).mobileNum).toBe(mobileNum);

    const audit = (await auditActions(member.id)).find((a) => a.action === 'member.mobile_changed');
    expect(audit?.before).toMatchObject({ mobileNum: member.mobile });
    expect(audit?.after).toMatchObject({ mobileNum });
    // The code is single use.
    const again = await changeMobile(token, {
      password,
      countryDialingCode: '91',
      mobileNum,
      verificationCode: code,
    });
    expect(again.status).toBe(400);
    // No session was ended: the token still works.
    expect((await driver.memberInfo(token)).status).toBe(200);
  });

  it('refuses a wrong current password on the send and on the change; nothing is sent or set', async () => {
    const { member, password, token } = await signedIn();
    const mobileNum = newMobile();
    const refused = await sendMobileCode(token, {
      password: 'not-the-password',
      countryDialingCode: '91',
      mobileNum,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('password_wrong');
    expect(await outboxCode(`+91${mobileNum}`)).toBeUndefined();

    await sendMobileCode(token, { password, countryDialingCode: '91', mobileNum });
    const code = await outboxCode(`+91${mobileNum}`);
    const wrong = await changeMobile(token, {
      password: 'not-the-password',
      countryDialingCode: '91',
      mobileNum,
      verificationCode: code,
    });
    expect(wrong.body.code).toBe('password_wrong');
    expect((await memberRow(member.id))?.mobile).toBe(member.mobile);
    const failures = (await auditActions(member.id)).filter(
      (a) => a.action === 'member.contact_change_failed',
    );
    expect(failures).toHaveLength(2);
    // The code was not spent by the refused change.
    const right = await changeMobile(token, {
      password,
      countryDialingCode: '91',
      mobileNum,
      verificationCode: code,
    });
    expect(right.status).toBe(200);
  });

  it('binds the code to the new number: a code for another number or purpose does not change it', async () => {
    const { member, password, token } = await signedIn();
    const first = newMobile();
    const second = newMobile();
    await sendMobileCode(token, { password, countryDialingCode: '91', mobileNum: first });
    const code = await outboxCode(`+91${first}`);
    const other = await changeMobile(token, {
      password,
      countryDialingCode: '91',
      mobileNum: second,
      verificationCode: code,
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('sms_invalid_code');

    // A registration code sent to a number is not a code for changing to it.
    const third = newMobile();
    const loginCode = await driver.smsCode({ ip: freshIp() }, third);
    const purpose = await changeMobile(token, {
      password,
      countryDialingCode: '91',
      mobileNum: third,
      verificationCode: loginCode,
    });
    expect(purpose.body.code).toBe('sms_invalid_code');
    expect((await memberRow(member.id))?.mobile).toBe(member.mobile);
  });

  it("refuses another member's number (mobile_taken) and the member's own (bad_request)", async () => {
    const { password, token, member } = await signedIn();
    const { member: owner } = await createMember(db(), {
      countryDialingCode: '91',
      mobile: newMobile(),
    });
    const taken = await sendMobileCode(token, {
      password,
      countryDialingCode: '91',
      mobileNum: owner.mobile,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('mobile_taken');
    expect(await outboxCode(`+91${owner.mobile}`)).toBeUndefined();

    // Taken between the send and the change.
    const mobileNum = newMobile();
    await sendMobileCode(token, { password, countryDialingCode: '91', mobileNum });
    const code = await outboxCode(`+91${mobileNum}`);
    await createMember(db(), { countryDialingCode: '91', mobile: mobileNum });
    const late = await changeMobile(token, {
      password,
      countryDialingCode: '91',
      mobileNum,
      verificationCode: code,
    });
    expect(late.body.code).toBe('mobile_taken');

    const own = await sendMobileCode(token, {
      password,
      countryDialingCode: '91',
      mobileNum: member.mobile,
    });
    expect(own.status).toBe(400);
    expect((await memberRow(member.id))?.mobile).toBe(member.mobile);
  });

  it('locks these calls after repeated wrong passwords, even for the right one', async () => {
    const { password, token } = await signedIn();
    for (let i = 1; i < securityCenterLimits.wrongPasswords; i += 1) {
      const reply = await sendMobileCode(token, {
        password: `wrong-${i}`,
        countryDialingCode: '91',
        mobileNum: newMobile(),
      });
      expect(reply.body.code).toBe('password_wrong');
    }
    const last = await sendMobileCode(token, {
      password: 'wrong-last',
      countryDialingCode: '91',
      mobileNum: newMobile(),
    });
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('account_locked');
    const right = await sendEmailCode(token, { password, email: newEmail() });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('account_locked');
  });
});

describe('change of e-mail address', () => {
  it('sends a code to the NEW address and sets it with that code', async () => {
    const { member, password, token } = await signedIn();
    const email = newEmail();
    const sent = await sendEmailCode(token, { password, email: email.toUpperCase() });
    expect(sent.status).toBe(200);
    expect(await outboxCode(member.email ?? '')).toBeUndefined();
    const code = await outboxCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const changed = await changeEmail(token, {
      password,
      email: email.toUpperCase(),
      verificationCode: code,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.value?.email).toBe(email.toUpperCase());
    const actions = (await auditActions(member.id)).map((a) => a.action);
    expect(actions).toContain('member.email_code_requested');
    expect(actions).toContain('member.email_changed');
  });

  it("refuses another member's address whatever its case (email_taken) and a wrong password", async () => {
    const { password, token } = await signedIn();
    const { member: owner } = await createMember(db(), { email: newEmail() });
    const taken = await sendEmailCode(token, {
      password,
      email: (owner.email ?? '').toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('email_taken');
    const wrong = await sendEmailCode(token, { password: 'nope', email: newEmail() });
    expect(wrong.body.code).toBe('password_wrong');
  });

  it('binds the code to the address it went to', async () => {
    const { member, password, token } = await signedIn();
    const first = newEmail();
    await sendEmailCode(token, { password, email: first });
    const code = await outboxCode(first);
    const other = await changeEmail(token, { password, email: newEmail(), verificationCode: code });
    expect(other.body.code).toBe('sms_invalid_code');
    expect((await memberRow(member.id))?.email).toBe(member.email);
  });
});

describe('bad input: a clear 4xx, never a 500, nothing written', () => {
  const rawBodies: [string, InjectOptions['payload']][] = [
    ['no body', undefined],
    ['empty object', {}],
    ['enc number', { enc: 12345 }],
    ['enc too short', { enc: 'abc' }],
    ['enc oversized', { enc: 'a'.repeat(20_001) }],
    ['enc not a JWE', { enc: 'this-is-not-a-jwe-at-all-really' }],
    ['array', [1, 2, 3]],
  ];
  const hostile = ["' or 1=1 --", '<script>alert(1)</script>', '\u0000\uffff'];
  const routes: ['POST' | 'PUT', string, Record<string, unknown>][] = [
    ['POST', securityCenterPaths.mobileCode, { countryDialingCode: '91', mobileNum: '9612345678' }],
    [
      'PUT',
      securityCenterPaths.mobile,
      { countryDialingCode: '91', mobileNum: '9612345678', verificationCode: '123456' },
    ],
    ['POST', securityCenterPaths.emailCode, { email: 'x@example.test' }],
    ['PUT', securityCenterPaths.email, { email: 'x@example.test', verificationCode: '123456' }],
  ];
  /** Payloads that decrypt but the schemas refuse; merged over a valid payload. */
  const badFields: Record<string, unknown>[] = [
    { password: '' },
    { password: 'p'.repeat(129) },
    { password: 12345 },
    { countryDialingCode: '+91' },
    { countryDialingCode: '12345' },
    { mobileNum: 'abc' },
    { mobileNum: '1'.repeat(16) },
    { mobileNum: hostile[0] },
    { email: 'not-an-email' },
    { email: `${'e'.repeat(250)}@x.io` },
    { email: hostile[1] },
    { verificationCode: '12345' },
    { verificationCode: hostile[2] },
    { verificationCode: 123456 },
    { password: '𝕏'.repeat(130) },
    { mobileNum: { $ne: null } },
    { email: { $ne: null } },
  ];

  it.each(routes)('%s %s', async (method, url, valid) => {
    const { password, token } = await signedIn();
    const before = await written();
    for (const [label, payload] of rawBodies) {
      const reply = await site.app.inject({ method, url, headers: bearer(token), payload });
      expect(reply.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, label).toBeLessThan(500);
    }
    const fields = Object.keys(valid).concat('password');
    for (const bad of badFields) {
      // Only fields this call takes make its payload wrong.
      if (!Object.keys(bad).some((field) => fields.includes(field))) continue;
      const reply = await encCall(token, method, url, { password, ...valid, ...bad });
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.code, JSON.stringify(bad)).toBe('bad_request');
    }
    expect(await written()).toBe(before);
  });
});

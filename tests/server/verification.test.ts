import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { identityPaths } from '../../src/contract/identity.ts';
import { moduleIds } from '../../src/contract/system.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { captchaChallenges } from '../../src/server/areas/verification/captcha.schema.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { modules } from '../../src/server/areas/system/modules.schema.ts';
import { outboxMessages } from '../../src/server/areas/verification/outbox.schema.ts';
import {
  verificationCodes,
  verificationSends,
  type VerificationPurpose,
} from '../../src/server/areas/verification/verification.schema.ts';
import { hashCaptchaAnswer } from '../../src/server/areas/verification/captcha.service.ts';
import {
  phoneTarget,
  type VerificationService,
} from '../../src/server/areas/verification/verification.service.ts';
import { createVerificationArea } from '../../src/server/areas/verification/verification.area.ts';
import {
  buildTestApp,
  call,
  createTestDatabase,
  basicAuth,
  manualClock,
  opsHeaders,
  testConfig,
  testSite,
} from '../support/server.ts';
import { startSmsGateway } from '../support/sms-gateway.ts';
import { trialToken } from '../support/trial.ts';

type Site = ReturnType<typeof testSite>;
type Sent = { expiredMinutes: number };
type OutboxList = {
  messages: { channel: string; to: string; subject: string | null; text: string; at: string }[];
};

/** Most sends come from their own IP, so the per-IP limits only bite where a test wants them. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

let numberSeq = 0;
/** A fresh 10-digit Indian number per call, so tests do not share limits. */
const freshNumber = () => `98${String(10_000_000 + ++numberSeq * 7919).slice(-8)}`;

const send = (
  site: Site,
  path: string,
  body: Record<string, unknown>,
  options: { ip?: string; cookie?: string } = {},
) =>
  call<Sent>(site.app, {
    method: 'POST',
    url: path,
    payload: body,
    remoteAddress: options.ip ?? randomIp(),
    headers: { 'accept-language': 'en', ...(options.cookie ? { cookie: options.cookie } : {}) },
  });

const sendRegister = (site: Site, mobileNo: string, ip?: string) =>
  send(site, identityPaths.smsRegister, { countryDialingCode: '91', mobileNo }, { ip });

async function outbox(site: Site, query = '') {
  const reply = await call<OutboxList>(site.app, {
    url: `${identityPaths.outbox}${query}`,
    headers: opsHeaders,
  });
  return reply.body.value?.messages ?? [];
}

/** The code of the newest SMS to this number, read from the outbox page as the e2e tests do. */
async function lastCode(site: Site, mobileNo: string) {
  const [message] = await outbox(site, `?to=${encodeURIComponent(phoneTarget('91', mobileNo))}`);
  return /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
}

async function rows(db: Db) {
  const [sends] = await db.select({ n: count() }).from(verificationSends);
  const [codes] = await db.select({ n: count() }).from(verificationCodes);
  const [messages] = await db.select({ n: count() }).from(outboxMessages);
  const [audits] = await db.select({ n: count() }).from(auditLog);
  return { sends: sends?.n, codes: codes?.n, messages: messages?.n, audits: audits?.n };
}

async function setModule(db: Db, modId: string, enabled: boolean) {
  await db.update(modules).set({ enabled }).where(eq(modules.modId, modId));
}

const clock = manualClock();
const site = testSite({}, { clock: clock.now });

let siteVerification: VerificationService | undefined;
/** A verification service over the site's database and clock (what the identity code calls). */
function service(): VerificationService {
  siteVerification ??= createVerificationArea(testConfig(site.testDb), {
    db: site.database.db,
    clock: clock.now,
    log: { warn: () => undefined },
    sessionEnds: site.app.sessionEnds,
  }).verification;
  return siteVerification;
}

const check = (mobileNo: string, purpose: VerificationPurpose, code: string | undefined) =>
  service().checkCode({ target: phoneTarget('91', mobileNo), purpose, code });

describe('POST /wps/verification/sms/register', () => {
  it('sends a 6-digit code through the outbox and answers expiredMinutes', async () => {
    const mobile = freshNumber();
    const reply = await sendRegister(site, mobile);
    expect(reply.status).toBe(200);
    // The spec's 60 s countdown by default (VERIFICATION_CODE_MINUTES=1, issue 34).
    expect(reply.body).toEqual({ success: true, value: { expiredMinutes: 1 } });
    const [message] = await outbox(site, `?to=%2B91${mobile}`);
    expect(message).toMatchObject({ channel: 'sms', to: `+91${mobile}`, subject: null });
    expect(message?.text).toMatch(/registration code is \d{6}/);
  });

  it('writes the SMS in the language of the request', async () => {
    const mobile = freshNumber();
    const reply = await call<Sent>(site.app, {
      method: 'POST',
      url: identityPaths.smsRegister,
      payload: { countryDialingCode: '91', mobileNo: mobile },
    });
    expect(reply.status).toBe(200);
    const [message] = await outbox(site, `?to=%2B91${mobile}`);
    expect(message?.text).toContain('पंजीकरण कोड');
  });

  it('keeps only a hash: the code is in no table but the outbox, nor in the audit', async () => {
    const mobile = freshNumber();
    await sendRegister(site, mobile);
    const code = await lastCode(site, mobile);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await site.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, `+91${mobile}`));
    expect(JSON.stringify(stored)).not.toContain(code);
    const audits = await site.database.db.select().from(auditLog);
    expect(audits.some((row) => row.action === 'verification.sms.send')).toBe(true);
    expect(JSON.stringify(audits)).not.toContain(code);
  });
});

describe('checkCode', () => {
  it('is single use and bound to the number and the purpose', async () => {
    const mobile = freshNumber();
    const other = freshNumber();
    await sendRegister(site, mobile);
    const code = await lastCode(site, mobile);
    expect(await check(mobile, 'login', code)).toEqual({ ok: false, code: 'sms_invalid_code' });
    expect(await check(other, 'register', code)).toEqual({ ok: false, code: 'sms_invalid_code' });
    expect(await check(mobile, 'register', code)).toEqual({ ok: true });
    expect(await check(mobile, 'register', code)).toEqual({
      ok: false,
      code: 'sms_invalid_code',
    });
    const audits = await site.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'verification.check'));
    expect(audits.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(audits)).not.toContain(code);
  });

  it('asks for the code when none is given', async () => {
    expect(await check(freshNumber(), 'register', '')).toEqual({
      ok: false,
      code: 'sms_missing_code',
    });
    expect(await check(freshNumber(), 'register', undefined)).toEqual({
      ok: false,
      code: 'sms_missing_code',
    });
  });

  it('expires after expiredMinutes', async () => {
    const mobile = freshNumber();
    await sendRegister(site, mobile);
    const code = await lastCode(site, mobile);
    clock.advance(60_000 + 1000);
    expect(await check(mobile, 'register', code)).toEqual({
      ok: false,
      code: 'sms_code_expired',
    });
  });

  it('locks the number for 5 minutes after 5 wrong codes', async () => {
    const mobile = freshNumber();
    await sendRegister(site, mobile);
    const code = await lastCode(site, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < 5; attempt++) {
      expect(await check(mobile, 'register', wrong)).toEqual({
        ok: false,
        code: 'sms_invalid_code',
      });
    }
    expect(await check(mobile, 'register', wrong)).toEqual({
      ok: false,
      code: 'sms_too_many_requests',
    });
    // The right code no longer works, and no new one is sent while locked.
    expect(await check(mobile, 'register', code)).toEqual({
      ok: false,
      code: 'sms_too_many_requests',
    });
    clock.advance(60_000);
    const locked = await sendRegister(site, mobile);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('sms_too_many_requests');
    expect(locked.body.message).toContain('5 minutes');
    clock.advance(4 * 60_000 + 1000);
    expect((await sendRegister(site, mobile)).status).toBe(200);
    expect(await check(mobile, 'register', await lastCode(site, mobile))).toEqual({ ok: true });
  });
});

describe('send limits', () => {
  it('refuses a resend until the countdown of the last code ends', async () => {
    const mobile = freshNumber();
    expect((await sendRegister(site, mobile)).status).toBe(200);
    clock.advance(2000);
    const early = await sendRegister(site, mobile);
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('sms_too_many_requests');
    // A lost SMS costs the player a minute: the countdown is 60 s.
    clock.advance(58_000);
    expect((await sendRegister(site, mobile)).status).toBe(200);
  });

  it('sends to one number at most once a second, whatever the purpose', async () => {
    const mobile = freshNumber();
    await site.database.db
      .insert(members)
      .values({ username: `m${mobile}`, countryDialingCode: '91', mobile });
    expect((await sendRegister(site, mobile)).status).toBe(200);
    const login = { countryDialingCode: '91', mobileNo: mobile };
    expect((await send(site, identityPaths.smsNoLogin, login)).status).toBe(429);
    clock.advance(1000);
    expect((await send(site, identityPaths.smsNoLogin, login)).status).toBe(200);
  });

  it('sends to one number at most 5 times an hour', async () => {
    const mobile = freshNumber();
    // The quota, not the countdown, stops a sixth code within the hour.
    for (let sent = 0; sent < 5; sent++) {
      expect((await sendRegister(site, mobile)).status).toBe(200);
      clock.advance(60_000 + 1000);
    }
    expect((await sendRegister(site, mobile)).status).toBe(429);
    clock.advance(60 * 60_000);
    expect((await sendRegister(site, mobile)).status).toBe(200);
  });

  it('sends at most 20 codes an hour from one IP', async () => {
    for (let sent = 0; sent < 20; sent++) {
      expect((await sendRegister(site, freshNumber(), '203.0.113.7')).status).toBe(200);
    }
    const refused = await sendRegister(site, freshNumber(), '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('sms_too_many_requests');
    expect((await sendRegister(site, freshNumber(), '203.0.113.8')).status).toBe(200);
    clock.advance(60 * 60_000 + 1000);
    expect((await sendRegister(site, freshNumber(), '203.0.113.7')).status).toBe(200);
  });
});

describe('phone errors of spec section 8', () => {
  it('names a missing or malformed number', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ countryDialingCode: '91', mobileNo: '' }, 400, 'sms_missing_phone'],
      [{ countryDialingCode: '91', mobileNo: '   ' }, 400, 'sms_missing_phone'],
      [{ countryDialingCode: '91', mobileNo: '98765' }, 400, 'sms_invalid_phone'],
      [{ countryDialingCode: '91', mobileNo: '98765abcde' }, 400, 'sms_invalid_phone'],
      [{ countryDialingCode: '999', mobileNo: '9876543210' }, 400, 'sms_invalid_phone'],
      [{ countryDialingCode: '91', mobileNo: '+919876543210' }, 400, 'sms_invalid_phone'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await send(site, identityPaths.smsRegister, body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
      expect(reply.body.message?.length).toBeGreaterThan(0);
    }
  });

  it('refuses register codes when neither mobile registration nor SMS verification is on', async () => {
    const db = site.database.db;
    await setModule(db, moduleIds.mobileRegistration, false);
    expect((await sendRegister(site, freshNumber())).status).toBe(200);
    await setModule(db, moduleIds.registerSmsVerification, false);
    const refused = await sendRegister(site, freshNumber());
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('sms_operation_not_allowed');
    await setModule(db, moduleIds.mobileRegistration, true);
    await setModule(db, moduleIds.registerSmsVerification, true);
  });

  it('refuses login codes when SMS login is off and reset codes when forget-by-mobile is off', async () => {
    const db = site.database.db;
    const body = { countryDialingCode: '91', mobileNo: freshNumber() };
    await setModule(db, moduleIds.smsLogin, false);
    expect((await send(site, identityPaths.smsNoLogin, body)).body.code).toBe(
      'sms_operation_not_allowed',
    );
    await setModule(db, moduleIds.smsLogin, true);
    await setModule(db, moduleIds.forgetByMobile, false);
    const reset = await send(site, identityPaths.smsNoLogin, { ...body, purpose: 'resetPassword' });
    expect(reset.status).toBe(403);
    expect(reset.body.code).toBe('sms_operation_not_allowed');
    await setModule(db, moduleIds.forgetByMobile, true);
  });
});

describe('POST /wps/verification/sms/noLogin', () => {
  it("sends only to a member's number but answers the same for any number", async () => {
    const memberMobile = freshNumber();
    const strangerMobile = freshNumber();
    await site.database.db
      .insert(members)
      .values({ username: `m${memberMobile}`, countryDialingCode: '91', mobile: memberMobile });
    const toMember = await send(site, identityPaths.smsNoLogin, {
      countryDialingCode: '91',
      mobileNo: memberMobile,
    });
    const toStranger = await send(site, identityPaths.smsNoLogin, {
      countryDialingCode: '91',
      mobileNo: strangerMobile,
    });
    expect(toStranger.status).toBe(toMember.status);
    expect(toStranger.body).toEqual(toMember.body);
    expect(await outbox(site, `?to=%2B91${strangerMobile}`)).toEqual([]);
    const code = await lastCode(site, memberMobile);
    expect(await check(memberMobile, 'login', code)).toEqual({ ok: true });
    // The stranger's number is limited the same way.
    clock.advance(2000);
    const again = await send(site, identityPaths.smsNoLogin, {
      countryDialingCode: '91',
      mobileNo: strangerMobile,
    });
    expect(again.status).toBe(429);
  });

  it('binds a reset-password code to that purpose', async () => {
    const mobile = freshNumber();
    await site.database.db
      .insert(members)
      .values({ username: `r${mobile}`, countryDialingCode: '91', mobile });
    const reply = await send(site, identityPaths.smsNoLogin, {
      countryDialingCode: '91',
      mobileNo: mobile,
      purpose: 'resetPassword',
    });
    expect(reply.status).toBe(200);
    const code = await lastCode(site, mobile);
    expect((await outbox(site, `?to=%2B91${mobile}`))[0]?.text).toContain('password reset');
    expect(await check(mobile, 'login', code)).toEqual({ ok: false, code: 'sms_invalid_code' });
    expect(await check(mobile, 'resetPassword', code)).toEqual({ ok: true });
  });
});

describe('bad input', () => {
  it('answers 4xx and writes nothing', async () => {
    const before = await rows(site.database.db);
    const bodies: unknown[] = [
      {},
      { countryDialingCode: '91' },
      { mobileNo: '9876543210' },
      { countryDialingCode: '+91', mobileNo: '9876543210' },
      { countryDialingCode: '91', mobileNo: '9'.repeat(21) },
      { countryDialingCode: '91', mobileNo: 9876543210 },
      { countryDialingCode: ['91'], mobileNo: '9876543210' },
      { countryDialingCode: '91', mobileNo: "1' OR '1'='1" },
      { countryDialingCode: '91', mobileNo: '<script>alert(1)</script>' },
      { countryDialingCode: '91', mobileNo: '9876543210', purpose: 'register' },
      { countryDialingCode: '91', mobileNo: '9876543210', captcha: 'x'.repeat(100) },
      { __proto__: { polluted: true }, countryDialingCode: '91' },
      [],
      null,
      'text',
    ];
    for (const path of [identityPaths.smsRegister, identityPaths.smsNoLogin]) {
      for (const body of bodies) {
        const reply = await call(site.app, {
          method: 'POST',
          url: path,
          remoteAddress: randomIp(),
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(reply.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(reply.body.success).toBe(false);
      }
      const malformed = await call(site.app, {
        method: 'POST',
        url: path,
        payload: '{"countryDialingCode": "91", ',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      const oversized = await call(site.app, {
        method: 'POST',
        url: path,
        payload: JSON.stringify({ countryDialingCode: '91', mobileNo: '9'.repeat(300_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(oversized.status).toBe(413);
    }
    const after = await rows(site.database.db);
    expect(after.sends).toBe(before.sends);
    expect(after.codes).toBe(before.codes);
    expect(after.messages).toBe(before.messages);
  });
});

describe('GET /wps/dev/outbox', () => {
  it('lists the newest messages as JSON and as an escaped HTML page', async () => {
    const mobile = freshNumber();
    clock.advance(60 * 60_000);
    await sendRegister(site, mobile);
    const messages = await outbox(site, '?limit=1');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.to).toBe(`+91${mobile}`);
    const html = await site.app.inject({
      url: `${identityPaths.outbox}?format=html`,
      headers: opsHeaders,
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(`+91${mobile}`);
    await site.database.db.insert(outboxMessages).values({
      channel: 'email',
      recipient: '<img src=x onerror=alert(1)>@example.test',
      subject: '<b>hi</b>',
      body: '<script>alert(1)</script>',
      html: null,
      createdAt: clock.now(),
    });
    const hostile = await site.app.inject({
      url: `${identityPaths.outbox}?format=html`,
      headers: opsHeaders,
    });
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(hostile.body).toContain('&lt;script&gt;');
    const bad = (query: string) =>
      call(site.app, { url: `${identityPaths.outbox}${query}`, headers: opsHeaders });
    expect((await bad('?limit=0')).status).toBe(400);
    expect((await bad('?format=xml')).status).toBe(400);
  });

  it('is an operator call: nobody else reads the codes and reset links it holds', async () => {
    const mobile = freshNumber();
    clock.advance(60 * 60_000);
    await sendRegister(site, mobile);
    const trial = await trialToken(site.app);
    for (const headers of [
      {},
      { authorization: `Bearer ${trial}` },
      { authorization: basicAuth('ops-test', 'wrong-password') },
    ]) {
      for (const format of ['json', 'html']) {
        const reply = await call(site.app, {
          url: `${identityPaths.outbox}?format=${format}&to=%2B91${mobile}`,
          headers,
        });
        expect(reply.status).toBe(401);
        expect(reply.body.code).toBe('ops_unauthorized');
        // A browser opening the page is asked for the operator's credentials.
        expect(reply.headers['www-authenticate']).toMatch(/^Basic /);
        expect(JSON.stringify(reply.body)).not.toContain(mobile);
      }
    }
    expect(await outbox(site, `?to=%2B91${mobile}`)).toHaveLength(1);
  });
});

describe('outbox page in production', () => {
  const production = testSite({
    NODE_ENV: 'production',
    OPS_PASSWORD: 'a-long-operator-password',
    TOTP_ENCRYPTION_KEYS: `prod:${Buffer.alloc(32, 7).toString('base64url')}`,
    OUTCOME_KEYS: `prod:${Buffer.alloc(32, 8).toString('base64url')}`,
  });
  it('does not exist', async () => {
    const reply = await call(production.app, { url: identityPaths.outbox });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('not_found');
  });
});

describe('captcha required for sends', () => {
  const guarded = testSite({ SMS_CAPTCHA_REQUIRED: 'true' });
  const clientId = 'captcha-client-0123456789abcdef';

  async function setCaptcha(answer: string) {
    await guarded.database.db
      .insert(captchaChallenges)
      .values({ clientId, answerHash: hashCaptchaAnswer(clientId, answer), createdAt: new Date() })
      .onConflictDoUpdate({
        target: captchaChallenges.clientId,
        set: { answerHash: hashCaptchaAnswer(clientId, answer) },
      });
  }

  it('fails without the right answer, and an answer works once', async () => {
    const body = { countryDialingCode: '91', mobileNo: freshNumber() };
    const cookie = `cid=${clientId}`;
    expect((await send(guarded, identityPaths.smsRegister, body)).body.code).toBe(
      'sms_captcha_failed',
    );
    await setCaptcha('k7pq');
    const wrong = await send(
      guarded,
      identityPaths.smsRegister,
      { ...body, captcha: 'zzzz' },
      {
        cookie,
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('sms_captcha_failed');
    // The wrong guess used up that image.
    expect(
      (await send(guarded, identityPaths.smsRegister, { ...body, captcha: 'k7pq' }, { cookie }))
        .body.code,
    ).toBe('sms_captcha_failed');
    await setCaptcha('k7pq');
    const right = await send(
      guarded,
      identityPaths.smsRegister,
      { ...body, captcha: 'K7PQ' },
      {
        cookie,
      },
    );
    expect(right.status).toBe(200);
  });
});

describe('SMS through the HTTP provider', () => {
  const httpClock = manualClock();
  const local = {} as Site & { gateway: Awaited<ReturnType<typeof startSmsGateway>> };
  beforeAll(async () => {
    local.gateway = await startSmsGateway();
    local.testDb = await createTestDatabase();
    local.database = await local.testDb.open();
    local.app = await buildTestApp(
      local.testDb,
      local.database,
      { SMS_PROVIDER: 'http', SMS_HTTP_URL: local.gateway.url, SMS_HTTP_TOKEN: 'gateway-token' },
      { clock: httpClock.now },
    );
  });
  afterAll(async () => {
    await local.app.close();
    await local.database.close();
    await local.testDb.drop();
    await local.gateway.close();
  });

  it('delivers through the gateway with its token', async () => {
    const mobile = freshNumber();
    local.gateway.answer(200);
    expect((await sendRegister(local, mobile)).status).toBe(200);
    const delivered = local.gateway.received.at(-1);
    expect(delivered?.headers.authorization).toBe('Bearer gateway-token');
    expect(delivered?.body).toMatchObject({ to: `+91${mobile}` });
    expect(await outbox(local, `?to=%2B91${mobile}`)).toEqual([]);
  });

  it('maps gateway failures to sms_unknown and sms_quota_exceeded, and lets the player retry', async () => {
    const mobile = freshNumber();
    local.gateway.answer(500);
    const unknown = await sendRegister(local, mobile);
    expect(unknown.status).toBe(503);
    expect(unknown.body.code).toBe('sms_unknown');
    // The code never arrived, so the player may ask again after a second.
    httpClock.advance(1000);
    local.gateway.answer(429);
    const quota = await sendRegister(local, mobile);
    expect(quota.status).toBe(503);
    expect(quota.body.code).toBe('sms_quota_exceeded');
    httpClock.advance(1000);
    local.gateway.answer(200);
    expect((await sendRegister(local, mobile)).status).toBe(200);
    const text = (local.gateway.received.at(-1)?.body as { text: string }).text;
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    const area = createVerificationArea(testConfig(local.testDb), {
      db: local.database.db,
      clock: httpClock.now,
      log: { warn: () => undefined },
      sessionEnds: local.app.sessionEnds,
    });
    expect(
      await area.verification.checkCode({
        target: phoneTarget('91', mobile),
        purpose: 'register',
        code,
      }),
    ).toEqual({ ok: true });
  });
});

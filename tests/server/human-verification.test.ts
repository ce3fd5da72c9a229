import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import {
  humanVerificationPaths,
  type HumanVerificationChallenge,
  type HumanVerificationReply,
} from '../../src/contract/human-verification.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { outboxMessages } from '../../src/server/areas/verification/outbox.schema.ts';
import { humanVerificationWork } from '../../src/server/areas/verification/human-verification.service.ts';
import { buildTestApp, call, manualClock, testSite } from '../support/server.ts';
import {
  createMember,
  encryptFor,
  freshIp,
  identityDriver,
  registration,
  type IdentityClient,
} from '../support/identity.ts';

// altcha checks expiry against the real time too, so this clock starts now.
const clock = manualClock(new Date());
const site = testSite({ HUMAN_VERIFICATION: 'on' }, { clock: clock.now });
const db = () => site.database.db;
const driver = identityDriver(
  () => site.app,
  () => site.database.db,
);
const MINUTE = 60_000;

async function challengeOf(app: FastifyInstance): Promise<HumanVerificationChallenge> {
  const reply = await call<HumanVerificationReply>(app, { url: humanVerificationPaths.challenge });
  expect(reply.status).toBe(200);
  const challenge = reply.body.value?.challenge;
  if (!challenge) throw new Error('no challenge');
  return challenge;
}

const encode = (answer: unknown) => Buffer.from(JSON.stringify(answer)).toString('base64');

/** What the browser does: fetch a challenge, find the counter, send the altcha payload. */
async function solve(app: FastifyInstance = site.app): Promise<string> {
  const challenge = await challengeOf(app);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return encode({ challenge, solution });
}

let phoneCounter = 0;
const freshPhone = () => `97${String(10_000_000 + ++phoneCounter * 7907).slice(-8)}`;

function sendSms(path: string, body: Record<string, unknown>) {
  return call(site.app, { method: 'POST', url: path, remoteAddress: freshIp(), payload: body });
}

async function outboxTo(mobileNo: string) {
  return db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, `+91${mobileNo}`));
}

describe('GET /wps/system/humanVerification', () => {
  it('gives a new signed challenge, valid a few minutes, never cached', async () => {
    const reply = await site.app.inject({ url: humanVerificationPaths.challenge });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { value } = reply.json() as { value: HumanVerificationReply };
    expect(value.enabled).toBe(true);
    const challenge = value.challenge;
    expect(challenge?.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge?.parameters).toMatchObject({
      algorithm: humanVerificationWork.algorithm,
      cost: humanVerificationWork.cost,
    });
    const expiresAt = (challenge?.parameters.expiresAt ?? 0) * 1000;
    expect(expiresAt).toBeGreaterThan(clock.now().getTime());
    expect(expiresAt).toBeLessThanOrEqual(
      clock.now().getTime() + humanVerificationWork.validMinutes * MINUTE,
    );
    const other = await challengeOf(site.app);
    expect(other.parameters.nonce).not.toBe(challenge?.parameters.nonce);
  });
});

describe('username login', () => {
  it('is refused without an answer or with a wrong one, in the language of the request', async () => {
    const { member, password } = await createMember(db());
    const client = { ip: freshIp() };
    const missing = await driver.login({ username: member.username, password }, client);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('verification_required');
    expect(missing.body.message).toBeTruthy();

    const reply = await call(site.app, {
      method: 'POST',
      url: identityPaths.login,
      remoteAddress: freshIp(),
      headers: { 'accept-language': 'en' },
      payload: {
        enc: await encryptFor(site.app, {
          type: 'username',
          username: member.username,
          password,
          humanVerification: 'bm90IGFuIGFuc3dlcg==',
        }),
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('human_verification_failed');
    expect(reply.body.message).toBe('Human verification failed; please try again.');
  });

  it('gets in with a solved challenge, and the same answer never works twice', async () => {
    const { member, password } = await createMember(db());
    const client = { ip: freshIp() };
    const answer = await solve();
    const first = await driver.login(
      { username: member.username, password, humanVerification: answer },
      client,
    );
    expect(first.status).toBe(200);
    expect(first.body.value?.token).toBeTruthy();

    const replay = await driver.login(
      { username: member.username, password, humanVerification: answer },
      client,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('human_verification_failed');
  });

  it('is not asked of an SMS-code login', async () => {
    const reply = await driver.login(
      { type: 'sms', username: freshPhone(), countryDialingCode: '91', verificationCode: '123456' },
      { ip: freshIp() },
    );
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.body.code).not.toBe('human_verification_failed');
  });
});

describe('registration', () => {
  it('writes nothing without an answer and registers with one (its SMS code sent with another)', async () => {
    const client: IdentityClient = { ip: freshIp() };
    const base = registration();
    const sent = await sendSms(identityPaths.smsRegister, {
      countryDialingCode: '91',
      mobileNo: base.mobileNum,
      humanVerification: await solve(),
    });
    expect(sent.status).toBe(200);
    const [message] = await outboxTo(base.mobileNum);
    const verificationCode = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    clock.advance(1000); // one captcha per second per client
    const form = { ...base, verificationCode, captcha: await driver.solveCaptcha(client) };

    const refused = await driver.register(form, client);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('verification_required');
    const none = await db().select().from(members).where(eq(members.username, form.username));
    expect(none).toHaveLength(0);

    const registered = await driver.register({ ...form, humanVerification: await solve() }, client);
    expect(registered.status).toBe(200);
    expect(registered.body.value?.token).toBeTruthy();
    const rows = await db().select().from(members).where(eq(members.username, form.username));
    expect(rows).toHaveLength(1);
  });
});

describe('SMS sends', () => {
  it.each([identityPaths.smsRegister, identityPaths.smsNoLogin])(
    '%s sends nothing without an answer and sends with one',
    async (path) => {
      const refusedPhone = freshPhone();
      const refused = await sendSms(path, { countryDialingCode: '91', mobileNo: refusedPhone });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('verification_required');
      expect(await outboxTo(refusedPhone)).toHaveLength(0);

      const sent = await sendSms(path, {
        countryDialingCode: '91',
        mobileNo: freshPhone(),
        humanVerification: await solve(),
      });
      expect(sent.status).toBe(200);
      expect(sent.body.value).toMatchObject({ expiredMinutes: expect.any(Number) });
    },
  );

  it('the registration code reaches the outbox once the challenge is solved', async () => {
    const phone = freshPhone();
    const sent = await sendSms(identityPaths.smsRegister, {
      countryDialingCode: '91',
      mobileNo: phone,
      humanVerification: await solve(),
    });
    expect(sent.status).toBe(200);
    expect(await outboxTo(phone)).toHaveLength(1);
  });
});

describe('answers that must fail', () => {
  const smsWith = (humanVerification: unknown) =>
    sendSms(identityPaths.smsRegister, {
      countryDialingCode: '91',
      mobileNo: freshPhone(),
      humanVerification,
    });

  it('an expired challenge', async () => {
    const answer = await solve();
    clock.advance(humanVerificationWork.validMinutes * MINUTE + 1000);
    const reply = await smsWith(answer);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('human_verification_failed');
  });

  it('a challenge whose parameters were changed (easier work, later expiry, another nonce)', async () => {
    const challenge = await challengeOf(site.app);
    const solution = await solveChallenge({ challenge, deriveKey });
    const changes = [
      { keyPrefix: '0' },
      { expiresAt: (challenge.parameters.expiresAt ?? 0) + 3600 },
      { nonce: '00'.repeat(16) },
      { cost: 2 },
    ];
    for (const change of changes) {
      const forged = { ...challenge, parameters: { ...challenge.parameters, ...change } };
      const reply = await smsWith(encode({ challenge: forged, solution }));
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body.code).toBe('human_verification_failed');
    }
    // Untouched, the same answer still works: nothing above used it up.
    expect((await smsWith(encode({ challenge, solution }))).status).toBe(200);
  });

  it('a wrong key, an unsigned challenge, another algorithm', async () => {
    const challenge = await challengeOf(site.app);
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('not solved');
    const { signature: _signature, ...unsigned } = challenge;
    const answers = [
      { challenge, solution: { ...solution, derivedKey: 'ab'.repeat(32) } },
      { challenge, solution: { ...solution, derivedKey: 'XYZ' } },
      { challenge: unsigned, solution },
      {
        challenge: { ...challenge, parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' } },
        solution,
      },
    ];
    for (const answer of answers) {
      const reply = await smsWith(encode(answer));
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('human_verification_failed');
    }
  });

  it('anything malformed is a clear 400, never a 500', async () => {
    const fixed = ['', '!!!', 'e30=', encode({ challenge: {}, solution: {} }), encode([1, 2])];
    for (const answer of fixed) {
      const reply = await smsWith(answer);
      expect(reply.status).toBe(400);
      expect(['verification_required', 'human_verification_failed', 'bad_request']).toContain(
        reply.body.code,
      );
    }
    expect((await smsWith(12345)).body.code).toBe('bad_request');
    expect((await smsWith('A'.repeat(5000))).body.code).toBe('bad_request');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 300 }), fc.base64String({ maxLength: 300 }), fc.json()),
        async (answer) => {
          const reply = await smsWith(answer);
          expect(reply.status).toBe(400);
          expect(['verification_required', 'human_verification_failed', 'bad_request']).toContain(
            reply.body.code,
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('several nodes on one database', () => {
  it('an answer to one node is accepted by another, once', async () => {
    const other = await buildTestApp(
      site.testDb,
      site.database,
      { HUMAN_VERIFICATION: 'on' },
      { clock: clock.now },
    );
    try {
      const answer = await solve(site.app);
      const atOther = await call(other, {
        method: 'POST',
        url: identityPaths.smsRegister,
        remoteAddress: freshIp(),
        payload: { countryDialingCode: '91', mobileNo: freshPhone(), humanVerification: answer },
      });
      expect(atOther.status).toBe(200);
      const again = await sendSms(identityPaths.smsRegister, {
        countryDialingCode: '91',
        mobileNo: freshPhone(),
        humanVerification: answer,
      });
      expect(again.body.code).toBe('human_verification_failed');
    } finally {
      await other.close();
    }
  });
});

describe('HUMAN_VERIFICATION=off', () => {
  const off = testSite({ HUMAN_VERIFICATION: 'off' });

  it('gives no challenge and asks no answer', async () => {
    const reply = await call<HumanVerificationReply>(off.app, {
      url: humanVerificationPaths.challenge,
    });
    expect(reply.body.value).toEqual({ enabled: false, challenge: null });
    const { member, password } = await createMember(off.database.db);
    const login = await identityDriver(
      () => off.app,
      () => off.database.db,
    ).login({ username: member.username, password }, { ip: freshIp() });
    expect(login.status).toBe(200);
  });
});

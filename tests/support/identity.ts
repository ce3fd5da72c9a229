import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identityPaths, type LoginResult } from '../../src/contract/identity.ts';
import { systemPaths } from '../../src/contract/system.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { captchaChallenges } from '../../src/server/areas/verification/captcha.schema.ts';
import { hashCaptchaAnswer } from '../../src/server/areas/verification/captcha.service.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { call, opsHeaders } from './server.ts';

/** Encrypts a payload as a browser would: JWE compact to the key of /wps/system/publicKey. */
export async function encryptFor(app: FastifyInstance, payload: unknown): Promise<string> {
  const reply = await call<JWK>(app, { url: systemPaths.publicKey });
  const jwk = reply.body.value;
  if (!jwk) throw new Error('no public key');
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(key);
}

let ipCounter = 0;
/** A fresh client address, so per-IP limits of one test do not leak into the next. */
export const freshIp = () =>
  `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

export type IdentityClient = { ip: string; cid?: string };

/**
 * A domain driver for the identity calls: encrypts payloads, carries the client's IP and captcha
 * cookie, and solves captchas by planting a known answer for the client's challenge.
 */
export function identityDriver(app: () => FastifyInstance, db: () => Db) {
  const cookieOf = (client: IdentityClient) => (client.cid ? { cookie: `cid=${client.cid}` } : {});
  return {
    async login(payload: Record<string, unknown>, client: IdentityClient) {
      return call<LoginResult>(app(), {
        method: 'POST',
        url: identityPaths.login,
        remoteAddress: client.ip,
        headers: cookieOf(client),
        payload: { enc: await encryptFor(app(), { type: 'username', ...payload }) },
      });
    },
    async register(payload: Record<string, unknown>, client: IdentityClient) {
      return call<LoginResult>(app(), {
        method: 'PUT',
        url: identityPaths.register,
        remoteAddress: client.ip,
        headers: cookieOf(client),
        payload: { enc: await encryptFor(app(), payload) },
      });
    },
    async registerMobile(payload: Record<string, unknown>, client: IdentityClient) {
      return call<LoginResult>(app(), {
        method: 'PUT',
        url: identityPaths.registerMobile,
        remoteAddress: client.ip,
        headers: cookieOf(client),
        payload: { enc: await encryptFor(app(), payload) },
      });
    },
    async resetByPhone(payload: Record<string, unknown>, client: IdentityClient) {
      return call<{ username: string }>(app(), {
        method: 'POST',
        url: identityPaths.passwordVerification,
        remoteAddress: client.ip,
        payload: { enc: await encryptFor(app(), payload) },
      });
    },
    async changePassword(token: string, payload: Record<string, unknown>, ip = freshIp()) {
      return call<{ revokedSessions: number }>(app(), {
        method: 'POST',
        url: identityPaths.password,
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}` },
        payload: { enc: await encryptFor(app(), payload) },
      });
    },
    memberInfo(token: string) {
      return call(app(), {
        url: identityPaths.memberInfo,
        headers: { authorization: `Bearer ${token}` },
      });
    },
    logout(token: string) {
      return call(app(), {
        method: 'DELETE',
        url: identityPaths.logout,
        headers: { authorization: `Bearer ${token}` },
      });
    },
    /** Sends a one-time code by SMS and reads it back from the development outbox. */
    async smsCode(
      client: IdentityClient,
      mobileNo: string,
      path: string = identityPaths.smsRegister,
      extra: Record<string, unknown> = {},
    ): Promise<string> {
      const sent = await call(app(), {
        method: 'POST',
        url: path,
        remoteAddress: client.ip,
        payload: { countryDialingCode: '91', mobileNo, ...extra },
      });
      if (sent.status !== 200) throw new Error(`sms send: ${sent.status} ${sent.body.code}`);
      const outbox = await call<{ messages: { text: string }[] }>(app(), {
        url: `${identityPaths.outbox}?to=${encodeURIComponent(`+91${mobileNo}`)}`,
        headers: opsHeaders,
      });
      const code = /\b(\d{6})\b/.exec(outbox.body.value?.messages[0]?.text ?? '')?.[1];
      if (!code) throw new Error('no code in the outbox');
      return code;
    },
    /** Asks for a captcha (sets the client's cookie) and plants `answer` as its solution. */
    async solveCaptcha(client: IdentityClient, answer = 'K7PX'): Promise<string> {
      const reply = await app().inject({
        url: systemPaths.captcha,
        remoteAddress: client.ip,
        headers: cookieOf(client),
      });
      if (reply.statusCode !== 200) throw new Error(`captcha: ${reply.statusCode}`);
      const set = reply.cookies.find((cookie) => cookie.name === 'cid');
      if (set) client.cid = set.value;
      if (!client.cid) throw new Error('no captcha client');
      await db()
        .update(captchaChallenges)
        .set({ answerHash: hashCaptchaAnswer(client.cid, answer) })
        .where(eq(captchaChallenges.clientId, client.cid));
      return answer;
    },
  };
}

let memberCounter = 0;
/** A member with a known password; overrides make agents, trial accounts, disabled ones. */
export async function createMember(
  db: Db,
  overrides: Partial<typeof members.$inferInsert> & { password?: string } = {},
) {
  const { password = 'secret123', ...values } = overrides;
  const [member] = await db
    .insert(members)
    .values({
      username: `member${Date.now().toString(36)}${++memberCounter}`,
      passwordHash: await hashMemberPassword(password),
      ...values,
    })
    .returning();
  if (!member) throw new Error('member not created');
  return { member, password };
}

/** A registration that passes the seeded rules; override fields per test. */
export function registration(overrides: Record<string, unknown> = {}) {
  memberCounter += 1;
  return {
    username: `newplayer${memberCounter}${Math.floor(Math.random() * 1000)}`,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    paymentPassword: '123456',
    mobileNum: `98${String(10_000_000 + memberCounter * 7919 + Math.floor(Math.random() * 9999)).slice(-8)}`,
    countryDialingCode: '91',
    registerMethod: 'WEB',
    agreeTerms: true,
    login: true,
    ...overrides,
  };
}

import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { identityPaths } from '../../src/contract/identity.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import { outboxMessages } from '../../src/server/areas/verification/outbox.schema.ts';
import { passwordResetTokens } from '../../src/server/areas/verification/verification.schema.ts';
import { createMemberSession } from '../support/server-factories.ts';
import {
  buildTestApp,
  call,
  createTestDatabase,
  manualClock,
  opsHeaders,
  testSite,
} from '../support/server.ts';
import { decodeMail, startSmtpServer } from '../support/smtp.ts';

type Site = ReturnType<typeof testSite>;
type OutboxList = {
  messages: { channel: string; to: string; subject: string | null; text: string }[];
};

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
let seq = 0;

const clock = manualClock();
const site = testSite({ PUBLIC_URL: 'https://play.example.test' }, { clock: clock.now });

async function memberWithEmail(target: Site) {
  const { member, token } = await createMemberSession(target.database.db, {
    username: `reset${++seq}${randomInt(1000)}`,
  });
  const email = `Player.${seq}@Example.test`;
  await target.database.db.update(members).set({ email }).where(eq(members.id, member.id));
  return { member, token, email };
}

const requestEmail = (target: Site, body: unknown, ip = randomIp()) =>
  call(target.app, {
    method: 'POST',
    url: identityPaths.passwordEmail,
    payload: body as Record<string, unknown>,
    remoteAddress: ip,
    headers: { 'accept-language': 'en' },
  });

const resetWith = (token: string, newPassword: string, confirmNewPassword = newPassword) =>
  call(site.app, {
    method: 'POST',
    url: identityPaths.passwordReset,
    payload: { token, newPassword, confirmNewPassword },
    remoteAddress: randomIp(),
  });

async function emailsTo(address: string) {
  const reply = await call<OutboxList>(site.app, {
    url: `${identityPaths.outbox}?channel=email&to=${encodeURIComponent(address)}`,
    headers: opsHeaders,
  });
  return reply.body.value?.messages ?? [];
}

const tokenIn = (text: string | undefined) =>
  /forget\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

describe('POST /wps/member/password/email', () => {
  it('e-mails a reset link when username and e-mail match, and answers email_not_found when not', async () => {
    const { member, email } = await memberWithEmail(site);
    const matched = await requestEmail(site, {
      username: member.username,
      email: email.toUpperCase(),
    });
    const unmatched = await requestEmail(site, {
      username: member.username,
      email: 'x@example.test',
    });
    clock.advance(2000);
    const unknown = await requestEmail(site, { username: 'nobody-here', email });
    expect(matched.status).toBe(200);
    expect(matched.body).toEqual({ success: true, value: null });
    for (const reply of [unmatched, unknown]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({
        success: false,
        code: 'email_not_found',
        message: 'The username or e-mail does not exist.',
      });
    }
    const mails = await emailsTo(email.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Reset your password');
    expect(mails[0]?.text).toContain('https://play.example.test/forget?token=');
    expect(await emailsTo('x@example.test')).toEqual([]);
  });

  it('accepts the form encoding of a plain HTML form', async () => {
    const { member, email } = await memberWithEmail(site);
    const reply = await call(site.app, {
      method: 'POST',
      url: identityPaths.passwordEmail,
      payload: new URLSearchParams({ username: member.username, email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: randomIp(),
    });
    expect(reply.status).toBe(200);
    expect(await emailsTo(email.toLowerCase())).toHaveLength(1);
  });

  it('limits requests per address to 5 an hour, unmatched ones included', async () => {
    const address = `limit${seq++}@example.test`;
    for (let sent = 0; sent < 5; sent++) {
      const reply = await requestEmail(site, { username: 'someone', email: address });
      expect(reply.body.code).toBe('email_not_found');
      clock.advance(2000);
    }
    const refused = await requestEmail(site, { username: 'someone', email: address });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const [before] = await site.database.db.select({ n: count() }).from(auditLog);
    const bodies = [
      {},
      { username: 'a' },
      { email: 'a@b.c' },
      { username: '', email: 'a@b.c' },
      { username: 'a'.repeat(65), email: 'a@b.c' },
      { username: 'a', email: 'a'.repeat(300) },
      { username: ['a'], email: 'a@b.c' },
      { username: { $ne: null }, email: 'a@b.c' },
    ];
    for (const body of bodies) {
      const reply = await requestEmail(site, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    const [after] = await site.database.db.select({ n: count() }).from(auditLog);
    expect(after?.n).toBe(before?.n);
  });
});

describe('POST /wps/member/password/reset', () => {
  async function linkFor() {
    const fixture = await memberWithEmail(site);
    await requestEmail(site, { username: fixture.member.username, email: fixture.email });
    const [mail] = await emailsTo(fixture.email.toLowerCase());
    const token = tokenIn(mail?.text);
    if (!token) throw new Error('no reset link in the e-mail');
    return { ...fixture, resetToken: token };
  }

  it('sets the new password once, ends the sessions and keeps the token out of the audit', async () => {
    const { member, resetToken } = await linkFor();
    const reply = await resetWith(resetToken, 'newpass123');
    expect(reply.status).toBe(200);
    const [stored] = await site.database.db.select().from(members).where(eq(members.id, member.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(stored?.passwordHash ?? '', 'newpass123')).toBe(true);
    const open = await site.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, member.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    const again = await resetWith(resetToken, 'otherpass123');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('reset_token_invalid');
    const audits = JSON.stringify(await site.database.db.select().from(auditLog));
    expect(audits).toContain('password.reset');
    expect(audits).not.toContain(resetToken);
    const tokens = JSON.stringify(await site.database.db.select().from(passwordResetTokens));
    expect(tokens).not.toContain(resetToken);
  });

  it('only the newest link works, and none after 30 minutes', async () => {
    const first = await linkFor();
    clock.advance(2000);
    await requestEmail(site, { username: first.member.username, email: first.email });
    const [newest] = await emailsTo(first.email.toLowerCase());
    const newestToken = tokenIn(newest?.text) ?? '';
    expect(newestToken).not.toBe(first.resetToken);
    expect((await resetWith(first.resetToken, 'newpass123')).body.code).toBe('reset_token_invalid');
    clock.advance(30 * 60_000 + 1000);
    expect((await resetWith(newestToken, 'newpass123')).body.code).toBe('reset_token_invalid');
  });

  it('refuses mismatched or rule-breaking passwords and keeps the link usable', async () => {
    const { resetToken } = await linkFor();
    const mismatch = await resetWith(resetToken, 'newpass123', 'newpass124');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe('password_mismatch');
    const weak = await resetWith(resetToken, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('newPassword');
    expect((await resetWith(resetToken, 'goodpass123')).status).toBe(200);
  });

  it('answers malformed tokens with 400', async () => {
    for (const token of ['', 'short', '../../etc/passwd', 'a'.repeat(500), "x' OR 1=1 --"]) {
      expect((await resetWith(token, 'newpass123')).status).toBe(400);
    }
  });
});

describe('reset e-mail through SMTP', () => {
  const local = {} as Site & { smtp: Awaited<ReturnType<typeof startSmtpServer>> };
  beforeAll(async () => {
    local.smtp = await startSmtpServer();
    local.testDb = await createTestDatabase();
    local.database = await local.testDb.open();
    local.app = await buildTestApp(local.testDb, local.database, {
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: local.smtp.url,
      SMTP_FROM: 'no-reply@play.example.test',
      PUBLIC_URL: 'https://play.example.test',
    });
  });
  afterAll(async () => {
    await local.app.close();
    await local.database.close();
    await local.testDb.drop();
    await local.smtp.close();
  });

  it('arrives at the SMTP server with the link, in the language of the request', async () => {
    const { member, email } = await memberWithEmail(local);
    const reply = await call(local.app, {
      method: 'POST',
      url: identityPaths.passwordEmail,
      payload: { username: member.username, email },
      headers: { 'accept-language': 'bn' },
    });
    expect(reply.status).toBe(200);
    const mail = local.smtp.mails.at(-1);
    expect(mail?.to).toEqual([email.toLowerCase()]);
    const decoded = decodeMail(mail?.raw ?? '');
    expect(decoded).toContain('https://play.example.test/forget?token=');
    expect(decoded).toContain('নতুন পাসওয়ার্ড');
    const [outboxCount] = await local.database.db.select({ n: count() }).from(outboxMessages);
    expect(outboxCount?.n).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createHttpSmsProvider } from '../../src/server/areas/verification/http-sms.provider.ts';
import { createSmtpEmailProvider } from '../../src/server/areas/verification/smtp-email.provider.ts';
import { ProviderError } from '../../src/server/areas/verification/sms.provider.ts';
import { startSmsGateway } from '../support/sms-gateway.ts';
import { decodeMail, startSmtpServer } from '../support/smtp.ts';

const failureOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ProviderError) return error.failure;
    throw error;
  }
  return 'sent';
};

describe('provider configuration', () => {
  it('defaults to the outbox for SMS and e-mail', () => {
    const config = loadConfig({});
    expect(config.sms).toEqual({ provider: 'outbox' });
    expect(config.email.provider).toBe('outbox');
    expect(config.verification).toEqual({ codeMinutes: 1, captchaRequired: false });
  });

  it('requires the gateway URL for http and SMTP_URL for smtp, naming them', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ VERIFICATION_CODE_MINUTES: '11' })).toThrow(/VERIFICATION/);
  });

  it('reads the real providers', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.test/send',
      SMS_HTTP_TOKEN: 'secret-token',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://user:pass@mail.example.test:587',
      SMTP_FROM: 'Site <no-reply@example.test>',
      VERIFICATION_CODE_MINUTES: '5',
    });
    expect(config.sms).toEqual({
      provider: 'http',
      url: 'https://sms.example.test/send',
      token: 'secret-token',
      timeoutMs: 5000,
    });
    expect(config.email).toEqual({
      provider: 'smtp',
      url: 'smtp://user:pass@mail.example.test:587',
      from: 'Site <no-reply@example.test>',
    });
    expect(config.verification.codeMinutes).toBe(5);
  });
});

describe('HTTP SMS provider against a local gateway', () => {
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  beforeAll(async () => {
    gateway = await startSmsGateway();
  });
  afterAll(() => gateway.close());

  it('posts the number and text as JSON with the bearer token', async () => {
    gateway.answer(200);
    const sms = createHttpSmsProvider({ url: gateway.url, token: 'tok-123', timeoutMs: 2000 });
    await sms.send('+919876543210', 'आपका कोड 123456 है');
    const last = gateway.received.at(-1);
    expect(last?.headers.authorization).toBe('Bearer tok-123');
    expect(last?.headers['content-type']).toBe('application/json');
    expect(last?.body).toEqual({ to: '+919876543210', text: 'आपका कोड 123456 है' });
  });

  it('maps 429 and 402 to quota exceeded and other failures to unavailable', async () => {
    const sms = createHttpSmsProvider({ url: gateway.url, token: null, timeoutMs: 2000 });
    gateway.answer(429);
    expect(await failureOf(sms.send('+911', 'x'))).toBe('quota_exceeded');
    gateway.answer(402);
    expect(await failureOf(sms.send('+911', 'x'))).toBe('quota_exceeded');
    gateway.answer(500);
    expect(await failureOf(sms.send('+911', 'x'))).toBe('unavailable');
    gateway.answer(401);
    expect(await failureOf(sms.send('+911', 'x'))).toBe('unavailable');
    expect(gateway.received.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('gives up after its time-out', async () => {
    gateway.answer(200, 1000);
    const sms = createHttpSmsProvider({ url: gateway.url, token: null, timeoutMs: 100 });
    expect(await failureOf(sms.send('+911', 'x'))).toBe('unavailable');
    gateway.answer(200);
  });

  it('reports an unreachable gateway as unavailable', async () => {
    const sms = createHttpSmsProvider({
      url: 'http://127.0.0.1:9/unreachable',
      token: null,
      timeoutMs: 1000,
    });
    expect(await failureOf(sms.send('+911', 'x'))).toBe('unavailable');
  });
});

describe('SMTP e-mail provider against smtp-server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'mailer', password: 'mail-pass' });
  });
  afterAll(() => smtp.close());

  it('delivers the message with subject, text and HTML', async () => {
    const email = createSmtpEmailProvider({ url: smtp.url, from: 'no-reply@site.test' });
    await email.send({
      to: 'player@example.test',
      subject: 'Reset your password',
      text: 'Open https://site.test/forget?token=abc',
      html: '<p><a href="https://site.test/forget?token=abc">Set a new password</a></p>',
    });
    email.close();
    const mail = smtp.mails.at(-1);
    expect(mail?.from).toBe('no-reply@site.test');
    expect(mail?.to).toEqual(['player@example.test']);
    const decoded = decodeMail(mail?.raw ?? '');
    expect(decoded).toContain('Subject: Reset your password');
    expect(decoded).toContain('https://site.test/forget?token=abc');
    expect(decoded).toContain('text/html');
  });

  it('turns a refused recipient or bad credentials into a provider error', async () => {
    smtp.reject('gone@example.test');
    const email = createSmtpEmailProvider({ url: smtp.url, from: 'no-reply@site.test' });
    const message = { to: 'gone@example.test', subject: 's', text: 't', html: '<p>t</p>' };
    expect(await failureOf(email.send(message))).toBe('unavailable');
    email.close();
    const wrong = createSmtpEmailProvider({
      url: smtp.url.replace('mail-pass', 'wrong'),
      from: 'no-reply@site.test',
    });
    expect(await failureOf(wrong.send({ ...message, to: 'player@example.test' }))).toBe(
      'unavailable',
    );
    wrong.close();
  });
});

/**
 * Members for the benchmarks, made the way a player makes one: the operator switches off the
 * image captcha and the SMS code of registration, then each member registers through
 * `PUT /wps/member/register` with a JWE body and logs in at once (the reply carries the token).
 */
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { identityPaths, type LoginResult } from '../../src/contract/identity.ts';
import { opsPaths } from '../../src/contract/ops.ts';
import { moduleIds, systemPaths } from '../../src/contract/system.ts';
import { siteEnv } from './process.ts';

type Envelope<T> = { success: boolean; value?: T; code?: string };

let ipCounter = 0;
/** A different client address per call (the benched server trusts the loopback proxy). */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

const opsAuth = (() => {
  const env = siteEnv('');
  return `Basic ${Buffer.from(`${env.OPS_USERNAME}:${env.OPS_PASSWORD}`).toString('base64')}`;
})();

export async function callJson<T>(
  baseURL: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(baseURL + path, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.success) {
    throw new Error(`${method} ${path} answered HTTP ${response.status} ${envelope.code ?? ''}`);
  }
  return envelope.value as T;
}

/**
 * Registers `count` members on the server at `base` (started with HUMAN_VERIFICATION=off) and
 * returns their usernames and session tokens.
 */
export async function registerMembers(
  base: string,
  count: number,
  password: string,
): Promise<{ usernames: string[]; tokens: string[] }> {
  const ops = { authorization: opsAuth };
  await callJson(base, 'PUT', opsPaths.settings, { captchaEnabled: false }, ops);
  await callJson(
    base,
    'PUT',
    opsPaths.module.replace(':modId', moduleIds.registerSmsVerification),
    { enabled: false },
    ops,
  );
  const jwk = await callJson<JWK>(base, 'GET', systemPaths.publicKey, undefined);
  const key = await importJWK(jwk, 'RSA-OAEP-256');
  const encrypt = (payload: unknown) =>
    new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
      .encrypt(key);

  const usernames: string[] = [];
  const tokens: string[] = [];
  const stamp = Date.now().toString(36).slice(-5);
  for (let i = 0; i < count; i += 1) {
    const username = `bench${stamp}${i}`;
    const registration = {
      username,
      password,
      confirmPassword: password,
      paymentPassword: '123456',
      mobileNum: `98${String(10_000_000 + i).slice(-8)}`,
      countryDialingCode: '91',
      registerMethod: 'WEB',
      agreeTerms: true,
      login: true,
    };
    // The settings cache of the server may still hold the captcha switch for a moment.
    let result: LoginResult | undefined;
    for (let attempt = 0; !result; attempt += 1) {
      try {
        result = await callJson<LoginResult>(base, 'PUT', identityPaths.register, {
          enc: await encrypt(registration),
        });
      } catch (error) {
        if (i > 0 || attempt > 20) throw error;
        await new Promise((resolveWait) => setTimeout(resolveWait, 250));
      }
    }
    if (!result.token) throw new Error('registration gave no token');
    usernames.push(username);
    tokens.push(result.token);
  }
  return { usernames, tokens };
}

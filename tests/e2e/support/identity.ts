/**
 * Players for the end-to-end tests, registered through the real API as a browser would: the
 * payload encrypted (JWE) to the server's public key.
 */
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { identityPaths } from '../../../src/contract/identity.ts';
import { systemPaths } from '../../../src/contract/system.ts';
import {
  humanVerificationPaths,
  type HumanVerificationReply,
} from '../../../src/contract/human-verification.ts';

let counter = 0;

export async function encrypt(baseURL: string, payload: unknown): Promise<string> {
  const reply = (await (await fetch(new URL(systemPaths.publicKey, baseURL))).json()) as {
    value: JWK;
  };
  const key = await importJWK(reply.value, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(key);
}

/** The proof of work a browser does before registering; nothing when the site has it off. */
async function humanVerification(baseURL: string): Promise<{ humanVerification?: string }> {
  const reply = (await (
    await fetch(new URL(humanVerificationPaths.challenge, baseURL))
  ).json()) as { value: HumanVerificationReply };
  const challenge = reply.value.challenge;
  if (!challenge) return {};
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('human verification not solved');
  return {
    humanVerification: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  };
}

export type Player = {
  username: string;
  password: string;
  /** The player's mobile number (country code 91) and e-mail address, if one was given. */
  mobileNum: string;
  countryDialingCode: string;
  email: string | null;
};

/**
 * Registers a player like `registerPlayer` and logs it in by the same call (the registration's
 * `login`): the player and its session token, for a page that starts signed in
 * (`sessionStorage.token`) without walking the login popup.
 */
export async function registerSignedIn(baseURL: string): Promise<Player & { token: string }> {
  const { player, token } = await register(baseURL, { login: true });
  if (!token) throw new Error('the registration gave no session token');
  return { ...player, token };
}

/**
 * Registers a player by username (the site's captcha and SMS step switched off by the test),
 * with an e-mail address when `options.email` is set and under an agent's invitation code when
 * `options.affiliateCode` is.
 */
export async function registerPlayer(
  baseURL: string,
  options: { email?: boolean; affiliateCode?: string } = {},
): Promise<Player> {
  return (await register(baseURL, options)).player;
}

async function register(
  baseURL: string,
  options: { email?: boolean; affiliateCode?: string; login?: boolean },
): Promise<{ player: Player; token: string | null }> {
  counter += 1;
  const stamp = `${Date.now() % 100_000}${counter}`;
  const player: Player = {
    username: `e2e${stamp}`,
    password: `pass${stamp}a`,
    mobileNum: `98${stamp.padStart(8, '7').slice(-8)}`,
    countryDialingCode: '91',
    email: options.email ? `e2e${stamp}@example.test` : null,
  };
  const payload = {
    username: player.username,
    password: player.password,
    confirmPassword: player.password,
    paymentPassword: '123456',
    mobileNum: player.mobileNum,
    countryDialingCode: player.countryDialingCode,
    ...(player.email ? { email: player.email } : {}),
    ...(options.affiliateCode ? { affiliateCode: options.affiliateCode } : {}),
    registerMethod: 'WEB',
    agreeTerms: true,
    login: options.login ?? false,
    ...(await humanVerification(baseURL)),
  };
  const response = await fetch(new URL(identityPaths.register, baseURL), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enc: await encrypt(baseURL, payload) }),
  });
  const body = (await response.json()) as {
    success: boolean;
    message?: string;
    value?: { token: string | null } | null;
  };
  if (!body.success) throw new Error(`register failed: ${response.status} ${body.message}`);
  return { player, token: body.value?.token ?? null };
}

/** A type 4 trial (free play) account's session token, logged in through the real API. */
export async function freePlayToken(baseURL: string): Promise<string> {
  const response = await fetch(new URL(identityPaths.freePlay, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      os: 'e2e',
      platform: 'W',
      enc: await encrypt(baseURL, `freeplay-${Date.now()}-${Math.random()}`),
      gatewayVersion: 3,
    }),
  });
  const body = (await response.json()) as { success: boolean; value?: { token: string | null } };
  if (!body.success || !body.value?.token) throw new Error(`free play failed: ${response.status}`);
  return body.value.token;
}

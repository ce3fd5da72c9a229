/**
 * Login throughput and member-info latency on the real server (issue 3, point 11).
 *
 * Login is bound by the argon2id verify of the password by design, so its baseline is a bare
 * argon2id verify loop with the same cost in this process (one verify at a time: one core).
 * Member info and the wallet balance are compared with a bare Fastify route answering the same
 * JSON bytes.
 */
import { cpus } from 'node:os';
import { verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { identityPaths, type LoginResult } from '../src/contract/identity.ts';
import { walletPaths } from '../src/contract/wallet.ts';
import { opsPaths } from '../src/contract/ops.ts';
import { moduleIds, systemPaths } from '../src/contract/system.ts';
import { ARGON2_COST, hashMemberPassword } from '../src/server/platform/members/member-password.ts';
import {
  bareScript,
  sameReply,
  type BareReply,
  sampleMemory,
  siteEnv,
  siteScript,
  startServer,
  tempDir,
  type RunningServer,
} from './support/process.ts';

export const loginSettings = {
  /** Registered members the logins and member-info calls spread over. */
  members: 50,
  /** Login is slow (argon2id): a few connections keep every hashing thread busy. */
  loginConnections: 8,
  infoConnections: 50,
  durationSeconds: 10,
  warmupSeconds: 2,
  /** Length of the argon2id verify loop of the baseline. */
  verifySeconds: 5,
  argon2: ARGON2_COST,
} as const;

export type Figures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The server's highest resident memory during the warm-up and the measured load. */
  peakRssBytes?: number;
  /** Its resident memory when the load ended. */
  endRssBytes?: number;
};
export type LoginBenchResult = {
  argon2: { verifiesPerSecond: number; p50Ms: number; p99Ms: number; verifies: number };
  login: Figures & { freshBodies: number };
  memberInfo: { ours: Figures; bare: Figures; bytes: number };
  /** GET /wps/v2/wallets/balance (issue 4) against a bare route with the same body. */
  balance: { ours: Figures; bare: Figures; bytes: number };
};

const password = 'bench1234';
const opsAuth = (() => {
  const env = siteEnv('');
  const basic = Buffer.from(`${env.OPS_USERNAME}:${env.OPS_PASSWORD}`).toString('base64');
  return `Basic ${basic}`;
})();

let ipCounter = 0;
/** A different client address per request (the server trusts the loopback proxy here). */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

type Envelope<T> = { success: boolean; value?: T; code?: string };

async function callJson<T>(
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

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The baseline: sequential argon2id verifies of a member hash with the server's cost. */
async function argon2Loop(seconds: number): Promise<LoginBenchResult['argon2']> {
  const stored = await hashMemberPassword(password);
  for (let i = 0; i < 5; i += 1) await verify(stored, password);
  const times: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    if (!(await verify(stored, password))) throw new Error('argon2 verify failed');
    times.push(performance.now() - t);
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    verifiesPerSecond: times.length / elapsed,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    verifies: times.length,
  };
}

type Target = { method: 'GET' | 'POST'; path: string; headers: () => Record<string, string> };

async function load(
  baseURL: string,
  connections: number,
  seconds: number,
  target: Target & { body?: () => string },
): Promise<Figures> {
  const result = await autocannon({
    url: baseURL,
    connections,
    pipelining: 1,
    duration: seconds,
    requests: [
      {
        method: target.method,
        path: target.path,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...target.headers() },
          ...(target.body ? { body: target.body() } : {}),
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function runLoginBench(log: (line: string) => void): Promise<LoginBenchResult> {
  const s = loginSettings;
  log(`  argon2id verify loop in the bench process (${s.verifySeconds} s)`);
  const argon2 = await argon2Loop(s.verifySeconds);

  const dataDir = tempDir('bench-login-');
  let site: RunningServer | undefined;
  let bare: RunningServer | undefined;
  try {
    site = await startServer(
      siteScript,
      // The password check is measured, not the proof of work a browser does before it.
      siteEnv(dataDir.path, { TRUST_PROXY: '127.0.0.1', HUMAN_VERIFICATION: 'off' }),
      systemPaths.status,
    );
    const base = site.baseURL;
    // Registration without the image captcha and the SMS code: the operator switches both off.
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

    log(`  registering ${s.members} members through ${identityPaths.register}`);
    const usernames: string[] = [];
    const tokens: string[] = [];
    const stamp = Date.now().toString(36).slice(-5);
    for (let i = 0; i < s.members; i += 1) {
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

    // Every login body is a fresh JWE; the pool is sized from the baseline with room to spare.
    const poolSize =
      Math.ceil(
        argon2.verifiesPerSecond * cpus().length * 3 * (s.durationSeconds + s.warmupSeconds),
      ) + 500;
    log(`  encrypting ${poolSize} login bodies`);
    const pool: string[] = [];
    for (let i = 0; i < poolSize; i += 1) {
      const enc = await encrypt({
        type: 'username',
        username: usernames[i % usernames.length],
        password,
      });
      pool.push(JSON.stringify({ enc }));
    }
    let used = 0;
    const nextBody = () => {
      const body = pool[used];
      used += 1;
      if (body === undefined) throw new Error(`login body pool of ${poolSize} ran out`);
      return body;
    };
    const loginTarget = {
      method: 'POST' as const,
      path: identityPaths.login,
      headers: () => ({ 'content-type': 'application/json', 'x-forwarded-for': nextIp() }),
      body: nextBody,
    };
    log(`  login: ${s.loginConnections} connections (${s.durationSeconds} s)`);
    const loginMemory = sampleMemory(site.pid);
    await load(base, s.loginConnections, s.warmupSeconds, loginTarget);
    const usedBefore = used;
    const login = await load(base, s.loginConnections, s.durationSeconds, loginTarget);
    const { peakBytes: loginPeak, endBytes: loginEnd } = loginMemory.stop();
    login.peakRssBytes = loginPeak;
    login.endRssBytes = loginEnd;
    if (used > poolSize) throw new Error(`login body pool of ${poolSize} ran out`);

    let tokenIndex = 0;
    const authorized = (path: string): Target => ({
      method: 'GET',
      path,
      headers: () => {
        tokenIndex += 1;
        return {
          authorization: `Bearer ${tokens[tokenIndex % tokens.length]}`,
          'x-forwarded-for': nextIp(),
        };
      },
    });
    // The bare server answers each path with the reply ours answered: the same body and headers.
    const bodies: Record<string, BareReply> = {};
    for (const path of [identityPaths.memberInfo, walletPaths.balance]) {
      const response = await fetch(base + path, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
      if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}`);
      bodies[path] = await sameReply(response);
    }
    bare = await startServer(bareScript, { BARE_BODIES: JSON.stringify(bodies) }, '/');
    const measure = async (label: string, path: string) => {
      const figures: Partial<Record<'ours' | 'bare', Figures>> = {};
      for (const [which, server] of [
        ['ours', site],
        ['bare', bare],
      ] as const) {
        if (!server) throw new Error('server not started');
        log(`  ${label}: ${which} (${s.durationSeconds} s)`);
        const memory = sampleMemory(server.pid);
        await load(server.baseURL, s.infoConnections, s.warmupSeconds, authorized(path));
        const measured = await load(
          server.baseURL,
          s.infoConnections,
          s.durationSeconds,
          authorized(path),
        );
        const { peakBytes, endBytes } = memory.stop();
        figures[which] = { ...measured, peakRssBytes: peakBytes, endRssBytes: endBytes };
      }
      if (!figures.ours || !figures.bare) throw new Error('missing figures');
      return {
        ours: figures.ours,
        bare: figures.bare,
        bytes: Buffer.byteLength(bodies[path]?.body ?? ''),
      };
    };
    const memberInfo = await measure('member info', identityPaths.memberInfo);
    const balance = await measure('wallet balance', walletPaths.balance);
    return {
      argon2,
      login: { ...login, freshBodies: used - usedBefore },
      memberInfo,
      balance,
    };
  } finally {
    await site?.stop();
    await bare?.stop();
    dataDir.remove();
  }
}

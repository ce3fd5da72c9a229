import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { opsOperatorPaths, opsPaths } from '../../src/contract/ops.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { loginFailures } from '../../src/server/platform/members/members.schema.ts';
import { operators } from '../../src/server/areas/operator/operators.schema.ts';
import { hashPassword } from '../../src/server/areas/operator/operator-password.ts';
import {
  nameDelayMs,
  operatorAttemptKeys,
  operatorLoginLimits,
} from '../../src/server/areas/operator/operator.service.ts';
import { operatorCodeLimits } from '../../src/server/areas/operator/operator-totp.service.ts';
import { basicAuth, call, testSite } from '../support/server.ts';
import { freshIp } from '../support/identity.ts';

/**
 * Issue 33, finding 6: nobody can lock the operator out. Wrong passwords lock the name from
 * the address that sent them; the name as a whole is slowed, and locked only far above; a
 * right password with a current authenticator code (X-Ops-OTP) passes every lock.
 */
const site = testSite();
const db = () => site.database.db;

/** An operator of its own, with the address it works from. */
async function operator() {
  const username = `ops-${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await db()
    .insert(operators)
    .values({ username, passwordHash: await hashPassword(password) });
  return { username, password, home: freshIp() };
}
type Op = Awaited<ReturnType<typeof operator>>;

const opsCall = (
  username: string,
  password: string,
  remoteAddress: string,
  options: {
    url?: string;
    method?: 'GET' | 'POST' | 'DELETE';
    otp?: string;
    payload?: object;
  } = {},
) =>
  call<Record<string, unknown>>(site.app, {
    method: options.method ?? 'GET',
    url: options.url ?? opsPaths.system,
    headers: {
      authorization: basicAuth(username, password),
      'accept-language': 'en',
      ...(options.otp ? { 'x-ops-otp': options.otp } : {}),
    },
    remoteAddress,
    ...(options.payload || options.method ? { payload: options.payload ?? {} } : {}),
  });

/** Binds an authenticator to the operator through the /ops routes; its codes by time step. */
async function enrol(op: Op) {
  const setup = await opsCall(op.username, op.password, op.home, {
    method: 'POST',
    url: opsOperatorPaths.totpSetup,
  });
  expect(setup.status).toBe(200);
  const value = setup.body.value as { secret: string; otpauthUri: string };
  expect(value.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  const totp = new TOTP({ secret: Secret.fromBase32(value.secret) });
  /** The code of the step `offset` steps from now (the server takes one step either side). */
  const code = (offset = 0) => totp.generate({ timestamp: Date.now() + offset * 30_000 });
  const confirmed = await opsCall(op.username, op.password, op.home, {
    method: 'POST',
    url: opsOperatorPaths.totp,
    payload: { code: code(-1) },
  });
  expect([confirmed.status, confirmed.body.value]).toEqual([200, { bound: true }]);
  return code;
}

/** Locks the pair of name and address with wrong passwords. */
async function lockPair(op: Op, ip: string) {
  const replies = await Promise.all(
    Array.from({ length: operatorLoginLimits.pairLockAfter }, (_, i) =>
      opsCall(op.username, `wrong-${i}`, ip),
    ),
  );
  expect(replies.map((reply) => reply.status).sort()).toEqual([
    ...Array.from({ length: operatorLoginLimits.pairLockAfter - 1 }, () => 401),
    429,
  ]);
}

describe('wrong passwords from other addresses', () => {
  it('do not lock the operator out on its own address; they lock only their own', async () => {
    const op = await operator();
    const others = [freshIp(), freshIp()];
    for (const ip of others) await lockPair(op, ip);
    // Ten wrong passwords for the name: the old rule locked it at five, for everyone.
    for (const ip of others) {
      expect((await opsCall(op.username, op.password, ip)).body.code).toBe('ops_locked');
    }
    const home = await opsCall(op.username, op.password, op.home);
    expect(home.status).toBe(200);
  });

  it('slow the name down, more with each failure up to a bound, rather than refuse it', () => {
    const { nameSlowAfter, nameMostDelayMs } = operatorLoginLimits;
    expect(nameDelayMs(nameSlowAfter - 1)).toBe(0);
    const delays = Array.from({ length: 8 }, (_, i) => nameDelayMs(nameSlowAfter + i));
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(nameDelayMs(1_000_000)).toBe(nameMostDelayMs);
    expect(operatorLoginLimits.nameLockAfter).toBeGreaterThanOrEqual(
      10 * operatorLoginLimits.pairLockAfter,
    );
  });
});

describe('the second factor', () => {
  it('lets a right password with a current code through a lock of name and address, once per code', async () => {
    const op = await operator();
    const code = await enrol(op);
    await lockPair(op, op.home);
    expect((await opsCall(op.username, op.password, op.home)).body.code).toBe('ops_locked');
    // A wrong password with the right code tells nothing, nor a wrong code with the password.
    expect((await opsCall(op.username, 'wrong', op.home, { otp: code() })).body.code).toBe(
      'ops_locked',
    );
    expect((await opsCall(op.username, op.password, op.home, { otp: '000000' })).body.code).toBe(
      'ops_locked',
    );
    const used = code();
    const through = await opsCall(op.username, op.password, op.home, { otp: used });
    expect(through.status).toBe(200);
    // The pass ended the lock: the next calls need the password only.
    expect((await opsCall(op.username, op.password, op.home)).status).toBe(200);
    const passed = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'operator.login.second_factor_passed'),
          eq(auditLog.target, `operator:${op.username}`),
        ),
      );
    expect(passed).toHaveLength(1);
    // A code is used once.
    await lockPair(op, op.home);
    expect((await opsCall(op.username, op.password, op.home, { otp: used })).body.code).toBe(
      'ops_locked',
    );
    expect((await opsCall(op.username, op.password, op.home, { otp: code(1) })).status).toBe(200);
  });

  it('lets a right password with a current code through a lock of the whole name', async () => {
    const op = await operator();
    const code = await enrol(op);
    const now = new Date();
    await db()
      .insert(loginFailures)
      .values({
        key: operatorAttemptKeys.name(op.username),
        failures: operatorLoginLimits.nameLockAfter,
        windowStartedAt: now,
        lockedUntil: new Date(now.getTime() + 15 * 60_000),
      });
    const ip = freshIp();
    expect((await opsCall(op.username, op.password, ip)).body.code).toBe('ops_locked');
    expect((await opsCall(op.username, op.password, ip, { otp: code() })).status).toBe(200);
    expect((await opsCall(op.username, op.password, freshIp())).status).toBe(200);
  });

  it('an operator without an authenticator stays locked; wrong codes stop the codes too', async () => {
    const op = await operator();
    await lockPair(op, op.home);
    expect((await opsCall(op.username, op.password, op.home, { otp: '123456' })).status).toBe(429);
    const other = await operator();
    const code = await enrol(other);
    await lockPair(other, other.home);
    for (let i = 0; i < operatorCodeLimits.lockAfter; i += 1) {
      const reply = await opsCall(other.username, other.password, other.home, {
        otp: String(100_000 + i),
      });
      expect(reply.body.code).toBe('ops_locked');
    }
    expect(
      (await opsCall(other.username, other.password, other.home, { otp: code() })).body.code,
    ).toBe('ops_locked');
  });

  it('is enrolled and unbound through documented /ops routes and the header is documented', async () => {
    const op = await operator();
    const status = () => opsCall(op.username, op.password, op.home, { url: opsOperatorPaths.totp });
    expect((await status()).body.value).toEqual({ bound: false });
    const code = await enrol(op);
    expect((await status()).body.value).toEqual({ bound: true });
    const again = await opsCall(op.username, op.password, op.home, {
      method: 'POST',
      url: opsOperatorPaths.totpSetup,
    });
    expect([again.status, again.body.code]).toEqual([409, 'totp_already_bound']);
    const unbound = await opsCall(op.username, op.password, op.home, {
      method: 'DELETE',
      url: opsOperatorPaths.totp,
      payload: { code: code(1) },
    });
    expect([unbound.status, unbound.body.value]).toEqual([200, { bound: false }]);

    const doc = (await site.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
      components: { securitySchemes: Record<string, { name?: string; in?: string }> };
    };
    expect(Object.keys(doc.paths[opsOperatorPaths.totp] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'post',
    ]);
    expect(doc.paths[opsOperatorPaths.totpSetup]?.post).toBeTruthy();
    expect(doc.components.securitySchemes.opsOtp).toMatchObject({
      in: 'header',
      name: 'X-Ops-OTP',
    });
  });
});

describe('credentials verified before', () => {
  it('still meet a lock made since, and a changed password ends them', async () => {
    const op = await operator();
    const ip = freshIp();
    expect((await opsCall(op.username, op.password, ip)).status).toBe(200);
    expect((await opsCall(op.username, op.password, ip)).status).toBe(200);
    await lockPair(op, ip);
    expect((await opsCall(op.username, op.password, ip)).body.code).toBe('ops_locked');

    const home = freshIp();
    expect((await opsCall(op.username, op.password, home)).status).toBe(200);
    await db()
      .update(operators)
      .set({ passwordHash: await hashPassword('another-password-1') })
      .where(eq(operators.username, op.username));
    expect((await opsCall(op.username, op.password, home)).status).toBe(401);
    expect((await opsCall(op.username, 'another-password-1', home)).status).toBe(200);
  });

  it('with failures since, a right password still clears them', async () => {
    const op = await operator();
    const ip = freshIp();
    expect((await opsCall(op.username, op.password, ip)).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < operatorLoginLimits.pairLockAfter - 1; i++) {
        expect((await opsCall(op.username, `wrong-${i}`, ip)).status).toBe(401);
      }
      expect((await opsCall(op.username, op.password, ip)).status).toBe(200);
    }
  });
});

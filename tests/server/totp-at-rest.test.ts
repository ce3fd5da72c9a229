import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';
import { identityPaths } from '../../src/contract/identity.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { memberTotp } from '../../src/server/areas/identity/second-factor.schema.ts';
import { createSecretBox } from '../../src/server/platform/keys/secret-box.ts';
import { buildTestApp, call, createTestDatabase, type TestDatabase } from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { encryptFor } from '../support/identity.ts';

const password = 'secret123';
const key = (id: string) => ({ id, key: randomBytes(32) });
const envOf = (...keys: { id: string; key: Buffer }[]) => ({
  TOTP_ENCRYPTION_KEYS: keys.map((k) => `${k.id}:${k.key.toString('base64url')}`).join(','),
});
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** Finding 9a: authenticator secrets are encrypted at rest, with key rotation. */
describe('authenticator secrets at rest', () => {
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance | undefined;
  const k1 = key('k1');
  const k2 = key('k2');

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
  });
  afterAll(async () => {
    await app?.close();
    await database.close();
    await testDb.drop();
  });

  async function restart(env: Record<string, string>) {
    await app?.close();
    app = undefined;
    app = await buildTestApp(testDb, database, env);
    return app;
  }

  async function player() {
    const { member, token } = await createMemberSession(database.db);
    await database.db
      .update(members)
      .set({ passwordHash: await hashMemberPassword(password) })
      .where(eq(members.id, member.id));
    return { member, token, headers: { authorization: `Bearer ${token}` } };
  }

  const storedSecret = async (memberId: number) =>
    (await database.db.select().from(memberTotp).where(eq(memberTotp.memberId, memberId)))[0]
      ?.secret ?? '';

  it('stores the secret sealed (AES-256-GCM, with its key id), never in clear', async () => {
    const site = await restart(envOf(k1));
    const { member, headers } = await player();
    const setup = await call<{ secret: string }>(site, {
      method: 'POST',
      url: identityPaths.totpSetup,
      headers,
      payload: { enc: await encryptFor(site, { password }) },
    });
    expect(setup.status).toBe(200);
    const secret = setup.body.value?.secret ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const stored = await storedSecret(member.id);
    expect(stored).toMatch(/^v1\.k1\./);
    expect(stored).not.toContain(secret);
    expect(createSecretBox([k1]).open(stored)).toEqual({ plain: secret, stale: false });
    // The sealed secret still checks codes.
    const confirmed = await call(site, {
      method: 'POST',
      url: identityPaths.totp,
      headers,
      payload: { code: codeOf(secret) },
    });
    expect(confirmed.body.value).toEqual({ bound: true });

    // Rotation: k2 first, k1 kept for opening. The start seals every row with k2.
    await restart(envOf(k2, k1));
    const rotated = await storedSecret(member.id);
    expect(rotated).toMatch(/^v1\.k2\./);
    expect(createSecretBox([k2]).open(rotated).plain).toBe(secret);

    // A start without the key of a stored secret stops with a clear message.
    await app?.close();
    app = undefined;
    await expect(buildTestApp(testDb, database, envOf(key('k3')))).rejects.toThrow(
      /no key "k2" to open a stored secret \(TOTP_ENCRYPTION_KEYS\)/,
    );
  });

  it('seals secrets stored in clear before: at start, and on use', async () => {
    const site = await restart(envOf(k2));
    const { member, headers } = await player();
    const clear = new Secret({ size: 20 }).base32;
    // A pending secret stored in clear by an earlier version (after this start's pass).
    await database.db
      .insert(memberTotp)
      .values({ memberId: member.id, secret: clear, createdAt: new Date() });
    const confirmed = await call(site, {
      method: 'POST',
      url: identityPaths.totp,
      headers,
      payload: { code: codeOf(clear) },
    });
    expect(confirmed.body.value).toEqual({ bound: true });
    const sealedOnUse = await storedSecret(member.id);
    expect(sealedOnUse).toMatch(/^v1\.k2\./);
    expect(createSecretBox([k2]).open(sealedOnUse).plain).toBe(clear);

    // And a clear row left untouched is sealed by the next start.
    const other = await player();
    const otherClear = new Secret({ size: 20 }).base32;
    await database.db.insert(memberTotp).values({
      memberId: other.member.id,
      secret: otherClear,
      createdAt: new Date(),
      confirmedAt: new Date(),
    });
    await restart(envOf(k2));
    const sealedAtStart = await storedSecret(other.member.id);
    expect(sealedAtStart).toMatch(/^v1\.k2\./);
    expect(createSecretBox([k2]).open(sealedAtStart).plain).toBe(otherClear);
  });

  it('requires the keys in production; a bad key list is refused', async () => {
    const { loadConfig } = await import('../../src/server/config.ts');
    const production = { NODE_ENV: 'production', OPS_PASSWORD: 'a-long-operator-password' };
    expect(() => loadConfig(production)).toThrow(/TOTP_ENCRYPTION_KEYS is required in production/);
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEYS: 'k1:short' })).toThrow(/32-byte keys/);
    expect(() => loadConfig({ ...envOf(k1, { id: 'k1', key: k2.key }) })).toThrow(/distinct ids/);
    const outcomeKeys = { OUTCOME_KEYS: `o1:${randomBytes(32).toString('base64')}` };
    expect(
      loadConfig({ ...production, ...outcomeKeys, ...envOf(k2, k1) }).totpKeys?.map((k) => k.id),
    ).toEqual(['k2', 'k1']);
  });
});

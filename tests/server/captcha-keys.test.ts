import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CompactEncrypt, importJWK } from 'jose';
import { publicKeySchema, systemPaths } from '../../src/contract/system.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import { decryptWithJwk } from '../../src/server/platform/keys/keys.service.ts';
import { findKey } from '../../src/server/platform/keys/keys.repository.ts';
import {
  buildTestApp,
  call,
  createTestDatabase,
  manualClock,
  type TestDatabase,
} from '../support/server.ts';

let testDb: TestDatabase;
let database: Database;
let app: FastifyInstance;
const clock = manualClock();

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await testDb.open();
  app = await buildTestApp(testDb, database, {}, { clock: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await testDb.drop();
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('captcha', () => {
  it('is a base64 PNG and sets the client cookie', async () => {
    const reply = await call<string>(app, { url: systemPaths.captcha });
    expect(reply.status).toBe(200);
    const png = Buffer.from(reply.body.value ?? '', 'base64');
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(String(reply.headers['set-cookie'])).toMatch(/cid=[\w-]+;.*HttpOnly/);
  });

  it('refreshes at most once per second per client', async () => {
    const first = await app.inject({ url: systemPaths.captcha });
    const cookie = first.cookies.find((c) => c.name === 'cid');
    expect(cookie).toBeDefined();
    const headers = { cookie: `cid=${cookie?.value}`, 'accept-language': 'en' };

    const tooFast = await call(app, { url: systemPaths.captcha, headers });
    expect(tooFast.status).toBe(429);
    expect(tooFast.body.code).toBe('captcha_too_fast');
    expect(tooFast.body.message).toMatch(/second/);

    // Another client is not affected.
    expect((await app.inject({ url: systemPaths.captcha })).statusCode).toBe(200);

    clock.advance(1000);
    expect((await call(app, { url: systemPaths.captcha, headers })).status).toBe(200);
  });
});

describe('public key', () => {
  it('encrypts a payload the server can decrypt', async () => {
    const reply = await call(app, { url: systemPaths.publicKey });
    const jwk = publicKeySchema.parse(reply.body.value);
    const key = await importJWK(jwk, 'RSA-OAEP-256');
    const payload = { username: 'rahul2024', password: 'secret123' };
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: jwk.kid })
      .encrypt(key);

    expect(await app.keys.decrypt(jwe)).toEqual(payload);
    const stored = await findKey(database.db, 'jwe');
    expect(stored?.kid).toBe(jwk.kid);
    expect(await decryptWithJwk(stored!.privateJwk, jwe)).toEqual(payload);
  });

  it('stays the same key across starts', async () => {
    const again = await buildTestApp(testDb, database);
    const first = publicKeySchema.parse(
      (await call(app, { url: systemPaths.publicKey })).body.value,
    );
    const second = publicKeySchema.parse(
      (await call(again, { url: systemPaths.publicKey })).body.value,
    );
    await again.close();
    expect(second.n).toBe(first.n);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { systemPaths } from '../../src/contract/system.ts';
import type { Database } from '../../src/server/db/client.ts';
import { members } from '../../src/server/db/schema/members.schema.ts';
import { buildTestApp, call, createTestDatabase, type TestDatabase } from '../support/server.ts';
import { auditCount, createMemberSession } from '../support/server-factories.ts';

let testDb: TestDatabase;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await testDb.open();
  app = await buildTestApp(testDb, database);
});
afterAll(async () => {
  await app.close();
  await database.close();
  await testDb.drop();
});

const putLanguage = (language: unknown, token?: string) =>
  call(app, {
    method: 'PUT',
    url: systemPaths.language,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { language },
  });

describe('PUT /wps/member/language', () => {
  it('needs a live session', async () => {
    const none = await putLanguage('en');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('not_logged_in');
    expect((await putLanguage('en', 'made-up-token-made-up-token')).status).toBe(401);

    const expired = await createMemberSession(database.db, {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await putLanguage('en', expired.token)).status).toBe(401);
    const revoked = await createMemberSession(database.db, { revokedAt: new Date() });
    expect((await putLanguage('en', revoked.token)).status).toBe(401);
  });

  it("stores the member's language and audits it", async () => {
    const { member, token } = await createMemberSession(database.db, { language: 'hi' });
    const audits = await auditCount(database.db);
    const reply = await putLanguage('bn', token);
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({ language: 'bn' });
    const [stored] = await database.db.select().from(members).where(eq(members.id, member.id));
    expect(stored?.language).toBe('bn');
    expect(await auditCount(database.db)).toBe(audits + 1);
  });

  it('refuses a language the site does not speak', async () => {
    const { token } = await createMemberSession(database.db);
    const reply = await putLanguage('fr', token);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('language');
  });
});

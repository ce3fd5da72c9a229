import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { identityPaths } from '../../src/contract/identity.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import { buildTestApp, call, createTestDatabase, type TestDatabase } from '../support/server.ts';
import { freshIp } from '../support/identity.ts';
import { startSmtpServer } from '../support/smtp.ts';

/** Error logs must not carry the e-mail addresses players submit (issue 10, finding 7). */
describe('e-mail addresses in the logs', () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testDb = await createTestDatabase();
    database = await testDb.open();
    app = await buildTestApp(
      testDb,
      database,
      { LOG_LEVEL: 'trace', EMAIL_PROVIDER: 'smtp', SMTP_URL: smtp.url },
      { logStream },
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await testDb.drop();
    await smtp.close();
  });

  it('keeps a submitted address out of the log of a request the database failed', async () => {
    lines.length = 0;
    // A NUL the database cannot store, next to an address (the finding's reproduction). Whether
    // the boundary refuses it (400) or the database fails (500), the address is not logged.
    const reply = await call(app, {
      method: 'POST',
      url: identityPaths.passwordEmail,
      payload: { username: 'abc\u0000def', email: 'leak.me@mailbox.example' },
      remoteAddress: freshIp(),
    });
    expect(reply.status).toBeLessThan(600);
    const logs = lines.join('');
    expect(logs).toContain(identityPaths.passwordEmail);
    expect(logs).not.toContain('leak.me');
  });

  it('drops the bound parameters of a failed query and redacts addresses in any error', () => {
    lines.length = 0;
    const failedQuery = Object.assign(
      new Error(
        'Failed query: select "id" from "members" where "email" = $1\nparams: someone@example.com',
      ),
      { query: 'select "id" from "members" where "email" = $1', params: ['someone@example.com'] },
    );
    app.log.error({ err: failedQuery, email: 'other.one@example.org' }, 'request failed');
    const logs = lines.join('');
    expect(logs).toContain('request failed');
    expect(logs).toContain('Failed query');
    expect(logs).not.toContain('someone@');
    expect(logs).not.toContain('other.one@');
    expect(logs).not.toContain('"params"');
  });
});

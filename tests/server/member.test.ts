import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemPaths } from '../../src/contract/system.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { testSite, call } from '../support/server.ts';
import { auditCount, createMemberSession } from '../support/server-factories.ts';

const site = testSite();

const putLanguage = (language: unknown, token?: string) =>
  call(site.app, {
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

    const expired = await createMemberSession(site.database.db, {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await putLanguage('en', expired.token)).status).toBe(401);
    const revoked = await createMemberSession(site.database.db, { revokedAt: new Date() });
    expect((await putLanguage('en', revoked.token)).status).toBe(401);
  });

  it("stores the member's language and audits it", async () => {
    const { member, token } = await createMemberSession(site.database.db, { language: 'hi' });
    const audits = await auditCount(site.database.db);
    const reply = await putLanguage('bn', token);
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({ language: 'bn' });
    const [stored] = await site.database.db.select().from(members).where(eq(members.id, member.id));
    expect(stored?.language).toBe('bn');
    expect(await auditCount(site.database.db)).toBe(audits + 1);
  });

  it('refuses a language the site does not speak', async () => {
    const { token } = await createMemberSession(site.database.db);
    const reply = await putLanguage('fr', token);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('language');
  });
});

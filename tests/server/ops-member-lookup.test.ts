import { describe, expect, it } from 'vitest';
import { memberStatusPaths, type OpsMember } from '../../src/contract/identity.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMember } from '../support/identity.ts';

const site = testSite();
const lookup = (username: string, headers: Record<string, string> = opsHeaders) =>
  call<OpsMember>(site.app, {
    url: `${memberStatusPaths.lookup}?username=${encodeURIComponent(username)}`,
    headers,
  });

describe('operator lookup of a member by username', () => {
  it('finds the member in any case, with id, type, status and upline code, no secrets', async () => {
    const { member } = await createMember(site.database.db, {
      username: 'Lookup_Asha',
      nickname: 'Asha',
      uplineAffiliateCode: 'DEMO01',
      email: 'asha@example.test',
    });
    const reply = await lookup('  lookup_asha ');
    expect(reply.status).toBe(200);
    expect(reply.body.value).toEqual({
      memberId: member.id,
      username: 'Lookup_Asha',
      nickname: 'Asha',
      type: 0,
      status: 'active',
      uplineAffiliateCode: 'DEMO01',
      createdAt: member.createdAt.toISOString(),
      lastLoginAt: null,
    });
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain('asha@example.test');
    expect(text).not.toContain('argon2');
  });

  it('answers 404 for an unknown name, 400 for an empty one, 401 without credentials', async () => {
    const missing = await lookup('nobody_by_this_name');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    expect((await lookup('')).status).toBe(400);
    expect((await lookup('x'.repeat(65))).status).toBe(400);
    expect((await lookup('demo_player1', {})).status).toBe(401);
  });
});

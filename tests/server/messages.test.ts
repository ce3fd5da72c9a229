import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../src/server/platform/db/client.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import {
  messageOpsPaths,
  messagePaths,
  type MessagePage,
  type PlatformMessage,
  type UnreadCount,
} from '../../src/contract/messages.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMember } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';

const site = testSite();
const db = (): Db => site.database.db;
let baseUrl = '';

beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
});

async function player() {
  const { member } = await createMember(db());
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  return { member, token, headers: { authorization: `Bearer ${token}` } };
}

const send = (memberId: number | null, title = 'Hello', content = 'A message for you') =>
  call<{ id: number }>(site.app, {
    method: 'POST',
    url: messageOpsPaths.messages,
    headers: opsHeaders,
    payload: { memberId, title, content },
  });

const unread = async (headers: Record<string, string>) =>
  (await call<UnreadCount>(site.app, { url: messagePaths.unreadCount, headers })).body.value?.count;

const list = async (headers: Record<string, string>) =>
  (await call<MessagePage>(site.app, { url: messagePaths.list, headers })).body.value;

describe('platform messages', () => {
  it('a message to one player: listed, counted, read (count falls), deleted, with unread events', async () => {
    const { member, token, headers } = await player();
    const other = await player();
    const client = realtimeClient(baseUrl, token);
    await client.connected();
    await client.next('sync');

    const sent = await send(member.id, 'Bonus news', 'Your bonus is ready');
    expect(sent.status).toBe(200);
    expect(await client.next('unread')).toMatchObject({ count: 1 });
    expect(await unread(headers)).toBe(1);
    expect(await unread(other.headers)).toBe(0);
    const page = await list(headers);
    expect(page?.content.map((m) => [m.title, m.content, m.read, m.broadcast])).toEqual([
      ['Bonus news', 'Your bonus is ready', false, false],
    ]);
    const id = page?.content[0]?.id ?? 0;

    const read = await call<{ message: PlatformMessage; unread: number }>(site.app, {
      method: 'POST',
      url: messagePaths.read.replace(':messageId', String(id)),
      headers,
    });
    expect(read.body.value).toMatchObject({ message: { id, read: true }, unread: 0 });
    expect(await client.next('unread')).toMatchObject({ count: 0 });
    // Reading again changes nothing and publishes nothing more.
    await call(site.app, {
      method: 'POST',
      url: messagePaths.read.replace(':messageId', String(id)),
      headers,
    });

    // Another player cannot read or delete it.
    const foreign = await call(site.app, {
      method: 'DELETE',
      url: messagePaths.remove.replace(':messageId', String(id)),
      headers: other.headers,
    });
    expect(foreign.status).toBe(404);

    const removed = await call(site.app, {
      method: 'DELETE',
      url: messagePaths.remove.replace(':messageId', String(id)),
      headers,
    });
    expect(removed.status).toBe(200);
    expect((await list(headers))?.totalElements).toBe(0);
    const audits = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actor, `member:${member.id}`), like(auditLog.action, 'message.%')));
    expect(audits[0]?.n).toBe(2);
    expect(client.received.filter((event) => event.name === 'unread')).toHaveLength(2);
    client.close();
  });

  it('a message to all: one row, each player reads and deletes their own copy', async () => {
    const one = await player();
    const two = await player();
    const client = realtimeClient(baseUrl, two.token);
    await client.connected();
    await client.next('sync');
    const sent = await send(null, 'Maintenance tonight', 'From 02:00 to 03:00');
    expect(sent.status).toBe(200);
    // The connected player gets the new count at once; the other reads it on connecting.
    expect(await client.next('unread')).toMatchObject({ count: 1 });
    expect(await unread(one.headers)).toBe(1);

    const id = sent.body.value?.id ?? 0;
    await call(site.app, {
      method: 'POST',
      url: messagePaths.read.replace(':messageId', String(id)),
      headers: one.headers,
    });
    expect(await unread(one.headers)).toBe(0);
    expect(await unread(two.headers)).toBe(1);
    await call(site.app, {
      method: 'DELETE',
      url: messagePaths.remove.replace(':messageId', String(id)),
      headers: two.headers,
    });
    expect(await client.next('unread')).toMatchObject({ count: 0 });
    expect((await list(two.headers))?.totalElements).toBe(0);
    expect((await list(one.headers))?.content[0]).toMatchObject({
      id,
      read: true,
      broadcast: true,
    });

    // A player who joins later does not get the earlier message to all.
    const later = await player();
    expect(await unread(later.headers)).toBe(0);
    client.close();
  });

  it('read all clears the count; pages hold 15', async () => {
    const { member, headers } = await player();
    for (let i = 0; i < 16; i++) await send(member.id, `Note ${i}`);
    const first = await list(headers);
    expect(first).toMatchObject({ totalElements: 16, totalPages: 2, unread: 16 });
    expect(first?.content).toHaveLength(15);
    expect(first?.content[0]?.title).toBe('Note 15');
    const all = await call<{ unread: number }>(site.app, {
      method: 'POST',
      url: messagePaths.readAll,
      headers,
    });
    expect(all.body.value).toEqual({ unread: 0 });
    expect(await unread(headers)).toBe(0);
  });

  it('the operator lists what was sent; a message to an unknown player is 404', async () => {
    const missing = await send(2_000_000);
    expect(missing.status).toBe(404);
    const sent = await call<{ title: string }[]>(site.app, {
      url: messageOpsPaths.messages,
      headers: opsHeaders,
    });
    expect(sent.body.value?.length).toBeGreaterThan(0);
    const refused = await call(site.app, { url: messageOpsPaths.messages });
    expect(refused.status).toBe(401);
  });
});

/**
 * Bursts on the real-time channel (issue 12): events published together are numbered in ONE
 * statement, whatever their number, and still reach each member in order with consecutive
 * numbers; a burst of postings announces its members' balances in a constant number of
 * statements. Statements are counted with a Drizzle logger on a second Drizzle instance over
 * the test database's own client (PGlite or the PostgreSQL pool).
 */
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../src/contract/realtime.ts';
import type { Database, Db } from '../../src/server/platform/db/client.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { createPublisher, type MemberEvent } from '../../src/server/platform/realtime/publisher.ts';
import { balancePublisherFor } from '../../src/server/platform/realtime/balance-bridge.ts';
import { createLedgerService } from '../../src/server/areas/wallet/ledger.service.ts';
import { testSite } from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { realtimeClient } from '../support/realtime.ts';

const site = testSite();
let baseUrl = '';

beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = site.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});

/** The test database again, with every statement it sends recorded in `statements`. */
function countingDb(database: Database) {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db = (database.driver === 'pglite'
    ? drizzlePglite(client as PGlite, { logger })
    : drizzlePg(client as pg.Pool, { logger })) as unknown as Db;
  return { db, statements };
}

let made = 0;
async function newMembers(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = await site.database.db
      .insert(members)
      .values(
        Array.from({ length: Math.min(1000, count - start) }, () => ({
          username: `burst${++made}${Math.random().toString(36).slice(2, 8)}`,
        })),
      )
      .returning({ id: members.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

type Emitted = { room: string; name: string; payload: Record<string, unknown> };

/** A publisher on the counting database that records what it emits instead of sending it. */
function recordingPublisher(db: Db) {
  const emitted: Emitted[] = [];
  const errors: unknown[] = [];
  const publisher = createPublisher({
    db,
    emit: (emissions) => {
      for (const { room, name, payload } of emissions) {
        emitted.push({ room, name, payload: payload as Record<string, unknown> });
      }
    },
    log: { error: (...args: unknown[]) => void errors.push(args) },
  });
  return { publisher, emitted, errors };
}

const balance = (value: string): PublishedEvent => ({
  name: 'balance',
  payload: { balance: value },
});

describe('real-time bursts: numbered in one statement', () => {
  it('numbers a burst of one event for each of 2,000 members in one statement', async () => {
    const ids = await newMembers(2000);
    const { db, statements } = countingDb(site.database);
    const { publisher, emitted } = recordingPublisher(db);

    const seqs = await Promise.all(ids.map((id) => publisher.publish(id, balance('125050'))));

    expect(statements).toHaveLength(1);
    expect(seqs).toEqual(ids.map(() => 1));
    expect(emitted).toEqual(
      ids.map((id) => ({
        room: `member:${id}`,
        name: 'balance',
        payload: { balance: '125050', seq: 1 },
      })),
    );

    // The next burst goes on from there, again in one statement.
    const again = await Promise.all(ids.map((id) => publisher.publish(id, balance('1'))));
    expect(statements).toHaveLength(2);
    expect(again).toEqual(ids.map(() => 2));
  });

  it("a settlement's publishMany numbers thousands of members, several events each, in one statement and in order", async () => {
    const ids = await newMembers(3000);
    const { db, statements } = countingDb(site.database);
    const { publisher, emitted } = recordingPublisher(db);
    // A member's first event already published: the settlement goes on from its number.
    const first = ids[0] as number;
    expect(await publisher.publish(first, balance('5'))).toBe(1);
    expect(statements).toHaveLength(1);
    emitted.length = 0;

    const events: MemberEvent[] = ids.flatMap((memberId, i) => [
      { memberId, event: balance(String(1000 + i)) },
      { memberId, event: { name: 'unread', payload: { count: i } } },
    ]);
    const seqs = await publisher.publishMany(events);

    expect(statements).toHaveLength(2);
    expect(seqs).toEqual(ids.flatMap((id) => (id === first ? [2, 3] : [1, 2])));
    expect(emitted).toHaveLength(events.length);
    const byMember = new Map<string, Emitted[]>();
    for (const event of emitted)
      byMember.set(event.room, [...(byMember.get(event.room) ?? []), event]);
    ids.forEach((id, i) => {
      const base = id === first ? 2 : 1;
      expect(byMember.get(`member:${id}`)).toEqual([
        {
          room: `member:${id}`,
          name: 'balance',
          payload: { balance: String(1000 + i), seq: base },
        },
        { room: `member:${id}`, name: 'unread', payload: { count: i, seq: base + 1 } },
      ]);
    });
  });

  it('an unknown member in a burst is answered null and logged; the others are numbered', async () => {
    const ids = await newMembers(3);
    const { db, statements } = countingDb(site.database);
    const { publisher, emitted, errors } = recordingPublisher(db);
    const seqs = await publisher.publishMany([
      { memberId: ids[0] as number, event: balance('1') },
      { memberId: 2_000_000_000, event: balance('2') },
      { memberId: ids[1] as number, event: balance('3') },
      { memberId: ids[0] as number, event: balance('4') },
    ]);
    expect(statements).toHaveLength(1);
    expect(seqs).toEqual([1, null, 1, 2]);
    expect(emitted.map((event) => [event.room, event.payload])).toEqual([
      [`member:${ids[0]}`, { balance: '1', seq: 1 }],
      [`member:${ids[1]}`, { balance: '3', seq: 1 }],
      [`member:${ids[0]}`, { balance: '4', seq: 2 }],
    ]);
    expect(errors).toHaveLength(1);
  });

  it("reaches a player's socket in publishing order with consecutive numbers, inside a burst for others", async () => {
    const { member, token } = await createMemberSession(site.database.db);
    const client = realtimeClient(baseUrl, token);
    await client.connected();
    expect(await client.next('sync')).toEqual({ seq: 0 });
    const others = await newMembers(500);

    await site.app.realtime.publisher.publishMany([
      ...others.map((memberId) => ({ memberId, event: balance('7') })),
      { memberId: member.id, event: balance('100') },
      { memberId: member.id, event: { name: 'unread', payload: { count: 4 } } },
      { memberId: member.id, event: balance('90') },
    ]);
    await site.app.realtime.publisher.publish(member.id, balance('80'));

    expect(await client.next('balance')).toEqual({ balance: '100', seq: 1 });
    expect(await client.next('unread')).toEqual({ count: 4, seq: 2 });
    expect(await client.next('balance')).toEqual({ balance: '90', seq: 3 });
    expect(await client.next('balance')).toEqual({ balance: '80', seq: 4 });
    expect(client.received.map((event) => event.name)).toEqual([
      'sync',
      'balance',
      'unread',
      'balance',
      'balance',
    ]);
    client.close();
  });
});

describe('real-time bursts: the ledger announces a burst of postings', () => {
  it('announces 300 members whose postings committed together in two statements, with their new totals', async () => {
    const count = 300;
    const ids = await newMembers(count);
    const { db: counted, statements } = countingDb(site.database);
    const { publisher, emitted } = recordingPublisher(counted);

    // The postings' transactions answer only once all of them have committed: their
    // after-commit work then starts in the same turn, as a settlement's would. (A posting is one
    // statement; each here brings a caller's no-op so it runs in a transaction the test can hold.)
    let committed = 0;
    let afterCommits = -1;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Object.create(counted, {
      transaction: {
        value: async (...args: Parameters<Db['transaction']>) => {
          const result: unknown = await counted.transaction(...args);
          committed += 1;
          if (committed === count) {
            afterCommits = statements.length;
            release();
          }
          await gate;
          return result;
        },
      },
    }) as Db;
    const ledger = createLedgerService({ db: held, publish: balancePublisherFor(publisher) });

    await Promise.all(
      ids.map((memberId, i) =>
        ledger.post(
          {
            memberId,
            kind: 'deposit',
            amount: BigInt(1000 + i),
            idempotencyKey: `burst-${memberId}`,
          },
          async () => {},
        ),
      ),
    );
    for (let i = 0; i < 400 && emitted.length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    expect(afterCommits).toBeGreaterThan(0);
    // One read of the members' totals, one statement numbering their events.
    expect(statements.length - afterCommits).toBe(2);
    expect(emitted).toHaveLength(count);
    const received = new Map(emitted.map((event) => [event.room, event.payload]));
    ids.forEach((id, i) => {
      expect(received.get(`member:${id}`)).toEqual({ balance: String(1000 + i), seq: 1 });
    });
  });
});

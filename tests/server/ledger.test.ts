import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from '../../src/server/platform/db/client.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import { wallets } from '../../src/server/areas/wallet/ledger.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { createLedgerService } from '../../src/server/areas/wallet/ledger.service.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import {
  walletOpsPaths,
  walletPaths,
  type BalanceChanged,
  type BalanceReply,
  type PostingReply,
  type ReconcileReply,
} from '../../src/contract/wallet.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';

const site = testSite();
const db = (): Db => site.database.db;

let counter = 0;
const key = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2)}`;

async function newMember(): Promise<number> {
  const [row] = await db()
    .insert(members)
    .values({ username: `ledger${++counter}${Math.random().toString(36).slice(2, 8)}` })
    .returning({ id: members.id });
  if (!row) throw new Error('member not made');
  return row.id;
}

function ledgerWithEvents() {
  const events: BalanceChanged[] = [];
  // This node's ledger: its postings drop the balances the app's member cache holds.
  const ledger = createLedgerService({
    db: db(),
    publish: (event) => void events.push(event),
    balancesChanged: (memberIds) => site.app.memberCache.balancesChanged(memberIds),
  });
  return { ledger, events };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('balance call', () => {
  it('answers a new member with a main wallet at 0, and the sum after a deposit', async () => {
    const { member, token } = await createMemberSession(db());
    const headers = { authorization: `Bearer ${token}` };
    const first = await call<BalanceReply>(site.app, { url: walletPaths.balance, headers });
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({
      sumBalance: '0',
      currency: 'INR',
      wallets: [{ kind: 'main', currency: 'INR', balance: '0' }],
    });

    const { ledger } = ledgerWithEvents();
    await ledger.post({
      memberId: member.id,
      kind: 'deposit',
      amount: 123_450n,
      idempotencyKey: key('dep'),
    });
    await ledger.transfer({
      from: { memberId: member.id },
      to: { memberId: member.id, walletKind: 'PG' },
      amount: 450n,
      idempotencyKey: key('tr'),
    });
    const after = await call<BalanceReply>(site.app, { url: walletPaths.balance, headers });
    expect(after.body.value).toEqual({
      sumBalance: '123450',
      currency: 'INR',
      wallets: [
        { kind: 'main', currency: 'INR', balance: '123000' },
        { kind: 'PG', currency: 'INR', balance: '450' },
      ],
    });
  });

  it('refuses a call without a session', async () => {
    const reply = await call(site.app, { url: walletPaths.balance });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('not_logged_in');
  });
});

describe('demo data', () => {
  it('credits the demo players through the ledger, and the ledger reconciles', async () => {
    const [player] = await db()
      .select({ id: members.id })
      .from(members)
      .where(eq(members.username, 'demo_player1'));
    const { ledger } = ledgerWithEvents();
    expect((await ledger.balance(player?.id ?? 0)).sumBalance).toBe(1_000_000n);
    expect((await ledger.reconcile()).differences).toEqual([]);
  });
});

describe('postings', () => {
  it('appends one entry per wallet, chains balances and publishes after commit', async () => {
    const memberId = await newMember();
    const other = await newMember();
    const { ledger, events } = ledgerWithEvents();
    const deposit = await ledger.post({
      memberId,
      kind: 'deposit',
      amount: 1000n,
      idempotencyKey: key('d'),
      reference: 'bank-123',
    });
    expect(deposit.replayed).toBe(false);
    expect(deposit.reply.entries).toEqual([
      expect.objectContaining({ memberId, kind: 'deposit', amount: '1000', balanceAfter: '1000' }),
    ]);
    const transfer = await ledger.transfer({
      from: { memberId },
      to: { memberId: other },
      amount: 300n,
      idempotencyKey: key('t'),
    });
    expect(
      transfer.reply.entries.map((e) => [e.memberId, e.kind, e.amount, e.balanceAfter]),
    ).toEqual(
      expect.arrayContaining([
        [memberId, 'transfer_out', '-300', '700'],
        [other, 'transfer_in', '300', '300'],
      ]),
    );
    await until(() => events.length >= 3);
    const last = (id: number) => events.filter((e) => e.memberId === id).at(-1);
    expect(last(memberId)).toMatchObject({ balance: 700n, currency: 'INR', seq: 2 });
    expect(last(other)).toMatchObject({ balance: 300n, seq: 1 });
  });

  it('refuses a debit the wallet cannot afford, wrong signs and unknown members', async () => {
    const memberId = await newMember();
    const { ledger } = ledgerWithEvents();
    expect(
      await codeOf(
        ledger.post({ memberId, kind: 'withdrawal', amount: -1n, idempotencyKey: key('w') }),
      ),
    ).toBe('insufficient_balance');
    expect(
      await codeOf(
        ledger.post({ memberId, kind: 'deposit', amount: -5n, idempotencyKey: key('x') }),
      ),
    ).toBe('bad_request');
    expect(
      await codeOf(ledger.post({ memberId, kind: 'bet', amount: 5n, idempotencyKey: key('x') })),
    ).toBe('bad_request');
    expect(
      await codeOf(
        ledger.post({ memberId: 9_999_999, kind: 'deposit', amount: 5n, idempotencyKey: key('x') }),
      ),
    ).toBe('not_found');
    expect(
      await codeOf(
        ledger.transfer({
          from: { memberId },
          to: { memberId },
          amount: 5n,
          idempotencyKey: key('x'),
        }),
      ),
    ).toBe('bad_request');
    expect((await ledger.balance(memberId)).sumBalance).toBe(0n);
  });
});

/**
 * The test database's client behind a counter of what goes to it: each query (one round trip),
 * each connection taken from the pool and each transaction (BEGIN and COMMIT are round trips).
 */
function countingDb() {
  const client = (db() as unknown as { $client: object }).$client;
  const calls: string[] = [];
  const counted = new Set(['query', 'exec', 'connect', 'transaction']);
  const proxy = new Proxy(client, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (typeof name === 'string' && counted.has(name)) {
        return (...args: unknown[]) => {
          calls.push(name);
          return method.apply(target, args);
        };
      }
      return method.bind(target);
    },
  });
  const counting = (site.database.driver === 'postgres'
    ? drizzlePg(proxy as never)
    : drizzlePglite(proxy as never)) as unknown as Db;
  return { db: counting, calls };
}

describe('one round trip per posting', () => {
  it('posts credits, debits, bets, payouts and transfers in one statement each', async () => {
    const memberId = await newMember();
    const other = await newMember();
    const { db: counting, calls } = countingDb();
    const ledger = createLedgerService({ db: counting });
    const each = async <T>(work: () => Promise<T>): Promise<T> => {
      calls.length = 0;
      const result = await work();
      expect(calls).toEqual(['query']);
      return result;
    };
    const deposit = await each(() =>
      ledger.post({ memberId, kind: 'deposit', amount: 1000n, idempotencyKey: key('one') }),
    );
    expect(deposit.reply.entries[0]).toMatchObject({ amount: '1000', balanceAfter: '1000' });
    expect(deposit.wallets).toEqual([
      { memberId, walletKind: 'main', balanceAfter: 1000n, walletSeq: 1 },
    ]);
    const bet = await each(() =>
      ledger.post({ memberId, kind: 'bet', amount: -300n, idempotencyKey: key('one') }),
    );
    expect(bet.wallets).toEqual([
      { memberId, walletKind: 'main', balanceAfter: 700n, walletSeq: 2 },
    ]);
    await each(() =>
      ledger.post({ memberId, kind: 'payout', amount: 50n, idempotencyKey: key('one') }),
    );
    await each(() =>
      ledger.post({ memberId, kind: 'withdrawal', amount: -50n, idempotencyKey: key('one') }),
    );
    await each(() =>
      ledger.post({ memberId, kind: 'adjustment', amount: -100n, idempotencyKey: key('one') }),
    );
    const transfer = await each(() =>
      ledger.transfer({
        from: { memberId },
        to: { memberId: other, walletKind: 'PG' },
        amount: 200n,
        idempotencyKey: key('one'),
      }),
    );
    expect(transfer.reply.entries.map((e) => [e.memberId, e.walletKind, e.balanceAfter])).toEqual(
      expect.arrayContaining([
        [memberId, 'main', '400'],
        [other, 'PG', '200'],
      ]),
    );
    // A replay and a refusal are one statement too, and a refusal leaves nothing behind.
    const again = await each(() =>
      ledger.post({
        memberId,
        kind: 'deposit',
        amount: 1000n,
        idempotencyKey: deposit.reply.idempotencyKey,
      }),
    );
    expect(again).toMatchObject({ replayed: true, reply: deposit.reply });
    const refusedKey = key('one');
    await each(() =>
      codeOf(ledger.post({ memberId, kind: 'bet', amount: -401n, idempotencyKey: refusedKey })),
    ).then((code) => expect(code).toBe('insufficient_balance'));
    const retried = await each(() =>
      ledger.post({ memberId, kind: 'bet', amount: -400n, idempotencyKey: refusedKey }),
    );
    expect(retried.reply.entries[0]?.balanceAfter).toBe('0');
    expect((await ledger.reconcile()).differences).toEqual([]);
  });
});

describe('1,000 concurrent debits on a wallet that affords k of them', () => {
  it('lets exactly k succeed and leaves the wallet at 0', async () => {
    const memberId = await newMember();
    const { ledger } = ledgerWithEvents();
    const k = 137;
    await ledger.post({
      memberId,
      kind: 'deposit',
      amount: BigInt(k) * 100n,
      idempotencyKey: key('fund'),
    });
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        codeOf(
          ledger.post({
            memberId,
            kind: 'bet',
            amount: -100n,
            idempotencyKey: `bet-${memberId}-${i}`,
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(k);
    expect(outcomes.filter((o) => o === 'insufficient_balance')).toHaveLength(1000 - k);
    expect((await ledger.balance(memberId)).sumBalance).toBe(0n);
    expect((await ledger.reconcile()).differences).toEqual([]);
  });
});

describe('idempotency', () => {
  it('replays one key 50 times in sequence with one effect and the same reply', async () => {
    const memberId = await newMember();
    const { ledger } = ledgerWithEvents();
    const request = {
      memberId,
      kind: 'deposit' as const,
      amount: 500n,
      idempotencyKey: key('seq'),
    };
    const first = await ledger.post(request);
    for (let i = 0; i < 49; i++) {
      const again = await ledger.post(request);
      expect(again.replayed).toBe(true);
      expect(again.reply).toEqual(first.reply);
    }
    expect((await ledger.balance(memberId)).sumBalance).toBe(500n);
  });

  it('replays one key 50 times at once with one effect and the same reply', async () => {
    const memberId = await newMember();
    const other = await newMember();
    const { ledger } = ledgerWithEvents();
    await ledger.post({ memberId, kind: 'deposit', amount: 1000n, idempotencyKey: key('f') });
    const request = {
      from: { memberId },
      to: { memberId: other },
      amount: 250n,
      idempotencyKey: key('par'),
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => ledger.transfer(request)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const result of results) expect(result.reply).toEqual(results[0]?.reply);
    expect((await ledger.balance(memberId)).sumBalance).toBe(750n);
    expect((await ledger.balance(other)).sumBalance).toBe(250n);
  });

  it('refuses the same key with a different body (409), and writes nothing', async () => {
    const memberId = await newMember();
    const { ledger } = ledgerWithEvents();
    const idempotencyKey = key('body');
    await ledger.post({ memberId, kind: 'deposit', amount: 500n, idempotencyKey });
    for (const changed of [
      { memberId, kind: 'deposit' as const, amount: 501n, idempotencyKey },
      { memberId, kind: 'payout' as const, amount: 500n, idempotencyKey },
      { memberId, kind: 'deposit' as const, amount: 500n, idempotencyKey, reference: 'other' },
    ]) {
      const error = await ledger.post(changed).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 409, code: 'idempotency_key_reused' });
    }
    expect((await ledger.balance(memberId)).sumBalance).toBe(500n);
  });
});

describe('the journal at the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of entries and postings', async () => {
    const memberId = await newMember();
    const { ledger } = ledgerWithEvents();
    const { reply } = await ledger.post({
      memberId,
      kind: 'deposit',
      amount: 700n,
      idempotencyKey: key('j'),
    });
    const entryId = Number(reply.entries[0]?.entryId);
    const postingId = Number(reply.postingId);
    for (const statement of [
      sql`update ledger_entries set amount = 1 where id = ${entryId}`,
      sql`delete from ledger_entries where id = ${entryId}`,
      sql`truncate ledger_entries cascade`,
      sql`update ledger_postings set reference = 'x' where id = ${postingId}`,
      sql`delete from ledger_postings where id = ${postingId}`,
      sql`truncate ledger_postings cascade`,
    ]) {
      await expect(db().execute(statement)).rejects.toThrow();
    }
    const after = await ledger.post({
      memberId,
      kind: 'deposit',
      amount: 700n,
      idempotencyKey: reply.idempotencyKey,
    });
    expect(after.reply).toEqual(reply);
  });

  it('refuses a negative balance even when written directly', async () => {
    const memberId = await newMember();
    const { ledger } = ledgerWithEvents();
    await ledger.balance(memberId);
    await expect(
      db().execute(sql`update wallets set balance = -1 where member_id = ${memberId}`),
    ).rejects.toThrow();
  });
});

describe('reconcile', () => {
  it('reports a wallet whose balance was changed without an entry, over HTTP too', async () => {
    const memberId = await newMember();
    const { ledger } = ledgerWithEvents();
    await ledger.post({ memberId, kind: 'deposit', amount: 900n, idempotencyKey: key('r') });
    expect((await ledger.reconcile()).differences).toEqual([]);

    await db()
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + 5` })
      .where(eq(wallets.memberId, memberId));
    const report = await call<ReconcileReply>(site.app, {
      url: walletOpsPaths.reconcile,
      headers: opsHeaders,
    });
    expect(report.status).toBe(200);
    expect(report.body.value?.differences).toEqual([
      expect.objectContaining({ memberId, walletKind: 'main', balance: '905', entriesSum: '900' }),
    ]);
    expect(report.body.value?.totalBalance).not.toBe(report.body.value?.totalEntries);

    await db()
      .update(wallets)
      .set({ balance: sql`${wallets.balance} - 5` })
      .where(eq(wallets.memberId, memberId));
    expect((await ledger.reconcile()).differences).toEqual([]);
  });

  it('needs operator credentials', async () => {
    const reply = await call(site.app, { url: walletOpsPaths.reconcile });
    expect(reply.status).toBe(401);
  });
});

describe('operator adjustment', () => {
  it('credits and debits with a reason, audited, once per key; refuses an overdraft', async () => {
    const memberId = await newMember();
    const body = {
      memberId,
      amount: '2500',
      reason: 'goodwill credit',
      idempotencyKey: key('adj'),
    };
    const post = (payload: object) =>
      call<PostingReply>(site.app, {
        method: 'POST',
        url: walletOpsPaths.adjustment,
        headers: opsHeaders,
        payload,
      });
    const first = await post(body);
    expect(first.status).toBe(200);
    expect(first.body.value?.entries[0]).toMatchObject({
      kind: 'adjustment',
      amount: '2500',
      balanceAfter: '2500',
    });
    expect((await post(body)).body.value).toEqual(first.body.value);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `wallet:${memberId}:main`));
    expect(audits).toEqual([
      expect.objectContaining({
        actor: 'operator:ops-test',
        action: 'ledger.adjustment',
        before: { balance: '0' },
        after: expect.objectContaining({ balance: '2500', reason: 'goodwill credit' }),
      }),
    ]);

    const overdraft = await post({ ...body, amount: '-2501', idempotencyKey: key('adj') });
    expect(overdraft.status).toBe(409);
    expect(overdraft.body.code).toBe('insufficient_balance');
    const debit = await post({ ...body, amount: '-500', idempotencyKey: key('adj') });
    expect(debit.body.value?.entries[0]?.balanceAfter).toBe('2000');
    const reused = await post({ ...body, amount: '7' });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('idempotency_key_reused');
    const bad = await post({ ...body, amount: '1.5', idempotencyKey: key('adj') });
    expect(bad.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../src/server/platform/db/client.ts';
import { members } from '../../src/server/platform/members/members.schema.ts';
import {
  ledgerEntries,
  ledgerPostings,
  wallets,
} from '../../src/server/areas/wallet/ledger.schema.ts';
import { createLedgerService } from '../../src/server/areas/wallet/ledger.service.ts';
import { AppError } from '../../src/server/platform/errors.ts';
import { createTestDatabase, type TestDatabase } from '../support/server.ts';

/**
 * The bank test, in the Jepsen style: many concurrent deposits, withdrawals and transfers on a
 * few shared wallets, while readers take consistent snapshots. Every snapshot must show no
 * negative balance, each wallet's entries summing to its balance, transfers cancelling out and
 * the total equal to the money that came in minus the money that went out.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const sizes = onPostgres
  ? { runs: 12, minOps: 150, maxOps: 300, members: 5, readers: 4 }
  : { runs: 4, minOps: 60, maxOps: 120, members: 4, readers: 2 };

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await testDb.open();
  await database.migrateAndRun(async () => undefined);
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

type Op =
  | { type: 'deposit'; to: number; amount: number }
  | { type: 'withdraw'; from: number; amount: number }
  | { type: 'transfer'; from: number; to: number; amount: number };

const opArb = (wallets: number): fc.Arbitrary<Op> => {
  const who = fc.integer({ min: 0, max: wallets - 1 });
  const amount = fc.integer({ min: 1, max: 500 });
  return fc.oneof(
    fc.record({ type: fc.constant('deposit' as const), to: who, amount }),
    fc.record({ type: fc.constant('withdraw' as const), from: who, amount }),
    fc.record({ type: fc.constant('transfer' as const), from: who, to: who, amount }),
  );
};

type Snapshot = {
  balances: bigint[];
  entrySums: Map<number, bigint>;
  transferSum: bigint;
  externalSum: bigint;
};

/** One consistent read of the wallets and their journal. */
async function snapshot(db: Db, memberIds: number[]): Promise<Snapshot> {
  return db.transaction(
    async (tx) => {
      const rows = await tx
        .select({ id: wallets.id, balance: wallets.balance })
        .from(wallets)
        .where(inArray(wallets.memberId, memberIds));
      const ids = rows.map((row) => row.id);
      const sums =
        ids.length === 0
          ? []
          : await tx
              .select({
                walletId: ledgerEntries.walletId,
                shape: ledgerPostings.shape,
                sum: sql<string>`sum(${ledgerEntries.amount})::text`,
              })
              .from(ledgerEntries)
              .innerJoin(ledgerPostings, sql`${ledgerPostings.id} = ${ledgerEntries.postingId}`)
              .where(inArray(ledgerEntries.walletId, ids))
              .groupBy(ledgerEntries.walletId, ledgerPostings.shape);
      const entrySums = new Map<number, bigint>();
      let transferSum = 0n;
      let externalSum = 0n;
      for (const row of sums) {
        const value = BigInt(row.sum);
        entrySums.set(row.walletId, (entrySums.get(row.walletId) ?? 0n) + value);
        if (row.shape === 'transfer') transferSum += value;
        else externalSum += value;
      }
      return {
        balances: rows.map((row) => row.balance),
        entrySums: new Map(rows.map((row) => [row.id, entrySums.get(row.id) ?? 0n])),
        transferSum,
        externalSum,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function checkSnapshot(view: Snapshot, balancesById: Map<number, bigint>) {
  for (const balance of view.balances) expect(balance).toBeGreaterThanOrEqual(0n);
  for (const [id, sum] of view.entrySums) expect(sum).toBe(balancesById.get(id));
  expect(view.transferSum).toBe(0n);
  const total = view.balances.reduce((a, b) => a + b, 0n);
  expect(total).toBe(view.externalSum);
}

describe('bank test', () => {
  it(
    `keeps every invariant at every read (${sizes.runs} runs of ${sizes.minOps}-${sizes.maxOps} concurrent operations on ${sizes.members} wallets, ${sizes.readers} readers)`,
    async () => {
      const db = database.db;
      const ledger = createLedgerService({ db });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(opArb(sizes.members), { minLength: sizes.minOps, maxLength: sizes.maxOps }),
          async (ops) => {
            run += 1;
            const made = await db
              .insert(members)
              .values(
                Array.from({ length: sizes.members }, (_, i) => ({
                  username: `bank${run}x${i}${Math.random().toString(36).slice(2, 8)}`,
                })),
              )
              .returning({ id: members.id });
            const memberIds = made.map((row) => row.id);
            const id = (index: number) => memberIds[index] ?? 0;
            let inflow = 0n;
            let outflow = 0n;
            let done = false;
            let reads = 0;

            const reader = async () => {
              while (!done) {
                const view = await snapshot(db, memberIds);
                const ids = [...view.entrySums.keys()];
                checkSnapshot(view, new Map(ids.map((wid, i) => [wid, view.balances[i] ?? -1n])));
                reads += 1;
                await new Promise((resolve) => setTimeout(resolve, 1));
              }
            };
            const refusedOnlyForMoney = (error: unknown) => {
              if (error instanceof AppError && error.code === 'insufficient_balance') return false;
              if (error instanceof AppError && error.code === 'bad_request') return false;
              throw error;
            };
            const perform = async (op: Op, index: number) => {
              const idempotencyKey = `bank-${run}-${index}-${Math.random().toString(36).slice(2)}`;
              const amount = BigInt(op.amount);
              try {
                if (op.type === 'deposit') {
                  await ledger.post({
                    memberId: id(op.to),
                    kind: 'deposit',
                    amount,
                    idempotencyKey,
                  });
                  inflow += amount;
                } else if (op.type === 'withdraw') {
                  await ledger.post({
                    memberId: id(op.from),
                    kind: 'withdrawal',
                    amount: -amount,
                    idempotencyKey,
                  });
                  outflow += amount;
                } else {
                  await ledger.transfer({
                    from: { memberId: id(op.from) },
                    to: { memberId: id(op.to) },
                    amount,
                    idempotencyKey,
                  });
                }
                return true;
              } catch (error) {
                return refusedOnlyForMoney(error);
              }
            };

            const readers = Array.from({ length: sizes.readers }, reader);
            const outcomes = await Promise.all(ops.map(perform)).finally(() => {
              done = true;
            });
            await Promise.all(readers);
            expect(reads).toBeGreaterThan(0);
            expect(outcomes.some(Boolean)).toBe(true);

            const final = await snapshot(db, memberIds);
            const total = final.balances.reduce((a, b) => a + b, 0n);
            expect(total).toBe(inflow - outflow);
            expect(final.externalSum).toBe(inflow - outflow);
            const report = await ledger.reconcile();
            expect(report.differences).toEqual([]);
            expect(report.unbalancedTransfers).toBe(0);
          },
        ),
        { numRuns: sizes.runs },
      );
    },
    onPostgres ? 120_000 : 60_000,
  );
});

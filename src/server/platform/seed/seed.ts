import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { seedRuns } from './seed.schema.ts';

/**
 * One named piece of demo data. A step runs once ever (recorded in `seed_runs`), so later
 * operator edits are never overwritten; new demo data is a new step. An `everyStart` step is not
 * recorded and runs at each start (it must be idempotent).
 */
export type SeedStep = { name: string; run: (tx: Db) => Promise<void>; everyStart?: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs an area's seed steps not yet run, each in its own transaction, under the start-up lock
     * (nodes that start together seed one after the other). Areas call it when they register.
     */
    seed: (steps: readonly SeedStep[]) => Promise<void>;
  }
}

/** Applies the steps not yet run, in order. */
export async function runSeedSteps(db: Db, steps: readonly SeedStep[]): Promise<void> {
  for (const step of steps) {
    if (step.everyStart) {
      await step.run(db);
      continue;
    }
    await db.transaction(async (tx) => {
      const done = await tx.select().from(seedRuns).where(eq(seedRuns.name, step.name));
      if (done.length > 0) return;
      await step.run(tx);
      await tx.insert(seedRuns).values({ name: step.name });
    });
  }
}

/** The `seed` decoration over one database (migrated once by the platform before any area). */
export function seederFor(database: Database) {
  return (steps: readonly SeedStep[]) => database.runLocked((db) => runSeedSteps(db, steps));
}

import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

// The types live in database.ts, which the PGlite module imports too (no import circle).
export type { Database, Db } from './database.ts';
import type { Database } from './database.ts';
import type { TemplateSeed } from './pglite-template.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant naming our start-up lock. */
const STARTUP_LOCK = 727_302_001;

export type DatabaseOptions = {
  databaseUrl: string | null;
  pgliteDir: string;
  /**
   * Seed steps a fresh PGlite directory may take already run from a seeded template
   * (pglite-template.ts); PostgreSQL runs them at the start as every other step.
   */
  templateSeed?: TemplateSeed;
};

/** PGlite under `pgliteDir`, or PostgreSQL through a pool when `databaseUrl` is set. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  // Loaded only here: a node on PostgreSQL never loads PGlite, its Drizzle driver or the
  // template code (the server bundle keeps them in a chunk of their own).
  const { openPglite } = await import('./pglite-database.ts');
  return openPglite(options.pgliteDir, {
    migrationsFolder,
    startupLock: STARTUP_LOCK,
    templateSeed: options.templateSeed,
  });
}

const onConnection = (connection: pg.PoolClient) => drizzlePg(connection);

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, an administrator's terminate) emits 'error' on
  // the pool; unheard, it would crash the process. The pool drops that client and opens another.
  pool.on('error', (error) => {
    process.emitWarning(`idle database connection lost: ${error.message}`);
  });
  const db = drizzlePg(pool);
  async function runLocked(work: (db: ReturnType<typeof onConnection>) => Promise<void>) {
    // Session-level advisory locks belong to a connection: hold one for the whole step.
    const connection = await pool.connect();
    try {
      const locked = onConnection(connection);
      await locked.execute(sql`select pg_advisory_lock(${STARTUP_LOCK})`);
      try {
        await work(locked);
      } finally {
        await locked.execute(sql`select pg_advisory_unlock(${STARTUP_LOCK})`);
      }
    } finally {
      connection.release();
    }
  }
  return {
    db,
    driver: 'postgres',
    migrateAndRun: (work) =>
      runLocked(async (locked) => {
        await migratePg(locked, { migrationsFolder });
        await work(locked);
      }),
    runLocked,
    close: () => pool.end(),
  };
}

import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** A Drizzle database or a transaction on it; repositories take either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Runs `work` once the schema is migrated, holding a PostgreSQL advisory lock so nodes that
   * start together migrate and seed one after the other.
   */
  migrateAndRun(work: (db: Db) => Promise<void>): Promise<void>;
  /** Runs `work` under the same start-up lock, on a schema already migrated (the area seeds). */
  runLocked(work: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

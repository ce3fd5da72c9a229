import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** A database made for one test file or one bench on `DATABASE_URL`'s server. */
export type ScratchDatabase = {
  name: string;
  /** The connection string of the new database (the admin URL with its path replaced). */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
};

/**
 * Creates `<prefix>_<12 hex>` on the server `adminUrl` names. The role needs CREATEDB; `.ci/run`
 * also makes it a member of pg_signal_backend (see `dropScratchDatabase`).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, async (client) => {
    try {
      await client.query(`create database "${name}"`);
    } catch (error) {
      throw new Error(
        `Could not create the database ${name}: the DATABASE_URL role needs CREATEDB`,
        { cause: error },
      );
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropScratchDatabase(adminUrl, name) };
}

/** SQLSTATE insufficient_privilege. */
const insufficientPrivilege = '42501';
/** SQLSTATE object_in_use: another session is still connected. */
const objectInUse = '55006';

/**
 * `drop database … with (force)`. On PostgreSQL 15 the force refuses with 42501 ("must be a
 * member of the role whose process is being terminated") when an autovacuum worker happens to
 * be working in that database and the role is not in pg_signal_backend: the worker has no role.
 * Such a worker is done within moments, so the drop is tried again, then without force.
 */
export async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(
          attempt <= 20
            ? `drop database if exists "${name}" with (force)`
            : `drop database if exists "${name}"`,
        );
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        const passing = code === insufficientPrivilege || code === objectInUse;
        if (!passing || attempt >= 40) throw error;
        await sleep(250);
      }
    }
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

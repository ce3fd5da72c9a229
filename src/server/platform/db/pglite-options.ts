import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL settings of the embedded database. PGlite's defaults are a server's: 128 MB of
 * shared buffers, all of it inside the WebAssembly memory, which never shrinks once touched. The
 * site's data of one process (members, wallets, a journal) stays far below that, and a page not
 * in the buffers is one read of a local file the operating system caches anyway, so 16 MB holds
 * every hot table; maintenance work (an index build, a vacuum) is capped to match.
 */
export const pgliteSettings = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '4MB',
} as const;

/** The options of every PGlite the server opens; `extra` settings go after `pgliteSettings`. */
export function pgliteOptions(extra: Record<string, string> = {}): PGliteOptions {
  return {
    // Trigram indexes of the games catalog's name search (the migration creates the extension).
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries({ ...pgliteSettings, ...extra }).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
    ],
  };
}

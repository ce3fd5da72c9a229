import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { runSeedSteps, type SeedStep } from '../seed/seed.ts';
import { pgliteOptions } from './pglite-options.ts';

/**
 * A pre-initialised PGlite cluster: an empty cluster with the migrations applied and no seed data,
 * made once as a data directory under node_modules/.cache and copied into every fresh data
 * directory, which spares initdb (most of a first start). A plain copy of files, rather than a
 * tarball PGlite unpacks in memory, keeps no copy of the cluster in the server's memory and takes
 * a fraction of the time. The folder name holds PGlite's version and a hash of the migration
 * files, so a new migration or a PGlite upgrade makes a new template, and a start on an existing
 * directory still runs the migrator (the template is only a head start).
 *
 * A seeded template goes one step further: that cluster with the seed steps that write the same
 * rows on every install already run (the demo games catalog, 10,000 rows and their trigram
 * index: most of what a first start seeded). Its folder name adds the steps' names and a hash of
 * the server's code, so any change to the code makes a new one. Only steps without secrets,
 * clock or settings belong there (app.ts lists them); the rest seed at the first start as before.
 */
export type TemplateSeed = {
  /** Names the seeded template (`demo-full`). */
  name: string;
  steps: readonly SeedStep[];
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** PGlite's package folder (it exports no package.json: walk up from its entry point). */
function pglitePackageDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

/** node_modules/.cache/site-pglite beside the PGlite package, from the sources or the bundle. */
const cacheDir = join(pglitePackageDir(), '..', '..', '.cache', 'site-pglite');

function templateKey(): string {
  const pgliteDir = pglitePackageDir();
  const version = (
    JSON.parse(readFileSync(join(pgliteDir, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const journalPath = join(migrationsFolder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const hash = createHash('sha256');
  hash.update(readFileSync(journalPath));
  for (const entry of journal.entries) {
    hash.update(readFileSync(join(migrationsFolder, `${entry.tag}.sql`)));
  }
  return `${version}-${hash.digest('hex').slice(0, 16)}`;
}

/** The template directory for this PGlite version and these migrations. */
export function pgliteTemplatePath(): string {
  return join(cacheDir, `template-${templateKey()}`);
}

/** A migrated, unseeded cluster made in `dir` (initdb, then the migrations). */
async function makeCluster(dir: string): Promise<void> {
  const client = await PGlite.create(dir, pgliteOptions());
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
}

/** Makes `template` with `make(dir)` beside its final name, then renames it into place. */
async function makeOnce(template: string, make: (dir: string) => Promise<void>): Promise<boolean> {
  const partial = `${template}.${process.pid}.${Date.now()}`;
  try {
    mkdirSync(partial, { recursive: true });
  } catch (error) {
    process.emitWarning(`PGlite template not cached: ${(error as Error).message}`);
    return false;
  }
  try {
    await make(partial);
    renameSync(partial, template);
  } catch (error) {
    // Another start made it first (the rename finds it there), or the cache is read-only.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(template, 'PG_VERSION'))) throw error;
  }
  return true;
}

/** The plain template's directory, made first when it is missing (null: no cache to write). */
async function plainTemplate(): Promise<string | null> {
  const template = pgliteTemplatePath();
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  return (await makeOnce(template, makeCluster)) ? template : null;
}

/** The folder of the server's code: the sources' src/server, or the bundle's dist-server. */
function codeRoot(): { root: string; kind: 'sources' | 'bundle' } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'main.ts'))) return { root: dir, kind: 'sources' };
    if (existsSync(join(dir, 'main.js'))) return { root: dir, kind: 'bundle' };
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the server code folder (main.ts or main.js) not found');
    dir = parent;
  }
}

let code: { kind: string; hash: string } | undefined;
/** A hash of every file of the server's code (read once, at a fresh directory's first start). */
function serverCode(): { kind: string; hash: string } {
  if (code) return code;
  const { root, kind } = codeRoot();
  const hash = createHash('sha256');
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((path) => statSync(join(root, path)).isFile())
    .sort();
  for (const path of files)
    hash
      .update(path)
      .update('\0')
      .update(readFileSync(join(root, path)));
  code = { kind, hash: hash.digest('hex').slice(0, 16) };
  return code;
}

/** The start of the seeded templates' names of `seed` for the code that runs (sources or bundle). */
const seededPrefix = (seed: TemplateSeed) => `seeded-${seed.name}-${serverCode().kind}-`;

/** The seeded template directory for this PGlite version, these migrations, steps and code. */
export function seededTemplatePath(seed: TemplateSeed): string {
  const steps = createHash('sha256')
    .update(seed.steps.map((step) => step.name).join('\0'))
    .digest('hex')
    .slice(0, 8);
  return join(cacheDir, `${seededPrefix(seed)}${templateKey()}-${steps}${serverCode().hash}`);
}

/**
 * Removes the older seeded templates of `seed` for this kind of code, keeping `kept` (each new
 * one is a code change: a checkout moved back to the last build finds its template still there).
 */
function pruneSeeded(seed: TemplateSeed, kept = 2): void {
  const prefix = seededPrefix(seed);
  const older = readdirSync(cacheDir)
    .filter((name) => name.startsWith(prefix) && !/\.\d+\.\d+$/.test(name))
    .map((name) => ({ path: join(cacheDir, name), at: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of older.slice(kept)) rmSync(old.path, { recursive: true, force: true });
}

/**
 * Settings of the one PGlite that seeds a template, none of them kept by the cluster: no WAL for
 * the index it builds (`wal_level=minimal`), and WAL segments written only as far as used and
 * removed once past rather than renamed for reuse. The template then holds one segment, partly
 * a hole, instead of two full ones of 16 MB each: 51 MB to copy at each fresh start instead of 67.
 */
const seedingSettings = {
  wal_level: 'minimal',
  max_wal_senders: '0',
  wal_recycle: 'off',
  wal_init_zero: 'off',
};

/** A copy of the plain template in `dir`, with `seed`'s steps run and recorded in seed_runs. */
async function makeSeeded(plain: string, seed: TemplateSeed, dir: string): Promise<void> {
  cpSync(plain, dir, { recursive: true });
  const client = await PGlite.create(dir, pgliteOptions(seedingSettings));
  try {
    await runSeedSteps(drizzle(client), seed.steps);
  } finally {
    await client.close();
  }
}

/**
 * The template a fresh directory copies: the seeded template of `seed` when one is given (made
 * first when missing), otherwise the plain one. Null when no cache folder can be written.
 */
export async function ensureTemplate(seed?: TemplateSeed): Promise<string | null> {
  const plain = await plainTemplate();
  if (!plain || !seed) return plain;
  const seeded = seededTemplatePath(seed);
  if (existsSync(join(seeded, 'PG_VERSION'))) return seeded;
  if (!(await makeOnce(seeded, (dir) => makeSeeded(plain, seed, dir)))) return plain;
  pruneSeeded(seed);
  return seeded;
}

/**
 * Fills the empty data directory `dir` with a copy of the template (the seeded one of `seed`
 * when given), making it first when it is missing (beside its final name, then renamed, so a
 * concurrent start never copies half a cluster). A cache folder that cannot be written still
 * starts: the cluster is then made in `dir` itself, and the seed steps run at the start as usual.
 */
export async function fillFromTemplate(dir: string, seed?: TemplateSeed): Promise<void> {
  const template = await ensureTemplate(seed);
  if (!template) {
    await makeCluster(dir);
    return;
  }
  cpSync(template, dir, { recursive: true });
}

/** True when `dir` holds no cluster yet (PGlite would run initdb there). */
export function needsCluster(dir: string): boolean {
  return !existsSync(join(dir, 'PG_VERSION'));
}

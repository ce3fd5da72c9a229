/**
 * `npm run build` (after Vite): the server as one ES module in dist-server/, which `npm start`
 * runs. Node then loads one file instead of resolving and compiling a few thousand modules
 * (drizzle-orm alone exports 447), about half of the CPU of a start. `node src/server/main.ts`
 * (development, tests) still runs the sources.
 *
 * Packages that read files beside their own code (__dirname, import.meta.url: fonts, web assets,
 * WebAssembly, native addons, worker threads) stay outside the bundle and load from node_modules;
 * the migrations are copied beside the bundle, where the database code looks for them.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
// SERVER_OUT_DIR: another folder inside the project (the bundle test builds its own while the
// end-to-end servers run the one in dist-server/).
const outDir = process.env.SERVER_OUT_DIR ?? join(root, 'dist-server');

export const externalPackages = [
  '@electric-sql/pglite', // WebAssembly and data files beside its code
  '@node-rs/argon2', // native addon
  '@resvg/resvg-js', // native addon
  '@fastify/swagger', // reads its package.json
  '@fastify/swagger-ui', // serves its static files
  'socket.io', // serves its client files
  'svg-captcha', // reads its font
  'pino', // worker-thread transports
  'thread-stream',
  'pg-native', // optional addon of pg
];

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: {
    server: join(root, 'src', 'server', 'main.ts'),
    'prepare-template': join(root, 'src', 'server', 'prepare-template.ts'),
  },
  outdir: outDir,
  entryNames: '[name]',
  // What the server imports with import() (PGlite's database code) lands in a chunk of its own,
  // loaded when asked for: a node on PostgreSQL never loads PGlite. The chunks stay beside
  // server.js, where code that finds files from import.meta.url (the migrations) expects them.
  splitting: true,
  chunkNames: 'server-[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external: externalPackages,
  // CommonJS packages inside the bundle still call require (node: built-ins).
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Without whitespace and comments. V8 keeps the bundle's source text in the heap, and one
  // non-ASCII character in a comment (an em dash) made it a two-byte string: 10 MB of heap for
  // a 5 MB file. Names stay, so stack traces still name their functions.
  minifyWhitespace: true,
  legalComments: 'none',
  charset: 'ascii',
  logLevel: 'warning',
});
cpSync(join(root, 'src', 'server', 'platform', 'db', 'migrations'), join(outDir, 'migrations'), {
  recursive: true,
});
// The entry turns Node's compile cache on before the bundle is compiled, so later starts load
// its compiled code from disk.
writeFileSync(
  join(outDir, 'main.js'),
  "import module from 'node:module';\n\nmodule.enableCompileCache?.();\nawait import('./server.js');\n",
);
console.log(`${relative(root, join(outDir, 'main.js'))}: the server bundle`);
// The seeded PGlite template of this bundle (src/server/prepare-template.ts), made once per code
// change: the bundle's first start on a fresh DATA_DIR then copies it.
const prepared = spawnSync(process.execPath, [join(outDir, 'prepare-template.js')], {
  stdio: 'inherit',
});
if (prepared.status !== 0) process.exit(prepared.status ?? 1);

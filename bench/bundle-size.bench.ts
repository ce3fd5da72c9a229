/**
 * Size of the JavaScript the home route loads: the entry chunk and its static imports (what
 * index.html loads and modulepreloads), plus the chunk holding the home page and its static
 * imports. Per file: the bytes the server sends when asked with `Accept-Encoding: br, gzip` (a
 * started server, `npm start`'s way: the build's pre-compressed copies), beside gzip -9 and raw.
 * Baseline: the same measures for a minimal React 19 "hello" app (bench/baseline-app) built with
 * the same Vite, pre-compressed the same way and served by bare Fastify + @fastify/static.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { systemPaths } from '../src/contract/system.ts';
import { serveBareReact } from './support/bare-react.ts';
import {
  root,
  siteEnv,
  siteScript,
  startServer,
  tempDir,
  type RunningServer,
} from './support/process.ts';

const homePageSource = 'src/ui/pages/home/home-page.tsx';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type FileSize = {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** The body the server sent for `Accept-Encoding: br, gzip`, and its Content-Encoding. */
  sentBytes?: number;
  sentEncoding?: string;
};
export type BundleMeasure = {
  files: FileSize[];
  totalBytes: number;
  totalGzipBytes: number;
  /** The files' bodies as the server sent them (bundle bench only, not the budget spec). */
  totalSentBytes?: number;
};

/** The request the bench makes for each file, as a phone's browser asks. */
export const acceptEncoding = 'br, gzip';
export type BundleResult = {
  app: BundleMeasure;
  /** How the home page's chunk was found; null when it was not (only the entry counted). */
  homeChunk: { key: string; foundBy: 'manifest' | 'sourcemap' } | null;
  bareReact: BundleMeasure;
};

function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build with build.manifest on`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The chunk and everything it imports statically (loaded or modulepreloaded with it). */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

function entryKey(manifest: Manifest): string {
  // index.html is the site; other HTML entries (builtin.html, the built-in games) are not.
  const key = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('.html'));
  const fallback = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const found = key ?? fallback;
  if (!found) throw new Error('no entry chunk in the Vite manifest');
  return found;
}

/** The home page may be its own chunk or folded into a page-group chunk; sourcemaps tell. */
function findHomeChunk(manifest: Manifest, distDir: string): BundleResult['homeChunk'] {
  if (manifest[homePageSource]) return { key: homePageSource, foundBy: 'manifest' };
  for (const [key, chunk] of Object.entries(manifest)) {
    const mapPath = join(distDir, `${chunk.file}.map`);
    if (!chunk.file.endsWith('.js') || !existsSync(mapPath)) continue;
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources?: string[] };
    if (map.sources?.some((source) => source.endsWith(homePageSource))) {
      return { key, foundBy: 'sourcemap' };
    }
  }
  return null;
}

function measure(distDir: string, files: Iterable<string>): BundleMeasure {
  const sizes = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const content = readFileSync(join(distDir, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: sizes,
    totalBytes: sizes.reduce((sum, f) => sum + f.bytes, 0),
    totalGzipBytes: sizes.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/**
 * The home route's JavaScript in a built `distDir` (with build.manifest on): the entry and the
 * home page's chunk, each with its static imports. The size-budget spec (tests/e2e) holds it.
 */
export function measureHomeRoute(distDir: string): Pick<BundleResult, 'app' | 'homeChunk'> {
  const manifest = readManifest(distDir);
  const files = new Set<string>();
  withStaticImports(manifest, entryKey(manifest), files);
  const homeChunk = findHomeChunk(manifest, distDir);
  if (homeChunk) withStaticImports(manifest, homeChunk.key, files);
  return { app: measure(distDir, files), homeChunk };
}

/** GET `path` raw (no decompression): the body's length and its Content-Encoding. */
function sentSize(baseURL: string, path: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolveSize, reject) => {
    const call = request(
      new URL(path, baseURL),
      { headers: { 'accept-encoding': acceptEncoding } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(new Error(`GET ${path} answered HTTP ${response.statusCode}`));
            return;
          }
          const encoding = response.headers['content-encoding'];
          resolveSize({ bytes, encoding: typeof encoding === 'string' ? encoding : 'identity' });
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** Adds what the server at `baseURL` sends for each file (under its root path `/`). */
async function withSent(measured: BundleMeasure, baseURL: string): Promise<BundleMeasure> {
  const files: FileSize[] = [];
  for (const file of measured.files) {
    const sent = await sentSize(baseURL, `/${file.file}`);
    files.push({ ...file, sentBytes: sent.bytes, sentEncoding: sent.encoding });
  }
  return {
    ...measured,
    files,
    totalSentBytes: files.reduce((sum, f) => sum + (f.sentBytes ?? 0), 0),
  };
}

async function measureBareReact(): Promise<BundleMeasure> {
  const bare = await serveBareReact();
  try {
    const manifest = readManifest(bare.dir);
    const files = new Set<string>();
    withStaticImports(manifest, entryKey(manifest), files);
    return await withSent(measure(bare.dir, files), bare.baseURL);
  } finally {
    await bare.stop();
  }
}

/** Reads the app already built in dist/ (`npm run bench` builds first). */
export async function runBundleBench(): Promise<BundleResult> {
  const distDir = join(root, 'dist');
  if (!existsSync(distDir) || readdirSync(distDir).length === 0) {
    throw new Error('dist/ is empty: run `npm run build` first');
  }
  const home = measureHomeRoute(distDir);
  const dataDir = tempDir('bench-bundle-');
  let site: RunningServer | undefined;
  try {
    site = await startServer(siteScript, siteEnv(dataDir.path), systemPaths.status);
    const app = await withSent(home.app, site.baseURL);
    return { ...home, app, bareReact: await measureBareReact() };
  } finally {
    await site?.stop();
    dataDir.remove();
  }
}

/**
 * The built app's files and pages go out pre-compressed (issue 35): the build step writes .br
 * and .gz beside every compressible file, and the server sends the one the client's
 * Accept-Encoding takes (brotli first), the file as it is otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/platform/db/client.ts';
import { preferredEncoding } from '../../src/server/platform/http/precompressed.ts';
import { precompressDir } from '../../scripts/lib/precompress.ts';
import { compressionThresholdBytes } from '../../src/server/platform/http/compression.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../support/server.ts';

let testDb: TestDatabase;
let database: Database;
let site: FastifyInstance;
let staticDir: string;

/** Text that compresses about as well as a built chunk: repeated code with varying names. */
const code = (name: string, lines: number) =>
  Array.from(
    { length: lines },
    (_, i) => `export function ${name}${i}(a,b){return a*${i}+b.length>${i % 7}?"${name}":null}`,
  ).join('\n');
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;

const files: Record<string, string | Buffer> = {
  'index.html': page('site'),
  'builtin.html': page('games'),
  'assets/index-AbC123.js': code('entry', 600),
  'assets/700-DeF456.js': code('chunk', 2000),
  'assets/index-GhI789.css': Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px}`).join(
    '',
  ),
  'media/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h10v10H0z"/>'.repeat(60)}</svg>`,
  'manifest.webmanifest': JSON.stringify({
    icons: Array(60).fill({ src: '/icon-192.png', sizes: '192x192' }),
  }),
  'assets/tiny-J0k1.js': 'console.log(1)',
  'assets/font-L2m3.woff2': Buffer.alloc(4096, 7),
};
/** The files that get .br and .gz: compressible types of 1 KiB and more. */
const compressible = Object.keys(files).filter(
  (name) => !name.endsWith('.woff2') && !name.includes('tiny'),
);

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'site-compress-'));
  for (const [name, body] of Object.entries(files)) {
    await mkdir(join(staticDir, name, '..'), { recursive: true });
    await writeFile(join(staticDir, name), body);
  }
  precompressDir(staticDir);
  testDb = await createTestDatabase();
  database = await testDb.open();
  site = await buildTestApp(testDb, database, { STATIC_DIR: staticDir });
});
afterAll(async () => {
  await site?.close();
  await database?.close();
  await testDb?.drop();
  await rm(staticDir, { recursive: true, force: true });
});

describe('the build step', () => {
  it('writes .br and .gz beside every compressible file, none for small or compressed ones', async () => {
    for (const name of Object.keys(files)) {
      const want = compressible.includes(name);
      const identity = await readFile(join(staticDir, name));
      for (const [suffix, inflate] of [
        ['.br', brotliDecompressSync],
        ['.gz', gunzipSync],
      ] as const) {
        const path = join(staticDir, `${name}${suffix}`);
        expect(existsSync(path), `${name}${suffix}`).toBe(want);
        if (want) expect(inflate(await readFile(path)).equals(identity), name).toBe(true);
      }
    }
  });
});

describe('the server', () => {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

  it('sends each file as brotli, gzip or as it is per Accept-Encoding, smaller when compressed', async () => {
    for (const name of Object.keys(files)) {
      const identity = await readFile(join(staticDir, name));
      const url = `/${name}`;
      const plain = await site.inject({ url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.equals(identity), url).toBe(true);
      expect(plain.headers.vary, url).toContain('accept-encoding');
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
      ] as const) {
        const reply = await site.inject({ url, headers: { 'accept-encoding': accept } });
        const label = `${url} (${accept})`;
        expect(reply.statusCode, label).toBe(200);
        expect(reply.headers.vary, label).toContain('accept-encoding');
        expect(reply.headers['content-type'], label).toBe(plain.headers['content-type']);
        if (!compressible.includes(name)) {
          expect(reply.headers['content-encoding'], label).toBeUndefined();
          expect(reply.rawPayload.equals(identity), label).toBe(true);
          continue;
        }
        expect(reply.headers['content-encoding'], label).toBe(encoding);
        expect(decode[encoding](reply.rawPayload).equals(identity), label).toBe(true);
        expect(reply.rawPayload.length, label).toBeLessThan(identity.length / 2);
      }
    }
  });

  it('sends the app page and the games page of their own routes pre-compressed too', async () => {
    for (const [url, file, status] of [
      ['/', 'index.html', 200],
      ['/rng', 'index.html', 200],
      ['/no/such/page', 'index.html', 404],
      ['/builtin/verify', 'builtin.html', 200],
    ] as const) {
      const identity = await readFile(join(staticDir, file));
      const plain = await site.inject({ url });
      expect(plain.statusCode, url).toBe(status);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.equals(identity), url).toBe(true);
      for (const encoding of ['br', 'gzip'] as const) {
        const reply = await site.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(reply.statusCode, url).toBe(status);
        expect(reply.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(reply.headers['content-type'], url).toContain('text/html');
        expect(reply.headers.vary, url).toContain('accept-encoding');
        expect(decode[encoding](reply.rawPayload).equals(identity), url).toBe(true);
        expect(reply.rawPayload.length, url).toBeLessThan(identity.length);
      }
    }
  });

  it('picks brotli before gzip and honours q=0', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
  });
});

describe('replies made per request', () => {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

  it('sends a JSON reply of 1 KiB and more compressed per Accept-Encoding, the same JSON', async () => {
    const url = '/wps/system/helpCenter?language=hi';
    const plain = await site.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const reply = await site.inject({ url, headers: { 'accept-encoding': accept } });
      expect(reply.statusCode, accept).toBe(200);
      expect(reply.headers['content-encoding'], accept).toBe(encoding);
      expect(reply.headers['content-type'], accept).toContain('application/json');
      expect(reply.headers.vary, accept).toContain('accept-encoding');
      expect(JSON.parse(decode[encoding](reply.rawPayload).toString('utf8'))).toEqual(plain.json());
      expect(reply.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  it('sends a small reply as it is: compressing it would not pay', async () => {
    const reply = await site.inject({
      url: '/wps/system/status',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.json()).toMatchObject({ success: true });
  });

  it('sends the OpenAPI document compressed', async () => {
    const reply = await site.inject({
      url: '/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(reply.rawPayload).toString('utf8')) as {
      openapi: string;
    };
    expect(document.openapi).toMatch(/^3\./);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { routeTable } from '../../src/contract/routes.ts';
import { opsPaths } from '../../src/contract/ops.ts';
import { systemPaths } from '../../src/contract/system.ts';
import type { Database } from '../../src/server/platform/db/client.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../support/server.ts';

let testDb: TestDatabase;
let database: Database;
let site: FastifyInstance;
let apiOnly: FastifyInstance;
let staticDir: string;
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'site-static-'));
  await mkdir(join(staticDir, 'assets'));
  await mkdir(join(staticDir, 'media', 'banners'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), INDEX);
  await writeFile(join(staticDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
  await writeFile(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(
    join(staticDir, 'media', 'banners', 'home-1.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  testDb = await createTestDatabase();
  database = await testDb.open();
  site = await buildTestApp(testDb, database, { STATIC_DIR: staticDir });
  apiOnly = await buildTestApp(testDb, database);
});
afterAll(async () => {
  await site.close();
  await apiOnly.close();
  await database.close();
  await testDb.drop();
  await rm(staticDir, { recursive: true, force: true });
});

describe('the built app', () => {
  it('answers index.html for every route of the route table', async () => {
    for (const route of routeTable) {
      const reply = await site.inject({ url: route.path });
      expect(reply.statusCode, route.path).toBe(200);
      expect(reply.body, route.path).toBe(INDEX);
      expect(reply.headers['cache-control'], route.path).toBe('no-cache');
    }
    const withQuery = await site.inject({ url: '/rng?vassalage=STARSLOTS' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toBe(INDEX);
  });

  it('answers index.html with 404 for other pages, and JSON 404 for API paths', async () => {
    const page = await site.inject({ url: '/no/such/page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe(INDEX);
    const api = await site.inject({ url: '/wps/no/such/call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'not_found' });
    const missingFile = await site.inject({ url: '/assets/missing-123.js' });
    expect(missingFile.statusCode).toBe(404);
  });

  it('serves hashed assets as immutable and media files', async () => {
    const asset = await site.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // Never asked for again, so no validators (bytes on each of a first page's files).
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    const media = await site.inject({ url: '/media/banners/home-1.svg' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toContain('image/svg+xml');
  });

  it('has the service worker asked for again on each visit, so a new build takes over', async () => {
    const worker = await site.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('sends a content security policy', async () => {
    const reply = await site.inject({ url: '/' });
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends the security headers @fastify/helmet sent on pages, files and page 404s', async () => {
    // Captured from the server when @fastify/helmet set them on every request; the set is now
    // worked out once at start (platform/http/security-headers.ts) and must stay the same.
    const helmetHeaders = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
        "frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';" +
        "script-src 'self' https://www.googletagmanager.com;script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss: https:;frame-src 'self' https:",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const names = Object.keys(helmetHeaders);
    for (const url of ['/', '/no/such/page', '/media/banners/home-1.svg', '/sw.js']) {
      const reply = await site.inject({ url });
      const sent = Object.fromEntries(names.map((name) => [name, reply.headers[name]]));
      expect(sent, url).toEqual(helmetHeaders);
      expect(reply.headers['x-powered-by'], url).toBeUndefined();
      // Nothing else of helmet's kind: no header beyond these and the usual ones.
      const others = Object.keys(reply.headers).filter((name) => !names.includes(name));
      expect(
        others.filter(
          (name) =>
            !/^(content-(type|length)|vary|cache-control|date|connection|accept-ranges|last-modified|etag|x-ratelimit-.*)$/.test(
              name,
            ),
        ),
        url,
      ).toEqual([]);
    }
  });

  it('sends a built script, style or font only the headers a subresource is read by', async () => {
    // Issue 35: the document headers on each of a first page's 60-odd files were about 40 KB
    // of a phone's cold load over HTTP/1.1; a script runs under its page's CSP, not its own.
    const reply = await site.inject({ url: '/assets/index-AbC123.js' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers).toMatchObject({
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
    });
    for (const documentOnly of [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-frame-options',
      'x-xss-protection',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
    ]) {
      expect(reply.headers[documentOnly], documentOnly).toBeUndefined();
    }
  });

  it('sends the API set on JSON calls: no framing, no sniffing, a CSP that allows nothing', async () => {
    const apiSet = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    for (const url of [
      systemPaths.status,
      '/wps/no/such/call',
      '/lgw/no/such/call',
      '/ops/x?y=1',
    ]) {
      const reply = await site.inject({ url });
      expect(reply.headers['content-type'], url).toContain('application/json');
      const sent = Object.fromEntries(
        Object.keys(apiSet).map((name) => [name, reply.headers[name]]),
      );
      expect(sent, url).toEqual(apiSet);
      // None of the page-only headers.
      for (const name of [
        'x-xss-protection',
        'x-dns-prefetch-control',
        'cross-origin-opener-policy',
      ]) {
        expect(reply.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // The API's documentation pages are pages: they keep the page set (and their own CSP).
    const docs = await site.inject({ url: '/docs/' });
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
  it('keeps the API working next to the app', async () => {
    expect((await site.inject({ url: systemPaths.status })).statusCode).toBe(200);
  });

  it('runs only the API when there is no build', async () => {
    expect((await apiOnly.inject({ url: '/rng' })).statusCode).toBe(404);
    expect((await apiOnly.inject({ url: systemPaths.status })).statusCode).toBe(200);
  });
});

describe('OpenAPI at /docs', () => {
  it('lists every path with the operator security scheme', async () => {
    const reply = await apiOnly.inject({ url: '/docs/json' });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const toOpenApi = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    for (const path of [...Object.values(systemPaths), ...Object.values(opsPaths)]) {
      expect(Object.keys(doc.paths), path).toContain(toOpenApi(path));
    }
    expect(doc.components.securitySchemes).toHaveProperty('opsBasic');
    expect(doc.paths[opsPaths.system]?.get?.security).toEqual([{ opsBasic: [] }]);
    const ui = await apiOnly.inject({ url: '/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});

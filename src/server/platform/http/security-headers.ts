import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The site's security headers, as helmet's options (every default, this CSP, no COEP). */
export const securityHeaderOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://www.googletagmanager.com'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'ws:', 'wss:', 'https:'],
      'frame-src': ["'self'", 'https:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets with `options`, worked out once: helmet runs against a response that
 * only records them. Our options hold no per-request values (no nonces, no functions), so every
 * response gets the same set.
 */
export function securityHeadersOf(options: HelmetOptions): {
  set: [string, string][];
  removed: string[];
} {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
    },
  );
  return { set, removed };
}

/**
 * Helmet's headers on every page, file and /docs response (`apiHeaders` on the JSON calls),
 * the same ones @fastify/helmet set, without building its
 * middlewares and parsing the CSP again on each request: the set is computed at start and one
 * onRequest hook adds it to the reply's own headers. Routes may still replace a header (the
 * /docs pages set their own CSP). The one header helmet removes, X-Powered-By, nothing here sets.
 *
 * Through `reply.headers`, not `reply.raw.setHeader`: once a header sits on the raw response,
 * Node's writeHead sets every other header of the reply one by one too (its "progressive" path,
 * each name and value validated). That cost a third of the CPU of a member-info call (60 -> 44 µs
 * a request, `npm run bench -- --only http`).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions = securityHeaderOptions,
): void {
  const { set, removed } = securityHeadersOf(options);
  if (removed.some((name) => name.toLowerCase() !== 'x-powered-by')) {
    throw new Error(`helmet removes headers this hook does not: ${removed.join(', ')}`);
  }
  const headers = Object.fromEntries(set);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      API_CALL.test(request.url)
        ? apiHeaders
        : BUILT_SUBRESOURCE.test(request.url)
          ? builtFileHeaders
          : headers,
    );
    done();
  });
}

/**
 * The build's hashed scripts, styles, fonts and source maps: files a browser runs or applies
 * under the page's own policy and never renders as a document (SVG and HTML keep the page set).
 */
const BUILT_SUBRESOURCE = /^\/assets\/[^?#]+\.(js|css|woff2?|map)([?#]|$)/;

/**
 * The headers of a built script, style or font: those a subresource's response is read by
 * (nosniff, its cross-origin resource and referrer policies, HSTS). The CSP and the other
 * document headers apply to the page that loads it, not to it (a script runs under its page's
 * CSP); sent with each of a first page's 60-odd files over HTTP/1.1 they were about 40 KB of
 * a phone's cold load (issue 35).
 */
export const builtFileHeaders: Readonly<Record<string, string>> = {
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/** The JSON calls (/wps, /lgw, /ops); /docs serves pages and keeps the page set. */
const API_CALL = /^\/(wps|lgw|ops)(\/|\?|$)/;

/**
 * The headers of a JSON call's reply: the set the OWASP REST Security Cheat Sheet gives for API
 * responses (a CSP that allows nothing and no framing, nosniff, HSTS), with the page set's
 * referrer and cross-origin resource policies. The rest of helmet's set only means something to
 * a document a browser renders (script, style, font and frame sources, the XSS auditor, DNS
 * prefetch, IE's download prompt, Flash's cross-domain policy, the opener and agent cluster), and
 * a reply that `nosniff` and its JSON type keep from ever being one need not carry it: 6 headers
 * (about 250 bytes) instead of 12 (about 900) on every call, and half the header writes of a
 * cached member-info call.
 */
export const apiHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

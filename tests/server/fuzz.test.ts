import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { systemPaths } from '../../src/contract/system.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { opsHeaders, testSite } from '../support/server.ts';
import { createMemberSession } from '../support/server-factories.ts';
import { rowCounts } from '../support/row-counts.ts';
import { promotionBody } from '../support/promotions.ts';
import { openApiReplyChecker, type OpenApiDocument } from '../support/openapi-replies.ts';

/**
 * A fuzzer driven by the OpenAPI document: for every operation it sends its happy request
 * (happyRequests, where the schema alone does not give one), a value built from the schema
 * with the right credentials, without them and with the other kind, then hostile variants of
 * one field at a time (NUL, lone surrogates, huge and negative numbers, long strings, wrong
 * types, missing fields), inside the JWE for (enc) calls. Every reply must be below 500 and in
 * the envelope, and a request refused as bad input must write no row. Every reply is also held
 * to the document (support/openapi-replies.ts): its status is one the operation documents, its
 * body validates against that status's schema with every object closed, and it answers a
 * visitor only where `security` allows one.
 */

const site = testSite();

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
  'x-enc-payload'?: Schema;
};
type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** mulberry32: the same cases on every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rng = ReturnType<typeof prng>;

const hostileValues: readonly unknown[] = [
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udfff',
  2_147_483_648,
  -2_147_483_649,
  2 ** 53,
  1e308,
  -1,
  0,
  1.5,
  '',
  ' ',
  'x'.repeat(5_000),
  '𝕏'.repeat(300),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '99999999999999999999999',
  '-1',
  null,
  true,
  [],
  {},
  { $ne: null },
  ['a\u0000'],
];
/** Values that can travel in a path or a query string. */
const hostileTexts: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  'x'.repeat(3_000),
  '%27%20or%201%3D1',
  '..%2F..%2Fetc',
  'null',
  '',
];

function resolve(document: Document, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    current = document.components.schemas[current.$ref.split('/').pop() ?? ''] ?? {};
  }
  return current;
}

/** A value the schema accepts as far as a simple generator can tell (patterns approximated). */
function sample(document: Document, raw: Schema | undefined, rng: Rng, depth = 0): unknown {
  const schema = resolve(document, raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(document, rng.pick(branches), rng, depth + 1);
  if (schema.allOf?.[0]) return sample(document, schema.allOf[0], rng, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'boolean':
      return rng.next() < 0.5;
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      const max = Math.min(schema.maximum ?? 1_000, min + 1_000);
      return rng.int(Math.ceil(min), Math.floor(max));
    }
    case 'array': {
      if (depth > 4) return [];
      const length = Math.max(schema.minItems ?? 0, rng.int(0, 2));
      return Array.from({ length }, () => sample(document, schema.items, rng, depth + 1));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (depth > 4) break;
        if (schema.required?.includes(name) || rng.next() < 0.5) {
          value[name] = sample(document, property, rng, depth + 1);
        }
      }
      return value;
    }
    case 'string':
      return sampleString(schema, rng);
    default:
      return schema.default ?? 'x';
  }
}

function sampleString(schema: Schema, rng: Rng): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time')
    return new Date(Date.UTC(2026, 0, rng.int(1, 28))).toISOString();
  if (schema.format === 'email') return `fuzz${rng.int(1, 9_999)}@example.com`;
  if (schema.format === 'uri') return 'https://example.com/x';
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 16, Math.max(min, 16));
  const length = rng.int(min, Math.max(min, max));
  const pattern = schema.pattern ?? '';
  const alphabet =
    pattern.includes('\\d') && !/[a-zA-Z]-/.test(pattern) ? '0123456789' : 'abcdefgh12345678';
  let text = '';
  for (let i = 0; i < length; i += 1) text += alphabet[rng.int(0, alphabet.length - 1)];
  return text;
}

/** The leaf fields of a JSON value, as paths (so one can be replaced or removed). */
function fieldPaths(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return path.length ? [path] : [];
  const entries = Object.entries(value);
  if (entries.length === 0) return path.length ? [path] : [];
  return [
    ...(path.length ? [path] : []),
    ...entries.flatMap(([key, item]) => fieldPaths(item, [...path, key])),
  ];
}

/** `value` with the field at `path` replaced by `replacement`, or removed when it is `missing`. */
function withField(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (replacement === missing) delete parent[last];
  else parent[last] = replacement;
  return copy;
}
const missing = Symbol('missing');

/** Text PostgreSQL cannot store, and numbers no integer column holds: tried on every field. */
const textAttacks: readonly unknown[] = ['a\u0000b', 'x\ud800y'];
const numberAttacks: readonly unknown[] = [2_147_483_648, -2_147_483_649, 2 ** 53];
const paramAttacks: readonly string[] = ['%00', 'a%00b', '2147483648', '-1'];

type Auth = 'none' | 'member' | 'operator';
/** One request: which credentials, and which field gets which hostile value (if any). */
type Case = {
  label: string;
  auth: Auth;
  /** The operation's happy request (happyRequests), meant to succeed. */
  happy?: HappyRequest;
  attack?:
    | { in: 'path' | 'query' | 'header'; name: string; value: string }
    | { in: 'body' | 'payload'; path: string[]; value: unknown };
};

/** What a happy request may override of the values built from the schema. */
type HappyRequest = {
  auth?: Auth;
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
  /** The payload inside the JWE of an (enc) body. */
  payload?: unknown;
};
type HappyContext = {
  app: FastifyInstance;
  db: Db;
  member: { id: number; username: string };
  token: string;
  found: (path: string, name: string) => unknown;
};

/**
 * The requests that must succeed, for the operations whose schema alone does not give one (a
 * body the rules accept, a row that must exist first): so their success replies are held to
 * the document too, not only their refusals.
 */
const happyRequests: Record<string, (context: HappyContext) => Promise<HappyRequest>> = {
  'GET /wps/system/permission': async () => ({ params: { host: 'localhost' } }),
  'PUT /ops/system/maintenance': async () => ({ body: { enabled: false } }),
  'PUT /ops/system/region': async () => ({ body: { blockedCountries: [], blockedCidrs: [] } }),
  'PUT /ops/system/settings': async () => ({ body: { captchaEnabled: false } }),
  'PUT /ops/modules/{modId}': async () => ({ body: { enabled: true } }),
  'GET /ops/members': async ({ member }) => ({ params: { username: member.username } }),
  'POST /ops/members/{memberId}/disable': async ({ member }) => ({
    params: { memberId: member.id },
    body: { reason: 'fuzz' },
  }),
  'POST /ops/members/{memberId}/enable': async ({ member }) => ({
    params: { memberId: member.id },
  }),
  'POST /ops/ledger/adjustments': async ({ member }) => ({
    body: {
      memberId: member.id,
      amount: '10000',
      reason: 'fuzz credit',
      idempotencyKey: randomUUID(),
    },
  }),
  'POST /ops/ledger/bonuses': async ({ member }) => ({
    body: {
      memberId: member.id,
      kind: 'bonus',
      amount: '100',
      remark: 'fuzz bonus',
      idempotencyKey: randomUUID(),
    },
  }),
  'GET /wps/member/records/transactions': async () => ({ params: { preset: 'last7' } }),
  'GET /wps/member/records/bonuses': async () => ({ params: { preset: 'last7' } }),
  'GET /wps/member/records/profit': async () => ({ params: { preset: 'last7' } }),
  'POST /ops/messages': async ({ member }) => ({
    body: { memberId: member.id, title: 'Hello', content: 'A message' },
  }),
  'POST /wps/member/messages/{messageId}/read': async (context) => ({
    params: { messageId: await messageFor(context) },
  }),
  'DELETE /wps/member/messages/{messageId}': async (context) => ({
    params: { messageId: await messageFor(context) },
  }),
  'POST /ops/promotions': async () => ({ body: promotionBody() }),
  'PUT /ops/promotions/{promotionId}': async () => ({ body: promotionBody() }),
  'POST /wps/relay/MCSFE_addFavoriteGame': async (context) => ({ body: await aGame(context) }),
  'POST /wps/relay/MCSFE_removeFavoriteGame': async (context) => ({ body: await aGame(context) }),
  'GET /lgw/games/art/{file}': async () => ({ params: { file: '1.svg' } }),
  'GET /lgw/vn/numeros/opened/game': async () => ({ params: { gameId: 'VN_FAST_1' } }),
  'GET /lotto/lgw/games/opened/numero': async () => ({ params: { gameIds: 'VN_FAST_1' } }),
};

/** A message the operator sends the context's member, by its id in the member's list. */
async function messageFor({ app, member, token }: HappyContext) {
  await app.inject({
    method: 'POST',
    url: '/ops/messages',
    headers: opsHeaders,
    payload: { memberId: member.id, title: 'Hello', content: 'A message' },
  });
  const reply = await app.inject({
    url: '/wps/member/messages',
    headers: { authorization: `Bearer ${token}` },
  });
  const { value } = reply.json() as { value: { content: { id: number }[] } };
  return value.content[0]?.id ?? 0;
}

/** A game of the catalog, as the favourite calls name it. */
async function aGame({ app }: HappyContext) {
  const reply = await app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=RNG' });
  const { value } = reply.json() as {
    value: { list: { nodeId: number; vassalage: string; gameType: string }[] };
  };
  const game = value.list[0];
  return { nodeId: game?.nodeId, vendor: game?.vassalage, gameType: game?.gameType };
}

describe('fuzzing every operation of the OpenAPI document', () => {
  // Every operation of the document, each with many bodies: a budget of its own.
  it(
    'answers below 500, in the envelope, and writes nothing for refused input',
    { timeout: 600_000 },
    async () => {
      const app = site.app;
      const db = site.database.db;
      const document = (await app.inject({ url: '/docs/json' })).json() as Document;
      const jwk = (await app.inject({ url: systemPaths.publicKey })).json() as { value: JWK };
      const publicKey = await importJWK(jwk.value, 'RSA-OAEP-256');
      const encrypt = (payload: unknown) =>
        new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
          .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
          .encrypt(publicKey);

      const replyProblem = openApiReplyChecker(document as unknown as OpenApiDocument);
      const succeeded = new Set<string>();
      const found = foundValues();
      const rng = prng(20_261_125);
      const failures: string[] = [];
      const statuses: Record<number, number> = {};
      let requests = 0;
      let ipCounter = 0;

      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
      expect(operations.length).toBeGreaterThan(90);

      for (const { path, method, operation } of operations) {
        const name = `${method.toUpperCase()} ${path}`;
        const needs: Auth = operation.security?.some((s) => 'opsBasic' in s)
          ? 'operator'
          : operation.security?.some((s) => 'bearer' in s)
            ? 'member'
            : 'none';
        // A fresh member per operation: logout, password and contact changes end or alter it.
        const { member, token } = await createMemberSession(db);
        const headersFor = (auth: Auth): Record<string, string> =>
          auth === 'operator'
            ? { ...opsHeaders }
            : auth === 'member'
              ? { authorization: `Bearer ${token}` }
              : {};
        const parameters = operation.parameters ?? [];
        const bodySchema = resolve(
          document,
          operation.requestBody?.content?.['application/json']?.schema,
        );
        const encPayload = bodySchema['x-enc-payload'];
        const validBody = operation.requestBody ? sample(document, bodySchema, rng) : undefined;
        const validPayload = encPayload ? sample(document, encPayload, rng) : undefined;

        const other: Auth = needs === 'operator' ? 'member' : 'operator';
        const happy = await happyRequests[name]?.({ app, db, member, token, found: found.latest });
        const cases: Case[] = [
          ...(happy ? [{ label: 'happy', auth: happy.auth ?? needs, happy }] : []),
          { label: 'valid', auth: needs },
          { label: 'no credentials', auth: 'none' },
          { label: `as ${other}`, auth: other },
        ];
        for (const parameter of parameters) {
          for (const value of [rng.pick(paramAttacks), rng.pick(hostileTexts)]) {
            cases.push({
              label: `${parameter.name}=${value.slice(0, 12)}`,
              auth: needs,
              attack: { in: parameter.in, name: parameter.name, value },
            });
          }
        }
        const bodyFields: ['body' | 'payload', string[]][] = [
          ...fieldPaths(validBody).map((field): ['body', string[]] => ['body', field]),
          ...fieldPaths(validPayload).map((field): ['payload', string[]] => ['payload', field]),
        ];
        // Every field gets unstorable text and an out-of-range number; every other field also a
        // wrong type, a long string, a missing value... (kept to a few cases per operation).
        for (const [index, [where, field]] of bodyFields.entries()) {
          const values = [rng.pick(textAttacks), rng.pick(numberAttacks)];
          if (index % 2 === 0) values.push(rng.pick([...hostileValues, missing]));
          for (const value of values) {
            cases.push({
              label: `${where}.${field.join('.')}`,
              auth: needs,
              attack: { in: where, path: field, value },
            });
          }
        }
        if (validBody !== undefined) {
          cases.push({
            label: 'whole body',
            auth: needs,
            attack: { in: 'body', path: [], value: rng.pick(hostileValues) },
          });
        }

        const build = async ({ auth, attack, happy }: Case): Promise<InjectOptions> => {
          let url = path;
          const query: string[] = [];
          const headers: Record<string, string> = {
            'accept-language': 'en',
            ...headersFor(auth),
            ...happy?.headers,
          };
          for (const parameter of parameters) {
            const hit = attack && 'name' in attack && attack.name === parameter.name;
            const given = happy?.params?.[parameter.name];
            // A path names a row: one an earlier reply showed, so the call gets past its 404.
            const known = parameter.in === 'path' ? found.latest(path, parameter.name) : undefined;
            const text = hit
              ? attack.value
              : encodeURIComponent(
                  String(given ?? known ?? sample(document, parameter.schema, rng)),
                );
            if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, text || '%20');
            else if (
              parameter.in === 'query' &&
              (given !== undefined ||
                parameter.required ||
                hit ||
                (!happy?.params && rng.next() < 0.5))
            ) {
              query.push(`${parameter.name}=${text}`);
            } else if (parameter.in === 'header' && (hit || rng.next() < 0.5)) {
              headers[parameter.name] = text.replace(/%[0-9A-F]{2}/gi, '').slice(0, 300);
            }
          }
          const options: InjectOptions = {
            method: method.toUpperCase() as InjectOptions['method'],
            url: query.length ? `${url}?${query.join('&')}` : url,
            headers,
            remoteAddress: `10.77.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`,
          };
          if (validBody === undefined) return options;
          let body: unknown = happy?.body ?? validBody;
          if (validPayload !== undefined) {
            const payload =
              attack?.in === 'payload'
                ? withField(validPayload, attack.path, attack.value)
                : (happy?.payload ?? validPayload);
            body = { ...(body as object), enc: await encrypt(payload) };
          }
          if (attack?.in === 'body') body = withField(body, attack.path, attack.value);
          return { ...options, payload: body as InjectOptions['payload'] };
        };

        // Writes are seen cheaply: a transaction that writes takes a new transaction id. The
        // tables are counted before a request that may be refused as bad input when something
        // wrote since the last count, and after such a request that took an id (other work on a
        // shared server may take ids too: then the counts tell).
        let mark = await transactionMark(db);
        let counts: Record<string, number> | null = null;
        for (const fuzzCase of cases) {
          const options = await build(fuzzCase);
          // The valid body and the attacks may be refused as bad input: they need the counts.
          const mayBeRefused = fuzzCase.attack !== undefined || fuzzCase.label === 'valid';
          if (mayBeRefused && counts === null) counts = await rowCounts(db);
          const reply = await app.inject(options);
          requests += 1;
          statuses[reply.statusCode] = (statuses[reply.statusCode] ?? 0) + 1;
          const label = `${name} [${fuzzCase.label}] ${String(options.url).slice(0, 120)}`;
          // The sandbox gateway stands in for an outside payment provider: its own replies.
          const problem = path.startsWith('/sandbox/gateway/')
            ? reply.statusCode >= 500
              ? `status ${reply.statusCode}`
              : null
            : envelopeProblem(reply);
          if (problem) failures.push(`${label}: ${problem}`);
          const undocumented = replyProblem(method, path, reply);
          if (undocumented) failures.push(`${label}: ${undocumented}`);
          const securityProblem = securityDisagreement(operation, fuzzCase.auth, reply);
          if (securityProblem) failures.push(`${label}: ${securityProblem}`);
          if (reply.statusCode < 400) {
            succeeded.add(name);
            found.add(path, method, reply);
          } else if (fuzzCase.happy) {
            failures.push(`${label}: the happy request answered ${reply.body.slice(0, 160)}`);
          }
          if ((await transactionMark(db)) === mark) continue;
          const code = replyCode(reply);
          if (counts !== null && (code === 'bad_request' || code === 'enc_invalid')) {
            const after = await rowCounts(db);
            const before = counts;
            const written = Object.keys(after).filter((table) => after[table] !== before[table]);
            if (written.length) failures.push(`${label}: refused (${code}) but wrote ${written}`);
            counts = after;
          } else {
            counts = null;
          }
          mark = await transactionMark(db);
        }
        // Leave the site open for the next operation (a valid call may have closed it).
        if (path.startsWith('/ops/system')) await reopenSite();
      }

      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(operations.length * 5);
      // Most operations were reached past their credentials and schemas, not only refused:
      // their success replies were held to the document too.
      expect(statuses[200] ?? 0).toBeGreaterThan(operations.length / 2);
      expect(succeeded.size).toBeGreaterThan(operations.length / 2);
    },
  );
});

/**
 * Values earlier success replies showed: by field name (`bannerId`), and each `id` by the
 * collection its operation's path names (`/ops/banners`), so a later `/ops/banners/{bannerId}`
 * names a row that exists.
 */
function foundValues() {
  const values = new Map<string, unknown>();
  const collectionOf = (path: string) => path.replace(/\/\{[^}]+\}.*$/, '');
  const walk = (value: unknown, collection: string) => {
    if (Array.isArray(value)) for (const item of value) walk(item, collection);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'string' || typeof item === 'number') {
          values.set(key, item);
          if (key === 'id') values.set(`${collection}#id`, item);
        } else walk(item, collection);
      }
    }
  };
  return {
    add(path: string, method: string, reply: LightMyRequestResponse) {
      // A deleted row is not one to name later.
      if (method === 'delete' || !String(reply.headers['content-type']).includes('json')) return;
      const body = JSON.parse(reply.body) as { value?: unknown };
      walk(body.value, collectionOf(path));
    },
    latest(path: string, name: string): unknown {
      const ofCollection = values.get(`${collectionOf(path)}#id`);
      if (name === 'id') return ofCollection;
      return values.get(name) ?? (name.endsWith('Id') ? ofCollection : undefined);
    },
  };
}

/**
 * Where the reply contradicts the operation's `security`: it answers without credentials (or
 * with the other kind) though the document asks for them, or it refuses a caller as not
 * logged in though the document asks for nothing.
 */
function securityDisagreement(
  operation: Operation,
  auth: Auth,
  reply: LightMyRequestResponse,
): string | null {
  const declared = operation.security ?? [];
  const optional = declared.length === 0 || declared.some((s) => Object.keys(s).length === 0);
  const schemes = declared.flatMap((s) => Object.keys(s));
  const scheme = auth === 'operator' ? 'opsBasic' : 'bearer';
  if (reply.statusCode < 400 && !optional && (auth === 'none' || !schemes.includes(scheme))) {
    return `answers ${reply.statusCode} to ${auth === 'none' ? 'a visitor' : `the ${auth}`}, but the document asks for ${schemes.join(' or ')}`;
  }
  const code = replyCode(reply);
  if (declared.length === 0 && (code === 'not_logged_in' || code === 'ops_unauthorized')) {
    return `refuses ${code}, but the document asks for no credentials`;
  }
  return null;
}

/** The next transaction id: it moves only when some transaction writes. */
async function transactionMark(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`,
  )) as unknown as { rows: { mark: string }[] };
  return result.rows[0]?.mark ?? '';
}

async function reopenSite() {
  await site.app.inject({
    method: 'PUT',
    url: '/ops/system/maintenance',
    headers: opsHeaders,
    payload: { enabled: false },
  });
  await site.app.inject({
    method: 'PUT',
    url: '/ops/system/region',
    headers: opsHeaders,
    payload: { blockedCountries: [], blockedCidrs: [] },
  });
}

function replyCode(reply: LightMyRequestResponse): string | undefined {
  try {
    return (JSON.parse(reply.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** Why the reply breaks the contract, or null: 5xx, or a JSON reply that is not the envelope. */
function envelopeProblem(reply: LightMyRequestResponse): string | null {
  if (reply.statusCode >= 500) return `status ${reply.statusCode} ${reply.body.slice(0, 200)}`;
  const type = String(reply.headers['content-type'] ?? '');
  // Successful images, redirects and the sandbox gateway's HTML page are not JSON calls.
  if (reply.statusCode < 400 && !type.includes('application/json')) return null;
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return `status ${reply.statusCode}, not JSON: ${reply.body.slice(0, 120)}`;
  }
  if (body === null || typeof body !== 'object') return 'not an envelope';
  const envelope = body as { success?: unknown; code?: unknown; message?: unknown };
  if (typeof envelope.success !== 'boolean') return 'no success flag';
  if (reply.statusCode >= 400 && envelope.success) return `status ${reply.statusCode} but success`;
  if (
    !envelope.success &&
    (typeof envelope.code !== 'string' || typeof envelope.message !== 'string')
  ) {
    return `failure without code and message: ${reply.body.slice(0, 120)}`;
  }
  return null;
}

import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Holds replies to the OpenAPI document (/docs/json) as a strict client would read it: the
 * reply's status is one the operation documents (exactly, by its range `4XX`, or `default`),
 * its media type is one that status documents, and a JSON body validates against that
 * status's schema with every documented object closed (no field the document does not list),
 * types, enums, formats and required fields checked. Used by tests/server/fuzz.test.ts.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Response = { description?: string; content?: Record<string, { schema?: JsonObject }> };
export type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components?: { schemas?: Record<string, JsonObject> };
};

// ajv-formats is CommonJS with its function as the default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const documentId = 'openapi';

/**
 * An OpenAPI 3.0 schema as a JSON Schema for ajv, made strict: `nullable` as a `null` type,
 * every object that does not say what else it holds closed (`additionalProperties: false`),
 * and `$ref`s pointed at the document's components.
 */
function strictSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    // Values, not schemas.
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'example') {
      out[key] = value;
      continue;
    }
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.replace('#/components/schemas/', `${documentId}#/definitions/`);
    } else if (key === 'properties' && value && typeof value === 'object') {
      // Property names are not schemas: only their values are.
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, strictSchema(property)]),
      );
    } else out[key] = strictSchema(value);
  }
  // OpenAPI 3.0's exclusive bounds are flags on minimum/maximum (draft 4).
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag]) out[flag] = out[bound] ?? null;
    else delete out[flag];
    if (out[flag] !== undefined) delete out[bound];
  }
  const isObject = out.type === 'object' || out.properties !== undefined;
  if (isObject && out.additionalProperties === undefined) out.additionalProperties = false;
  if (schema.nullable === true) {
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    } else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/** The documented response for a status: exact, then its range (`4XX`), then `default`. */
function documentedResponse(responses: Record<string, Response>, status: number) {
  return (
    responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default
  );
}

const mediaTypeOf = (reply: LightMyRequestResponse) =>
  String(reply.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

/** `image/svg+xml` is documented by `image/svg+xml`, `image/*` or `*\/*`. */
function documentedMedia(content: Record<string, unknown>, media: string) {
  const [kind] = media.split('/');
  return [media, `${kind}/*`, '*/*'].find((key) => key in content);
}

export function openApiReplyChecker(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const definitions = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [
      name,
      strictSchema(schema),
    ]),
  );
  ajv.addSchema({ $id: documentId, definitions } as object);
  const compiled = new Map<string, ValidateFunction>();

  /** Why the reply disagrees with the document, or null when the document describes it. */
  return function replyProblem(
    method: string,
    path: string,
    reply: LightMyRequestResponse,
  ): string | null {
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return `no operation ${method} ${path} in the document`;
    const responses = operation.responses ?? {};
    const status = reply.statusCode;
    const response = documentedResponse(responses, status);
    if (!response) {
      return `status ${status} not documented (documented: ${Object.keys(responses).join(', ')})`;
    }
    const content = response.content ?? {};
    if (reply.rawPayload.length === 0) return null;
    const media = mediaTypeOf(reply);
    const key = documentedMedia(content, media);
    if (!key) {
      const documented = Object.keys(content).join(', ') || 'no body';
      return `status ${status} sends ${media || 'a body without a type'}, documented: ${documented}`;
    }
    if (!media.includes('json')) return null;
    const schema = content[key]?.schema;
    if (!schema) return `status ${status}: no schema documented for ${key}`;
    const cacheKey = `${method} ${path} ${status} ${key}`;
    let validate = compiled.get(cacheKey);
    if (!validate) {
      validate = ajv.compile(strictSchema(schema) as object);
      compiled.set(cacheKey, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(reply.body);
    } catch {
      return `status ${status} says ${media} but is not JSON`;
    }
    if (validate(body)) return null;
    const [error] = validate.errors ?? [];
    const detail = error
      ? `${error.instancePath || '/'} ${error.message ?? ''}${
          error.keyword === 'additionalProperties'
            ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
            : ''
        }`
      : 'invalid';
    return `status ${status} body disagrees with its schema: ${detail}`;
  };
}

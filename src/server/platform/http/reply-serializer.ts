import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { safeEncode, type $ZodType } from 'zod/v4/core';

const jsonOf = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);

/**
 * The reply serializer: JSON.stringify, without running the route's response schema again on
 * every reply (re-validating the 5 kB bootstrap payload was a quarter of that call). The
 * response schemas stay on the routes for the OpenAPI document and the types.
 *
 * With `checked` (development and tests, never production) each reply is also encoded through
 * its schema, and a reply that is not exactly what the schema would send (a field the schema
 * does not declare, a wrong type, a missing field) fails the request loudly, so the test suites
 * hold every route to its schema while production skips the work.
 */
export function replySerializerCompiler(options: {
  checked: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!options.checked) return (data) => JSON.stringify(data);
    return (data) => checkedJson(schema, data, `${method} ${url}`);
  };
}

/**
 * The zod schema of a status's JSON body: the schema itself, its `properties` form, or the
 * `application/json` entry of a `{ description, content }` response (responses.ts), which
 * documents no JSON at all for an image or a page.
 */
function jsonSchemaOf(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  if ('content' in schema) {
    const content = (schema as { content: Record<string, { schema?: unknown }> }).content;
    return content['application/json']?.schema;
  }
  return 'properties' in schema ? (schema as { properties: unknown }).properties : schema;
}

/** JSON.stringify(data), after holding `data` to the route's response schema (see above). */
function checkedJson(schema: unknown, data: unknown, route: string): string {
  const zodSchema = jsonSchemaOf(schema) as $ZodType | undefined;
  if (!zodSchema) throw new Error(`reply of ${route} is JSON where its schema documents none`);
  const result = safeEncode(zodSchema, data);
  if (result.error) {
    throw new Error(`reply of ${route} does not match its schema`, { cause: result.error });
  }
  const json = JSON.stringify(data);
  if (!isDeepStrictEqual(jsonOf(result.data), json === undefined ? undefined : JSON.parse(json))) {
    throw new Error(`reply of ${route} holds more or other than its schema sends`);
  }
  return json as string;
}

/**
 * Sends a 200 reply serialised ahead (platform/http/json-template.ts) as JSON bytes. Outside
 * production (development and tests) the bytes are held to the route's 200 schema first, as the
 * serializer holds every other reply.
 */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer) {
  if (reply.server.config.nodeEnv !== 'production') {
    const schema = (reply.request.routeOptions.schema?.response as Record<string, unknown>)[200];
    checkedJson(
      schema,
      JSON.parse(bytes.toString('utf8')),
      `${reply.request.method} ${reply.request.routeOptions.url ?? ''}`,
    );
  }
  return reply.code(200).type('application/json; charset=utf-8').send(bytes);
}

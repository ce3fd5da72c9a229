import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
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
    const zodSchema = (
      schema && typeof schema === 'object' && 'properties' in schema
        ? (schema as { properties: unknown }).properties
        : schema
    ) as $ZodType;
    return (data) => {
      const result = safeEncode(zodSchema, data);
      if (result.error) {
        throw new Error(`reply of ${method} ${url} does not match its schema`, {
          cause: result.error,
        });
      }
      const json = JSON.stringify(data);
      if (
        !isDeepStrictEqual(jsonOf(result.data), json === undefined ? undefined : JSON.parse(json))
      ) {
        throw new Error(`reply of ${method} ${url} holds more or other than its schema sends`);
      }
      return json;
    };
  };
}

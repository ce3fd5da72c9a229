import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { testSite } from '../support/server.ts';

const site = testSite();

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Record<string, Json> }> };
  summary?: string;
};

async function openApiDocument() {
  const reply = await site.app.inject({ url: '/docs/json' });
  expect(reply.statusCode).toBe(200);
  return reply.json() as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Json> };
  };
}

/** Every `$ref` string anywhere in the document. */
function refsOf(value: Json, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsOf(item, found);
    }
  }
  return found;
}

describe('the OpenAPI document (/docs/json)', () => {
  it('is a valid OpenAPI document by a standard validator', async () => {
    const document = await openApiDocument();
    const validator = new Validator();
    const result = await validator.validate(document as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has no reference to a schema it does not define (the module tree included)', async () => {
    const document = await openApiDocument();
    const refs = refsOf(document as unknown as Json);
    expect(refs).toContain('#/components/schemas/ModuleNode');
    const missing = refs.filter((ref) => {
      const name = ref.replace('#/components/schemas/', '');
      return !ref.startsWith('#/components/schemas/') || !(name in document.components.schemas);
    });
    expect([...new Set(missing)]).toEqual([]);
  });

  it('describes the payload inside every (enc) body, with the answer and captcha fields', async () => {
    const document = await openApiDocument();
    const encCalls: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const properties = schema?.properties as Record<string, Json> | undefined;
        if (!properties?.enc) continue;
        encCalls.push(`${method.toUpperCase()} ${path}`);
        const payload = schema?.['x-enc-payload'] as { $ref?: string } | undefined;
        expect(payload?.$ref, `${method} ${path}`).toMatch(/^#\/components\/schemas\/\w+Input$/);
        const name = payload?.$ref?.split('/').pop() ?? '';
        expect(document.components.schemas[name], name).toBeTypeOf('object');
        expect(String(schema?.description), `${method} ${path}`).toContain('RSA-OAEP-256');
      }
    }
    // Every call that opens a JWE: login, trial, password, register (2), security (4),
    // authenticator (2), withdrawal (2).
    expect(encCalls.length).toBeGreaterThanOrEqual(14);
    const login = document.components.schemas.LoginPayloadInput as {
      properties: Record<string, { description?: string }>;
    };
    expect(login.properties.humanVerification?.description).toContain('HumanVerificationAnswer');
    expect(login.properties.captcha?.description).toContain('`cid` cookie');
    expect(document.components.schemas.HumanVerificationAnswer).toBeTypeOf('object');
  });
});

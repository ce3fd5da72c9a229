import { randomUUID } from 'node:crypto';

/**
 * Values built from the OpenAPI document's schemas (the approach of tests/server/fuzz.test.ts):
 * a value each schema accepts as far as a simple generator can tell, patterns approximated.
 * Tests that walk every operation of the document use it where they have no fixture.
 */

export type Schema = {
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
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  description?: string;
  'x-enc-payload'?: Schema;
};
export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
};
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
  responses?: Record<string, { description?: string }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Every operation of the document: `METHOD /path` with the path as the document spells it. */
export function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/** mulberry32: the same values on every run. */
export function prng(seed: number) {
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
export type Rng = ReturnType<typeof prng>;

export function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    current = document.components.schemas[current.$ref.split('/').pop() ?? ''] ?? {};
  }
  return current;
}

/** A value the schema accepts (every required field, half the optional ones). */
export function sample(
  document: OpenApiDocument,
  raw: Schema | undefined,
  rng: Rng,
  depth = 0,
): unknown {
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
  if (schema.format === 'date-time') {
    return new Date(Date.UTC(2026, 0, rng.int(1, 28))).toISOString();
  }
  if (schema.format === 'email') return `walk${rng.int(1, 9_999)}@example.com`;
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

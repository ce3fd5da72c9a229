import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Every exported schema of src/contract, with hostile text in its string fields: a clean zod
 * failure (or success), never a throw. A refinement that runs after a refused pattern and calls
 * `BigInt` on what it refused throws, and the route answers 500 instead of 400.
 */

const modules = import.meta.glob<Record<string, unknown>>('../../src/contract/**/*.ts', {
  eager: true,
});

/** Digits of other scripts, forms BigInt or Number read differently, and text no column stores. */
const hostile = [
  '\u0b68', // Oriya two
  '\u0968\u0966', // Devanagari 20
  '\u09e7\u09e6\u09e6', // Bengali 100
  '\u0662', // Arabic-Indic two
  '\uff11', // full-width one
  '\u{1d7d9}', // mathematical double-struck one
  '1e3',
  '0x1f',
  '0b1',
  ' 1',
  '1 ',
  '+1',
  '-1',
  '1.5',
  '1_000',
  'Infinity',
  'NaN',
  '',
  '0',
  '00',
  '9'.repeat(400),
  'a\u0000',
  '\ud800',
] as const;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/**
 * A value of the schema's shape with `text` in every string field (recursively); the other
 * leaves take a plausible value, so object refinements run over the hostile field.
 */
function fill(schema: z.ZodType, text: string, depth = 0): unknown {
  if (depth > 8) return text;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      return Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, fill(field, text, depth + 1)]),
      );
    }
    case 'array':
      return [fill(def.element as z.ZodType, text, depth + 1)];
    case 'record':
      return { key: fill(def.valueType as z.ZodType, text, depth + 1) };
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => fill(item, text, depth + 1));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fill(def.innerType as z.ZodType, text, depth + 1);
    case 'pipe':
      return fill(def.in as z.ZodType, text, depth + 1);
    case 'lazy':
      return fill((def.getter as () => z.ZodType)(), text, depth + 1);
    case 'union':
      return fill((def.options as z.ZodType[])[0] as z.ZodType, text, depth + 1);
    case 'intersection':
      return fill(def.left as z.ZodType, text, depth + 1);
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'number':
    case 'int':
      return 1;
    case 'bigint':
      return 1n;
    case 'boolean':
      return true;
    case 'date':
      return new Date(0);
    default:
      return text;
  }
}

/** The unions' other options, each filled: every branch gets its turn. */
function variants(schema: z.ZodType, text: string): unknown[] {
  const def = defOf(schema);
  if (def.type === 'union') {
    return (def.options as z.ZodType[]).flatMap((option) => variants(option, text));
  }
  return [fill(schema, text), text];
}

const schemas: { name: string; schema: z.ZodType }[] = [];
for (const [path, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
  const file = path.replace('../../src/contract/', '');
  for (const [name, value] of Object.entries(module)) {
    if (value instanceof z.ZodType) schemas.push({ name: `${file}: ${name}`, schema: value });
  }
}

describe('contract schemas over hostile text', () => {
  it('finds the schemas of every contract file, the amount schemas among them', () => {
    const names = schemas.map((entry) => entry.name);
    expect(names).toContain('missions.ts: referralRulesBodySchema');
    expect(names).toContain('missions.ts: missionBodySchema');
    expect(names).toContain('seamless.ts: stakeSchema');
    expect(names).toContain('records.ts: positiveMinorSchema');
    expect(schemas.length).toBeGreaterThan(100);
  });

  it.each(schemas.map((entry) => [entry.name, entry.schema] as const))(
    '%s fails cleanly, never throws',
    (_name, schema) => {
      for (const text of hostile) {
        for (const input of variants(schema, text)) {
          let result: { success: boolean } | undefined;
          expect(
            () => {
              result = schema.safeParse(input);
            },
            `${JSON.stringify(text)} in ${JSON.stringify(input)?.slice(0, 200)}`,
          ).not.toThrow();
          expect(typeof result?.success).toBe('boolean');
        }
      }
    },
  );

  it('an amount in other digits is an issue of its field', () => {
    const referral = schemas.find((entry) => entry.name === 'missions.ts: referralRulesBodySchema');
    const result = referral?.schema.safeParse({
      enabled: true,
      reward: '\u0b68',
      minDeposit: '0',
      minTurnover: '0',
    });
    expect(result?.success).toBe(false);
    expect(result?.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['reward']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  transferReferenceBodySchema,
  transferReferencePattern,
} from '../../src/contract/deposit.ts';

/** How a browser compiles an input's `pattern` attribute (HTML: anchored, with the v flag). */
const browserPattern = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

describe('the bank transfer reference rule', () => {
  it('is a regular expression a browser can compile for the pattern attribute', () => {
    expect(() => browserPattern(transferReferencePattern)).not.toThrow();
  });

  it('accepts a bank reference and refuses a too short, too long or foreign one in the field', () => {
    const field = browserPattern(transferReferencePattern);
    expect(field.test('BDO-778899')).toBe(true);
    expect(field.test('INV 2026/07_1.a')).toBe(true);
    expect(field.test('abc')).toBe(false);
    expect(field.test('x'.repeat(65))).toBe(false);
    expect(field.test(`BDO-${'7'.repeat(496)}`)).toBe(false);
    expect(field.test('BDO<778899>')).toBe(false);
  });

  it('the schema refuses a 500-character reference instead of shortening it', () => {
    const parsed = transferReferenceBodySchema.safeParse({ reference: 'R'.repeat(500) });
    expect(parsed.success).toBe(false);
    expect(transferReferenceBodySchema.parse({ reference: ' BDO-778899 ' })).toEqual({
      reference: 'BDO-778899',
    });
  });
});

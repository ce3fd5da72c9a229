import { describe, expect, it } from 'vitest';
import { createRecordRemarks } from '../../src/server/areas/wallet/record-remarks.ts';

describe('record remarks', () => {
  it('names owned references with one call per prefix; an operator note stays as written', async () => {
    const remarks = createRecordRemarks();
    const calls: string[][] = [];
    remarks.register({
      prefix: 'promotion',
      names: async (ids, language) => {
        calls.push([...ids]);
        return new Map(ids.filter((id) => id !== '9').map((id) => [id, `${language} #${id}`]));
      },
    });
    const remarkOf = await remarks.remarksOf(
      ['promotion:4', 'promotion:4', 'promotion:5', 'promotion:9', 'Diwali: bonus'],
      'en',
    );
    expect(calls).toEqual([['4', '5', '9']]);
    expect(remarkOf('promotion:4')).toBe('en #4');
    // Owned but unknown: no remark rather than the key.
    expect(remarkOf('promotion:9')).toBeNull();
    expect(remarkOf('Diwali: bonus')).toBe('Diwali: bonus');
  });

  it('refuses a second source for a prefix and a malformed prefix', () => {
    const remarks = createRecordRemarks();
    const source = { prefix: 'mission', names: async () => new Map<string, string>() };
    remarks.register(source);
    expect(() => remarks.register(source)).toThrow(/already registered/);
    expect(() => remarks.register({ ...source, prefix: 'Bad Prefix' })).toThrow(/not allowed/);
  });
});

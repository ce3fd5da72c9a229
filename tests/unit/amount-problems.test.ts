import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '../../src/contract/constants.ts';
import { amountTextProblem } from '../../src/contract/amount-text.ts';
import type { AmountProblem } from '../../src/machines/deposit.machine.ts';

const problems: Record<AmountProblem, true> = {
  empty: true,
  negative: true,
  exponent: true,
  notNumber: true,
  tooManyDecimals: true,
  zero: true,
  belowMin: true,
  aboveMax: true,
};

describe('amount problems', () => {
  it('tell apart how an amount is written wrong', () => {
    expect(amountTextProblem('-500')).toBe('negative');
    expect(amountTextProblem('abc')).toBe('notNumber');
    expect(amountTextProblem('1e5')).toBe('exponent');
    expect(amountTextProblem('1.5E+3')).toBe('exponent');
    expect(amountTextProblem('12.345')).toBe('tooManyDecimals');
    expect(amountTextProblem('  ')).toBe('empty');
    expect(amountTextProblem('1'.repeat(16))).toBe('tooLong');
    expect(amountTextProblem('1,500.50')).toBeNull();
    expect(amountTextProblem('0.5')).toBeNull();
  });

  it.each(languages)('each has its own deposit message in %s', (language) => {
    const texts = JSON.parse(
      readFileSync(
        new URL(`../../src/services/i18n/locales/${language}/deposit.json`, import.meta.url),
        'utf8',
      ),
    ) as { amount: { problem: Record<string, string> } };
    const messages = Object.keys(problems).map((key) => texts.amount.problem[key]);
    expect(messages.every((text) => typeof text === 'string' && text.trim() !== '')).toBe(true);
    expect(new Set(messages).size).toBe(messages.length);
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '../../src/contract/money.ts';
import { formatDateTime, localeOf } from '../../src/contract/locale.ts';
import { recordWording } from '../../src/ui/member-center/pages/record-wording.ts';

const rupees = (amount: bigint, locale: string) =>
  formatMoney(amount, { currencyCode: 'INR', currencySymbol: '₹', locale });

describe('formatMoney: the site currency with Intl in the page locale', () => {
  it.each(['en-IN', 'hi-IN', 'bn-IN'])(
    '%s groups in thousands by default (the spec), in Latin digits',
    (locale) => {
      expect(rupees(10_000_000n, locale)).toBe('₹100,000.00');
      expect(rupees(1_234_567_890n, locale)).toBe('₹12,345,678.90');
      expect(rupees(-50n, locale)).toBe('-₹0.50');
      expect(rupees(0n, locale)).toBe('₹0.00');
      expect(rupees(99_999n, locale)).toBe('₹999.99');
    },
  );

  it.each(['en-IN', 'hi-IN', 'bn-IN'])(
    "%s groups the locale's way with grouping 'locale'",
    (locale) => {
      const format = {
        currencyCode: 'INR',
        currencySymbol: '₹',
        locale,
        grouping: 'locale' as const,
      };
      expect(formatMoney(10_000_000n, format)).toBe('₹1,00,000.00');
      expect(formatMoney(1_234_567_890n, format)).toBe('₹1,23,45,678.90');
    },
  );

  it("keeps each locale's group separator in thousands", () => {
    expect(formatMoney(123_456_789n, { currencyCode: 'EUR', locale: 'de-DE' })).toBe(
      '1.234.567,89\u00a0€',
    );
    expect(formatMoney(123_456_789n, 'P')).toBe('P 1,234,567.89');
  });

  it('is exact for amounts no float can hold', () => {
    expect(rupees(123_456_789_012_345_67n, 'en-IN')).toBe('₹123,456,789,012,345.67');
  });

  it("shows the site's symbol in the place the code's locale gives it", () => {
    expect(
      formatMoney(123_456n, { currencyCode: 'USD', currencySymbol: 'US$', locale: 'en' }),
    ).toBe('US$1,234.56');
    expect(formatMoney(123_456n, { currencyCode: 'INR', locale: 'en-IN' })).toBe('₹1,234.56');
  });

  it("keeps the spec's 'P' form where nothing is set, and a bad code as a symbol", () => {
    expect(formatMoney(123_456n)).toBe('P 1,234.56');
    expect(formatMoney(-123_456n, 'P')).toBe('-P 1,234.56');
    expect(formatMoney(500n, { currencyCode: '1$3' })).toBe('1$3 5.00');
  });

  it('round-trips with parseMoney', () => {
    for (const text of ['0.01', '999.99', '1,00,000.50']) {
      const minor = parseMoney(text);
      expect(parseMoney(rupees(minor, 'hi-IN').replace('₹', ''))).toBe(minor);
    }
  });
});

describe('formatDateTime: dates and times in the page language', () => {
  const at = new Date('2026-11-25T09:25:00Z');
  const zone = { timeZone: 'Asia/Kolkata' };

  it('writes the Hindi and Bengali time of day in words, never "pm"', () => {
    const hindi = formatDateTime(at, 'hi', zone);
    expect(hindi).toContain('दोपहर 2:55');
    expect(hindi).not.toMatch(/[ap]m/i);
    const bengali = formatDateTime(at, 'bn', zone);
    expect(bengali).toContain('2:55');
    expect(bengali).not.toMatch(/[ap]m/i);
  });

  it('keeps the English form in English, the date alone on request', () => {
    expect(formatDateTime(at, 'en', zone)).toBe('25 Nov 2026, 2:55 pm');
    expect(formatDateTime(at, 'en', { ...zone, time: false })).toBe('25 Nov 2026');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
    expect(localeOf('hi')).toBe('hi-IN');
  });
});

describe('recordWording: a record row in the player words', () => {
  it('names the movement from the structured fields, never a reference', () => {
    expect(
      recordWording({
        kind: 'transfer_out',
        amount: '-500',
        counterparty: { type: 'upline', name: 'Demo Agent 1' },
        remark: null,
      }),
    ).toEqual({ movementKey: 'movements.transfer_out.upline', detail: 'Demo Agent 1' });
    expect(
      recordWording({
        kind: 'transfer_in',
        amount: '500',
        counterparty: { type: 'mainWallet', name: null },
        remark: null,
      }),
    ).toEqual({ movementKey: 'movements.transfer_in.mainWallet', detail: '' });
    expect(
      recordWording({ kind: 'adjustment', amount: '-100', counterparty: null, remark: null }),
    ).toEqual({ movementKey: 'movements.adjustment.debit', detail: '' });
    expect(
      recordWording({ kind: 'bonus', amount: '100', counterparty: null, remark: 'Welcome bonus' }),
    ).toEqual({ movementKey: 'kinds.bonus', detail: 'Welcome bonus' });
  });
});

/**
 * Money is integer minor units (bigint), never floats. Two decimals on every currency we show.
 */
export type Minor = bigint;

const MONEY_PATTERN = /^(-)?(\d{1,15})(?:\.(\d{1,2}))?$/;

/** Parses a decimal string such as "1,234.5" into minor units; throws on anything else. */
export function parseMoney(text: string): Minor {
  const match = MONEY_PATTERN.exec(text.replaceAll(',', '').trim());
  if (!match) throw new RangeError(`not an amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const minor = BigInt(whole ?? '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -minor : minor;
}

export function addMoney(...amounts: Minor[]): Minor {
  return amounts.reduce((sum, amount) => sum + amount, 0n);
}

/**
 * How the digits of an amount are grouped (the MONEY_GROUPING setting): `thousands`, the spec's
 * thousands commas in every language (1,234,567.89), or `locale`, the locale's own choice
 * (12,34,567.89 in the Indian locales).
 */
export const moneyGroupings = ['thousands', 'locale'] as const;
export type MoneyGrouping = (typeof moneyGroupings)[number];

/** The site's money as the settings give it; what is missing falls back (see formatMoney). */
export type CurrencyFormat = {
  /** ISO 4217 code (INR); decides where the symbol stands and its spacing in each locale. */
  currencyCode?: string | null;
  /** What is shown for the currency (₹); the code's own symbol when not set. */
  currencySymbol?: string | null;
  /** BCP 47 locale (hi-IN, en-IN, bn-IN): symbol placement, separators, signs. */
  locale?: string;
  /** Thousands (the default: 100,000.00) or the locale's grouping (1,00,000.00 in India). */
  grouping?: MoneyGrouping;
};

/** The whole number's digits in groups of three, joined by the locale's group separator. */
function inThousands(parts: Intl.NumberFormatPart[]): Intl.NumberFormatPart[] {
  const separator = parts.find((part) => part.type === 'group')?.value ?? ',';
  const digits = parts.flatMap((part) => (part.type === 'integer' ? [part.value] : [])).join('');
  const value = digits.replace(/\B(?=(\d{3})+$)/g, separator);
  let placed = false;
  return parts.flatMap((part) => {
    if (part.type === 'group' || (part.type === 'integer' && placed)) return [];
    if (part.type !== 'integer') return [part];
    placed = true;
    return [{ type: 'integer', value }];
  });
}

/** Latin digits in every locale: the digits a player types in the amount fields. */
function latinDigits(locale: string): string {
  return locale.includes('-u-') ? locale : `${locale}-u-nu-latn`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, currencyCode: string | null): Intl.NumberFormat {
  const key = `${locale}|${currencyCode ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(latinDigits(locale), {
      ...(currencyCode
        ? { style: 'currency', currency: currencyCode, currencyDisplay: 'narrowSymbol' }
        : { style: 'decimal' }),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * An amount for people, with `Intl` in the page's locale and thousands commas (spec section 9):
 * "₹100,000.50" (INR, ₹, en-IN or hi-IN), or "₹1,00,000.50" with the locale's grouping.
 * Without a currency code, the spec's form: the symbol, a space, the number ("P 1,234.50",
 * 'P' when nothing is set). The exact decimal goes to Intl as a string, never through a float.
 *
 * @example formatMoney(10_000_000n, { currencyCode: 'INR', currencySymbol: '₹', locale: 'hi-IN' })
 * // "₹100,000.00"
 */
export function formatMoney(amount: Minor, format: CurrencyFormat | string = {}): string {
  const given = typeof format === 'string' ? { currencySymbol: format } : format;
  const locale = given.locale ?? 'en-IN';
  // Intl refuses a code that is not three letters: such a code is shown as a symbol would be.
  const code = given.currencyCode ?? '';
  const currencyCode = /^[A-Za-z]{3}$/.test(code) ? code : null;
  const currencySymbol = given.currencySymbol || (currencyCode ? null : code) || null;
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const decimal = `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  // Intl takes an exact decimal string (ES2023); the type still says number.
  const formatted = numberFormat(locale, currencyCode).formatToParts(decimal as unknown as number);
  const parts = given.grouping === 'locale' ? formatted : inThousands(formatted);
  if (!currencyCode) {
    const number = parts.map((part) => part.value).join('');
    const sign = number.startsWith('-') ? '-' : '';
    return `${sign}${currencySymbol || 'P'} ${sign ? number.slice(1) : number}`;
  }
  return parts
    .map((part) => (part.type === 'currency' && currencySymbol ? currencySymbol : part.value))
    .join('');
}

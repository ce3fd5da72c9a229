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

/** The site's money as the settings give it; what is missing falls back (see formatMoney). */
export type CurrencyFormat = {
  /** ISO 4217 code (INR); decides where the symbol stands and its spacing in each locale. */
  currencyCode?: string | null;
  /** What is shown for the currency (₹); the code's own symbol when not set. */
  currencySymbol?: string | null;
  /** BCP 47 locale (hi-IN, en-IN, bn-IN): grouping (1,00,000.00 in India), signs. */
  locale?: string;
};

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
 * An amount for people, with `Intl` in the page's locale: "₹1,00,000.50" (INR, ₹, en-IN or
 * hi-IN). Without a currency code, the spec's form: the symbol, a space, the number ("P 1,234.50",
 * 'P' when nothing is set). The exact decimal goes to Intl as a string, never through a float.
 *
 * @example formatMoney(10_000_000n, { currencyCode: 'INR', currencySymbol: '₹', locale: 'hi-IN' })
 * // "₹1,00,000.00"
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
  const parts = numberFormat(locale, currencyCode).formatToParts(decimal as unknown as number);
  if (!currencyCode) {
    const number = parts.map((part) => part.value).join('');
    const sign = number.startsWith('-') ? '-' : '';
    return `${sign}${currencySymbol || 'P'} ${sign ? number.slice(1) : number}`;
  }
  return parts
    .map((part) => (part.type === 'currency' && currencySymbol ? currencySymbol : part.value))
    .join('');
}

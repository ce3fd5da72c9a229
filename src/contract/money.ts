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

/** "P 1,234.50": two decimals, thousands commas, the currency symbol in front. */
export function formatMoney(amount: Minor, currencySymbol = 'P'): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${currencySymbol} ${whole}.${fraction}`;
}

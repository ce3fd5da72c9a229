/**
 * What is wrong with an amount as a player typed it, before any limit: each kind has its own
 * message in the app ("-500" is negative, "1e5" is not written out, "abc" is no number...).
 */
export const amountTextProblems = [
  'empty',
  'negative',
  'exponent',
  'notNumber',
  'tooManyDecimals',
  'tooLong',
] as const;
export type AmountTextProblem = (typeof amountTextProblems)[number];

/** The most fitting problem of `text` (commas allowed as thousands separators), or null. */
export function amountTextProblem(text: string): AmountTextProblem | null {
  const plain = text.replaceAll(',', '').trim();
  if (plain === '') return 'empty';
  if (/^-/.test(plain)) return 'negative';
  if (/^\+?(\d+\.?\d*|\.\d+)e[+-]?\d*$/i.test(plain)) return 'exponent';
  const match = /^\+?(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match) return 'notNumber';
  const [, whole = '', fraction] = match;
  if (fraction !== undefined && fraction.length > 2) return 'tooManyDecimals';
  if (fraction === '') return 'notNumber'; // "12." is not finished
  if (whole.replace(/^0+(?=\d)/, '').length > 15) return 'tooLong';
  return null;
}

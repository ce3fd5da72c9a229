import { constants } from '../../../contract/constants.ts';
import { parseMoney, type Minor } from '../../../contract/money.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { usePermission } from '../../hooks/use-permission.ts';
import { Field, type FieldProps } from './field.tsx';

/** The site's currency symbol (settings), 'P' until the configuration is read. */
export function useCurrencySymbol(): string {
  return usePermission()?.settings.currencySymbol || constants.currencySymbol;
}

/** "₹100,000.50" in the site's currency and the page's language (useFormat), from minor units. */
export function useMoney(): (minor: string | Minor) => string {
  return useFormat().money;
}

/** Minor units of what the player typed ("1,234.5"), or null when it is not an amount. */
export function parseTypedMoney(typed: string): Minor | null {
  try {
    return parseMoney(typed);
  } catch {
    return null;
  }
}

/** Minor units (wire string) of a typed amount above 0, or null. */
export function amountFromInput(typed: string): string | null {
  const minor = parseTypedMoney(typed);
  return minor !== null && minor > 0n ? minor.toString() : null;
}

/**
 * An amount in the site's currency: the symbol before the input, decimal keyboard. Read the
 * value with `parseTypedMoney` / `amountFromInput` (integer minor units, never floats).
 */
export function MoneyField(field: FieldProps) {
  const symbol = useCurrencySymbol();
  return <Field inputMode="decimal" autoComplete="off" prefix={symbol} {...field} />;
}

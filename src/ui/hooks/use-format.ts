import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { constants } from '../../contract/constants.ts';
import { formatDateTime, localeOf } from '../../contract/locale.ts';
import { formatMoney, type Minor } from '../../contract/money.ts';
import { usePermission } from './use-permission.ts';

export type Formats = {
  /** BCP 47 locale of the page's language (hi-IN, en-IN, bn-IN). */
  locale: string;
  /** Minor units (bigint or the wire's string) in the site's currency: "₹100,000.00". */
  money: (minor: string | Minor) => string;
  /** A date and time: "25 नव॰ 2026, दोपहर 2:55"; the raw text when it is not a date. */
  dateTime: (value: string | number | Date) => string;
  /** A date alone: "25 Nov 2026". */
  date: (value: string | number | Date) => string;
  /** A time of day alone: "दोपहर 2:55", "2:55 pm". */
  time: (value: string | number | Date) => string;
};

/**
 * The one formatter of amounts, dates and times on the page: the site's currency (code and
 * symbol from the settings; the spec's 'P' until they are read), the settings' digit grouping
 * (thousands unless MONEY_GROUPING=locale) and the page's language.
 */
export function useFormat(): Formats {
  const { i18n } = useTranslation();
  const settings = usePermission()?.settings;
  const currencyCode = settings?.currencyCode ?? null;
  const currencySymbol = settings?.currencySymbol || constants.currencySymbol;
  const grouping = settings?.moneyGrouping ?? 'thousands';
  const language = i18n.language;
  return useMemo(() => {
    const locale = localeOf(language);
    return {
      locale,
      money: (minor) =>
        formatMoney(typeof minor === 'bigint' ? minor : BigInt(minor), {
          currencyCode,
          currencySymbol,
          locale,
          grouping,
        }),
      dateTime: (value) => formatDateTime(value, language),
      date: (value) => formatDateTime(value, language, { time: false }),
      time: (value) => formatDateTime(value, language, { date: false }),
    };
  }, [language, currencyCode, currencySymbol, grouping]);
}

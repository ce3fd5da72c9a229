import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { FailureDetail } from '../../../contract/envelope.ts';
import type { BankAccount } from '../../../contract/withdrawal.ts';
import type { withdrawalMachine } from '../../../machines/withdrawal.machine.ts';

/** The withdrawal page's actor, which the page's forms send their requests to. */
export type PageRef = ActorRefFrom<typeof withdrawalMachine>;

/**
 * The message for an error code (server codes and the page's own); a wrong payment password
 * says the tries left, a lock until when (in the page's language).
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('withdraw');
  return (code: string | null, detail?: FailureDetail | null) => {
    if (!code) return null;
    if (code === 'payment_password_wrong' && detail?.remainingTries !== undefined) {
      return t('errors.payment_password_wrong_tries', { tries: detail.remainingTries });
    }
    if (code === 'payment_password_locked' && detail?.lockedUntil) {
      const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
        new Date(detail.lockedUntil),
      );
      return t('errors.payment_password_locked_until', { time });
    }
    return t(`errors.${code}`, { defaultValue: t('errors.unknown') });
  };
}

/** A payout account as the page names it: its bank (or "UPI") and where it pays, masked. */
export function usePayoutLabel() {
  const { t } = useTranslation('withdraw');
  return (account: BankAccount) => `${account.bankName ?? t('bank.upi')} ${account.maskedNumber}`;
}

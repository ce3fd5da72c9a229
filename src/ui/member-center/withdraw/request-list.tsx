import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal, WithdrawInfo } from '../../../contract/withdrawal.ts';
import { useMoney } from '../../components/form/money-field.tsx';
import { useFormat } from '../../hooks/use-format.ts';
import { Confirmation } from './withdrawal-confirmation.tsx';

function StatusBadge({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('withdraw');
  const key =
    withdrawal.status === 'confirmed'
      ? withdrawal.confirmedBy === 'auto'
        ? 'autoConfirmed'
        : (withdrawal.confirmation ?? 'confirmed')
      : withdrawal.status;
  return (
    <span className={`wd-badge wd-badge--${withdrawal.status}`} data-testid="withdraw-status">
      {t(`status.${key}`)}
    </span>
  );
}

/** The player's requests, newest first; a paid one asks for its confirmation. */
export function RequestList({
  info,
  onConfirmed,
}: {
  info: WithdrawInfo;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation('withdraw');
  const money = useMoney();
  const [confirming, setConfirming] = useState<number | null>(null);
  const { dateTime } = useFormat();
  if (info.withdrawals.length === 0) {
    return (
      <p className="wd-muted" data-testid="withdraw-empty">
        {t('list.empty')}
      </p>
    );
  }
  return (
    <ul className="wd-list" data-testid="withdraw-list">
      {info.withdrawals.map((withdrawal) => (
        <li key={withdrawal.id} className="wd-item" data-testid={`withdraw-item-${withdrawal.id}`}>
          <div className="wd-item__line">
            <strong className="wd-item__amount">{money(withdrawal.amount)}</strong>
            <StatusBadge withdrawal={withdrawal} />
          </div>
          <div className="wd-item__line wd-muted">
            <span data-testid="withdraw-paid-to">
              {t('list.paidTo', {
                method: t(`method.${withdrawal.payoutMethod}`),
                to: withdrawal.bankAccount.bankName
                  ? `${withdrawal.bankAccount.bankName} ${withdrawal.paidTo}`
                  : withdrawal.paidTo,
              })}
            </span>
            <time dateTime={withdrawal.createdAt}>{dateTime(withdrawal.createdAt)}</time>
          </div>
          {withdrawal.rejectReason ? (
            <p className="wd-muted">{t('list.reason', { reason: withdrawal.rejectReason })}</p>
          ) : null}
          {withdrawal.status === 'confirmed' &&
          withdrawal.confirmation === 'partlyReceived' &&
          withdrawal.receivedAmount ? (
            <p className="wd-muted">
              {t('list.received', { amount: money(withdrawal.receivedAmount) })}
            </p>
          ) : null}
          {/* The confirmation stays once opened: the list re-read after it ends no longer
              says 'paid', and the thank-you (or closed) note must not vanish with it. */}
          {confirming === withdrawal.id ? (
            <Confirmation withdrawal={withdrawal} onDone={onConfirmed} />
          ) : withdrawal.status === 'paid' ? (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setConfirming(withdrawal.id)}
              data-testid="withdraw-confirm-open"
            >
              {t('list.confirm')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

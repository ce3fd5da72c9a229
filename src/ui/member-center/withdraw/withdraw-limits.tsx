import { useTranslation } from 'react-i18next';
import type { WithdrawInfo } from '../../../contract/withdrawal.ts';
import { useMoney } from '../../components/form/money-field.tsx';
import { useFormat } from '../../hooks/use-format.ts';

/**
 * The limits, shown before the player types: per withdrawal, per day and what is left today
 * (the operator's day: until when), and what can be withdrawn now, the bonus hold said plainly.
 */
export function WithdrawLimits({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation('withdraw');
  const money = useMoney();
  const { time } = useFormat();
  const { limits } = info;
  return (
    <div className="wd-limits" data-testid="withdraw-limits">
      <p className="wd-limits__now" data-testid="withdraw-withdrawable">
        {BigInt(info.held) > 0n
          ? t('limits.withdrawableHeld', {
              amount: money(info.withdrawable),
              held: money(info.held),
              turnover: money(info.turnoverNeeded),
            })
          : t('limits.withdrawable', { amount: money(info.withdrawable) })}
      </p>
      <ul className="wd-limits__list" aria-label={t('limits.title')}>
        <li>
          {t('limits.perRequest', { min: money(limits.minAmount), max: money(limits.maxAmount) })}
        </li>
        <li>{t('limits.perDay', { n: limits.dailyCount, amount: money(limits.dailyAmount) })}</li>
        <li data-testid="withdraw-limits-left">
          {t('limits.left', {
            time: time(limits.resetsAt),
            n: limits.remainingCount,
            amount: money(limits.remainingAmount),
          })}
        </li>
      </ul>
    </div>
  );
}

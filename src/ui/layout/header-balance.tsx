import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { useFormat } from '../hooks/use-format.ts';
import { useMemberCenterFlows } from '../member-center/member-center-flows.ts';
import { useSession } from '../identity/identity-flows.ts';
import '../member-center/member-center.css';

const iconProps = {
  viewBox: '0 0 24 24',
  width: '1em',
  height: '1em',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

const RefreshIcon = () => (
  <svg {...iconProps}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5M4 4v3h3M4 13a8 8 0 0 0 14.6 4.5M20 20v-3h-3" />
  </svg>
);
const EyeIcon = () => (
  <svg {...iconProps}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
const EyeOffIcon = () => (
  <svg {...iconProps}>
    <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
);

/** The figure as the header shows it: masked, not read yet, or money in the site's currency. */
export function balanceText(
  balance: string | null,
  hidden: boolean,
  money: (minor: string) => string,
): string {
  if (hidden) return '***';
  if (balance === null) return '…';
  return money(balance);
}

/**
 * The logged-in header's wallet balance (spec section 2): 2 decimals, thousands commas and
 * the currency symbol, live from the real-time channel; a refresh button re-reads it and an
 * eye button masks it as '***' (kept across visits). `children` come first on its row (the
 * member's points): on a phone the row sits under the header's top row, so the name keeps its room.
 */
export function HeaderBalance({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation('member-center');
  const session = useSession();
  const { headerBalance } = useMemberCenterFlows();
  const balance = useSelector(session, (s) => s.context.balance);
  const hidden = useSelector(headerBalance, (s) => s.context.hidden);
  const refreshing = useSelector(headerBalance, (s) => s.hasTag('busy'));
  const failed = useSelector(headerBalance, (s) => s.matches('failed'));
  const text = balanceText(balance, hidden, useFormat().money);

  return (
    <div className="hb" data-testid="header-balance">
      {children}
      <span className="hb__label">{t('balance.label')}</span>
      <span
        className="hb__value"
        data-testid="header-balance-value"
        aria-live="polite"
        aria-busy={refreshing}
      >
        {hidden ? (
          <>
            <span aria-hidden="true">{text}</span>
            <span className="visually-hidden">{t('balance.hidden')}</span>
          </>
        ) : balance === null ? (
          <>
            <span aria-hidden="true">{text}</span>
            <span className="visually-hidden">{t('balance.notRead')}</span>
          </>
        ) : (
          text
        )}
      </span>
      <button
        type="button"
        className={`hb__button${refreshing ? ' hb__button--busy' : ''}`}
        onClick={() => headerBalance.send({ type: 'user.refresh' })}
        disabled={refreshing}
        aria-label={t('balance.refresh')}
        title={t('balance.refresh')}
        data-testid="header-balance-refresh"
      >
        <RefreshIcon />
      </button>
      <button
        type="button"
        className="hb__button"
        onClick={() => headerBalance.send({ type: 'user.toggleVisibility' })}
        aria-pressed={hidden}
        aria-label={t('balance.hide')}
        title={hidden ? t('balance.show') : t('balance.hide')}
        data-testid="header-balance-toggle"
      >
        {hidden ? <EyeOffIcon /> : <EyeIcon />}
      </button>
      {failed && (
        <span className="hb__failed" role="alert" data-testid="header-balance-failed">
          {t('balance.refreshFailed')}
        </span>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { useWithdrawFlows } from '../withdraw/withdraw-flows.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { Spinner } from '../../components/spinner.tsx';
import { FormError } from '../../components/form/field.tsx';
import { FormSection } from '../../components/form/form-section.tsx';
import { useMoney } from '../../components/form/money-field.tsx';
import { useErrorText, usePayoutLabel } from '../withdraw/withdraw-page-ref.ts';
import { WithdrawLimits } from '../withdraw/withdraw-limits.tsx';
import { usePermission } from '../../hooks/use-permission.ts';
import { ifscCurrency } from '../../../contract/withdrawal.ts';
import { PaymentPasswordForm } from '../withdraw/payment-password-form.tsx';
import { BankAccountForm } from '../withdraw/bank-account-form.tsx';
import { RequestForm } from '../withdraw/request-form.tsx';
import { RequestList } from '../withdraw/request-list.tsx';
import '../../identity/identity.css';
import './withdraw.css';

/** The withdrawal page of the member center (page key `withdraw`). */
export default function WithdrawPage() {
  const { t } = useTranslation('withdraw');
  const withdraw = useWithdrawFlows();
  const session = useSession();
  const page = useActorRef(withdraw.withdrawal);
  const step = useSelector(page, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('loadFailed')
        ? 'loadFailed'
        : s.matches('submitted')
          ? 'submitted'
          : s.matches('ready')
            ? 'ready'
            : 'working',
  );
  const info = useSelector(page, (s) => s.context.info);
  const error = useSelector(page, (s) => s.context.error);
  const errorDetail = useSelector(page, (s) => s.context.errorDetail);
  const errorStep = useSelector(page, (s) => s.context.errorStep);
  const saved = useSelector(page, (s) => s.context.saved);
  const last = useSelector(page, (s) => s.context.last);
  const money = useMoney();
  const errorText = useErrorText();
  const payoutLabel = usePayoutLabel();
  // A site paid in rupees takes UPI IDs besides bank accounts.
  const inr = usePermission()?.settings.currencyCode === ifscCurrency;
  const refresh = useCallback(() => page.send({ type: 'user.refresh' }), [page]);

  // An approval or rejection arriving on the channel re-reads the list (its status changed).
  const latestWithdrawNote = useSelector(session, (s) =>
    s.context.notifications.find(
      (n) => n.kind === 'withdrawApproved' || n.kind === 'withdrawRejected',
    ),
  );
  const seen = useRef(latestWithdrawNote?.id ?? null);
  useEffect(() => {
    if (!latestWithdrawNote || seen.current === latestWithdrawNote.id) return;
    seen.current = latestWithdrawNote.id;
    page.send({ type: 'user.refresh' });
  }, [latestWithdrawNote, page]);

  return (
    <div className="wd-page" data-testid="withdraw-page">
      <h2 className="wd-page__title">{t('title')}</h2>
      {step === 'loading' && !info ? (
        <div data-testid="withdraw-loading">
          <Spinner />
        </div>
      ) : null}
      {step === 'loadFailed' ? (
        <div className="form-section" role="alert">
          <p>{errorText(error)}</p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => page.send({ type: 'user.retry' })}
          >
            {t('form.retry')}
          </button>
        </div>
      ) : null}
      {info && saved && step === 'ready' ? (
        <p className="wd-success" role="status" data-testid="withdraw-saved">
          {t(`saved.${saved}`)}
        </p>
      ) : null}
      {info ? (
        <>
          {!info.paymentPasswordSet ? <PaymentPasswordForm page={page} /> : null}
          <FormSection title={t(inr ? 'bank.titleInr' : 'bank.title')} testId="withdraw-accounts">
            {info.bankAccounts.length === 0 ? (
              <p className="wd-muted">{t('bank.none')}</p>
            ) : (
              <ul className="wd-accounts">
                {info.bankAccounts.map((account) => (
                  <li key={account.id} className="wd-account" data-testid="withdraw-account-item">
                    <strong>{account.bankName ?? t('bank.upi')}</strong>
                    <span>{account.accountHolder}</span>
                    <span className="wd-muted">
                      {account.maskedNumber}
                      {account.ifsc ? ` · ${account.ifsc}` : ''}
                      {account.kind === 'bank' ? ` · ${t(`method.${account.method}`)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <BankAccountForm page={page} full={info.bankAccounts.length >= 5} />
          </FormSection>
          <FormSection title={t('form.title')} testId="withdraw-request">
            {step === 'submitted' && last ? (
              <div className="wd-success" role="status" data-testid="withdraw-submitted">
                <p>
                  {t('form.done', {
                    amount: money(last.amount),
                    account: payoutLabel(last.bankAccount),
                  })}
                </p>
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={() => page.send({ type: 'user.again' })}
                >
                  {t('form.again')}
                </button>
              </div>
            ) : (
              <>
                {/* The limits and what can go now, before the player types anything. */}
                <WithdrawLimits info={info} />
                {!info.paymentPasswordSet ? (
                  <p className="wd-muted">{t('form.needsPassword')}</p>
                ) : info.bankAccounts.length === 0 ? (
                  <p className="wd-muted">{t('form.needsAccount')}</p>
                ) : (
                  <RequestForm page={page} info={info} />
                )}
              </>
            )}
            <FormError
              message={
                step === 'ready' && errorStep !== 'paymentPassword' && errorStep !== 'bankAccount'
                  ? errorText(error, errorDetail)
                  : null
              }
              testId="withdraw-error"
            />
          </FormSection>
          <FormSection title={t('list.title')} testId="withdraw-requests">
            <RequestList info={info} onConfirmed={refresh} />
          </FormSection>
        </>
      ) : null}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { TransferUplineReply } from '../../../contract/records.ts';
import { useRecordsFlows } from '../records-flows.ts';
import { useIdentityFlows } from '../../identity/identity-flows.ts';
import { FailedTransferActions, useErrorText } from './records-common.tsx';
import { Field } from '../../components/form/field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { amountFromInput, MoneyField, useMoney } from '../../components/form/money-field.tsx';

const retryable = ['network_error', 'timeout', 'system_error', 'too_many_requests'];

/**
 * Transfer to upline (transferUpline): an amount from the main wallet to the agent whose
 * invitation code the player registered with; the payment password is asked in a dialog.
 */
export default function TransferUplinePage() {
  const { t } = useTranslation('records');
  const identity = useIdentityFlows();
  const records = useRecordsFlows();
  const money = useMoney();
  const errorText = useErrorText();
  const allowed = useSelector(identity.session, (s) => s.context.member?.toUpline ?? false);
  const balance = useSelector(identity.session, (s) => s.context.balance);
  const actor = useActorRef(records.transferUpline);
  const state = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const request = useSelector(actor, (s) => s.context.request);
  const result = useSelector(actor, (s) => s.context.result) as TransferUplineReply | null;
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = amountFromInput(amount);
    if (!minor) {
      setInvalid(t('common.amountInvalid'));
      return;
    }
    setInvalid(null);
    actor.send({
      type: 'user.submit',
      request: { amount: minor, idempotencyKey: records.newRequestKey() },
    });
  };

  const busy = state === 'submitting';
  const shownError = invalid ?? (state === 'failed' ? errorText(error) : null);
  return (
    <section className="rc-page" data-testid="page-transferUpline" aria-labelledby={headingId}>
      <h2 id={headingId} className="rc-title">
        {t('transferUpline.title')}
      </h2>
      {!allowed ? (
        <p className="rc-note" data-testid="upline-unavailable">
          {t('transferUpline.unavailable')}
        </p>
      ) : state === 'done' && result ? (
        <div className="rc-result" role="status" data-testid="transfer-done">
          <p>
            {t('transferUpline.done', {
              amount: money(result.amount),
              upline: result.upline,
              main: money(result.mainBalance),
            })}
          </p>
          <button
            type="button"
            className="pg-btn pg-btn--primary"
            onClick={() => {
              setAmount('');
              actor.send({ type: 'user.again' });
            }}
          >
            {t('transferUpline.again')}
          </button>
        </div>
      ) : (
        <form className="rc-form" onSubmit={submit} noValidate aria-busy={busy}>
          <p className="rc-muted">{t('transferUpline.intro')}</p>
          {balance !== null && (
            <p className="rc-hint">{t('transferUpline.available', { amount: money(balance) })}</p>
          )}
          <MoneyField
            label={t('common.amount')}
            placeholder={t('common.amountPlaceholder')}
            value={amount}
            disabled={busy || state === 'failed'}
            error={shownError ?? undefined}
            onChange={(e) => {
              setAmount(e.target.value);
              // A new amount after a failure (insufficient balance...) brings the submit back.
              if (state === 'failed') actor.send({ type: 'user.edit' });
            }}
          />
          <FormActions
            submit={state === 'failed' ? undefined : { label: t('transferUpline.submit'), busy }}
          >
            {state === 'failed' ? (
              <FailedTransferActions
                canRetry={retryable.includes(error ?? '') || error === 'payment_password_wrong'}
                changeLabel={t('transferUpline.change')}
                onRetry={() => actor.send({ type: 'user.retry' })}
                onChange={() => actor.send({ type: 'user.edit' })}
              />
            ) : null}
          </FormActions>
        </form>
      )}
      {state === 'confirming' && request && (
        <PasswordDialog
          amount={money(request.amount)}
          onConfirm={(paymentPassword) => actor.send({ type: 'user.confirm', paymentPassword })}
          onCancel={() => actor.send({ type: 'user.cancel' })}
        />
      )}
    </section>
  );
}

function PasswordDialog({
  amount,
  onConfirm,
  onCancel,
}: {
  amount: string;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('records');
  const dialog = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const ids = { title: useId(), hint: useId() };
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="rc-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.hint}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onConfirm(password);
        }}
      >
        <h3 id={ids.title}>{t('transferUpline.passwordTitle')}</h3>
        <p id={ids.hint} className="rc-muted">
          {t('transferUpline.passwordHint', { amount })}
        </p>
        <Field
          label={t('transferUpline.passwordLabel')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormActions
          cancel={{ label: t('common.cancel'), onClick: onCancel }}
          submit={{ label: t('common.confirm'), disabled: !password }}
        />
      </form>
    </dialog>
  );
}

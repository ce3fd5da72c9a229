import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { SecuritySummary } from '../../../contract/security-center.ts';
import { paymentPasswordSchema } from '../../../contract/withdrawal.ts';
import { useDialogs } from '../../identity/identity-flows.ts';
import { FormSection } from '../../components/form/form-section.tsx';
import { Field, FormError } from '../../components/form/field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { formText } from '../../components/form/form-data.ts';
import { useSecurityFlows } from './security-flows.ts';
import { useFailureText } from './security-form-parts.tsx';

/** The login password: changed in the change-password popup. */
export function PasswordSection() {
  const { t } = useTranslation('security');
  const dialogs = useDialogs();
  return (
    <FormSection title={t('password.title')} testId="security-password">
      <div className="sc-line">
        <p className="sc-muted">{t('password.hint')}</p>
        <button
          type="button"
          className="btn btn--outline"
          data-testid="security-password-change"
          onClick={() =>
            dialogs.send({
              type: 'app.openChangePassword',
              reason: 'voluntary',
              heldPassword: null,
            })
          }
        >
          {t('password.change')}
        </button>
      </div>
    </FormSection>
  );
}

/**
 * The payment password (paymentPasswordMachine): whether one is set, and the form that sets the
 * first one or changes it (the withdrawal page sets it too, before a first request).
 */
export function PaymentPasswordSection({
  summary,
  onChanged,
}: {
  summary: SecuritySummary | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation('security');
  const security = useSecurityFlows();
  const actor = useActorRef(security.paymentPassword);
  const step = useSelector(actor, (s) =>
    s.matches('idle') ? 'idle' : s.matches('done') ? 'done' : 'editing',
  );
  const mode = useSelector(actor, (s) => s.context.mode);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useFailureText(useSelector(actor, (s) => s.context.failure));
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  const done = step === 'done';
  // The summary is re-read once per saved password, not again on a caller's new `onChanged`.
  const changed = useEffectEvent(onChanged);
  useEffect(() => {
    if (done) changed();
  }, [done]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const current = formText(form, 'currentPaymentPassword');
    const next = formText(form, 'paymentPassword');
    const again = formText(form, 'paymentPasswordAgain');
    const password = formText(form, 'password');
    const found =
      mode === 'change' && !paymentPasswordSchema.safeParse(current).success
        ? { field: 'currentPaymentPassword', message: t('payment.rule') }
        : !paymentPasswordSchema.safeParse(next).success
          ? { field: 'paymentPassword', message: t('payment.rule') }
          : next !== again
            ? { field: 'paymentPasswordAgain', message: t('payment.mismatch') }
            : password === ''
              ? { field: 'password', message: t('payment.passwordRequired') }
              : null;
    setInvalid(found);
    if (found) {
      const input = event.currentTarget.elements.namedItem(found.field);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    actor.send({
      type: 'user.submit',
      form: {
        currentPaymentPassword: mode === 'change' ? current : null,
        paymentPassword: next,
        password,
      },
    });
  };
  const errorOf = (field: string) => (invalid?.field === field ? invalid.message : undefined);
  const pin = { type: 'password', inputMode: 'numeric', maxLength: 6, required: true } as const;

  return (
    <FormSection title={t('payment.title')} testId="security-payment">
      {step === 'idle' && (
        <div className="sc-line">
          <p className="sc-muted">{t('payment.hint')}</p>
          <p className="sc-value" data-testid="security-payment-status">
            {summary === null ? (
              '…'
            ) : summary.paymentPasswordSet ? (
              <span className="sc-badge sc-badge--on">{t('payment.set')}</span>
            ) : (
              <span className="sc-badge">{t('payment.notSet')}</span>
            )}
          </p>
          {summary !== null && (
            <button
              type="button"
              className="btn btn--outline"
              data-testid="security-payment-open"
              onClick={() => {
                setInvalid(null);
                actor.send({
                  type: 'user.open',
                  mode: summary.paymentPasswordSet ? 'change' : 'set',
                });
              }}
            >
              {summary.paymentPasswordSet ? t('payment.change') : t('payment.setNew')}
            </button>
          )}
        </div>
      )}

      {step === 'editing' && (
        <form className="id-form" onSubmit={submit} noValidate data-testid="security-payment-form">
          <p className="sc-muted">
            {t(mode === 'change' ? 'payment.changeHint' : 'payment.setHint')}
          </p>
          {mode === 'change' && (
            <Field
              label={t('payment.current')}
              name="currentPaymentPassword"
              autoComplete="off"
              revealable
              error={errorOf('currentPaymentPassword')}
              data-testid="security-payment-current"
              {...pin}
            />
          )}
          <Field
            label={t('payment.new')}
            name="paymentPassword"
            autoComplete="new-password"
            revealable
            hint={t('payment.rule')}
            error={errorOf('paymentPassword')}
            data-testid="security-payment-new"
            {...pin}
          />
          <Field
            label={t('payment.again')}
            name="paymentPasswordAgain"
            autoComplete="new-password"
            error={errorOf('paymentPasswordAgain')}
            data-testid="security-payment-again"
            {...pin}
          />
          <Field
            label={t('contact.currentPassword')}
            name="password"
            type="password"
            revealable
            required
            autoComplete="current-password"
            error={errorOf('password')}
            data-testid="security-payment-login"
          />
          <FormError message={failure} testId="security-payment-error" />
          <FormActions
            cancel={{
              label: t('contact.cancel'),
              onClick: () => actor.send({ type: 'user.cancel' }),
            }}
            submit={{ label: t('payment.save'), busy, testId: 'security-payment-save' }}
          />
        </form>
      )}

      {done && (
        <div className="sc-line" data-testid="security-payment-done">
          <p className="sc-success" role="status">
            {t(mode === 'change' ? 'payment.changed' : 'payment.saved')}
          </p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.close' })}
          >
            {t('contact.close')}
          </button>
        </div>
      )}
    </FormSection>
  );
}

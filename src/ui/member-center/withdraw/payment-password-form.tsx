import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { paymentPasswordSchema } from '../../../contract/withdrawal.ts';
import { Field } from '../../components/form/field.tsx';
import { FormSection } from '../../components/form/form-section.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { formText } from '../../components/form/form-data.ts';
import { useErrorText, type PageRef } from './withdraw-page-ref.ts';

/** The payment password, set once before the first request. */
export function PaymentPasswordForm({ page }: { page: PageRef }) {
  const { t } = useTranslation('withdraw');
  const busy = useSelector(page, (s) => s.matches('settingPassword'));
  const [error, setError] = useState<string | null>(null);
  // The server's refusal (a wrong login password...) shows here, under the field, not at the
  // foot of the page.
  const errorText = useErrorText();
  const refused = useSelector(page, (s) =>
    s.matches('ready') && s.context.errorStep === 'paymentPassword'
      ? errorText(s.context.error, s.context.errorDetail)
      : null,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const paymentPassword = formText(form, 'paymentPassword');
    if (!paymentPasswordSchema.safeParse(paymentPassword).success) {
      setError(t('form.paymentPasswordRule'));
      return;
    }
    if (paymentPassword !== formText(form, 'paymentPasswordAgain')) {
      setError(t('form.paymentPasswordMismatch'));
      return;
    }
    setError(null);
    page.send({
      type: 'user.setPaymentPassword',
      payload: { paymentPassword, password: formText(form, 'password') },
    });
  };
  return (
    <FormSection title={t('password.title')} testId="withdraw-payment-password">
      <p className="wd-muted">{t('password.hint')}</p>
      <form className="wd-form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('password.new')}
          name="paymentPassword"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          required
          revealable
          error={error ?? refused ?? undefined}
          data-testid="withdraw-set-payment-password"
        />
        <Field
          label={t('password.again')}
          name="paymentPasswordAgain"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          required
          data-testid="withdraw-set-payment-password-again"
        />
        <Field
          label={t('password.login')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          data-testid="withdraw-login-password"
        />
        <FormActions
          submit={{ label: t('password.save'), busy, testId: 'withdraw-password-save' }}
        />
      </form>
    </FormSection>
  );
}

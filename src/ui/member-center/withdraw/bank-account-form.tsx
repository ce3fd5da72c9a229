import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { bindBankAccountBodySchema, ifscCurrency } from '../../../contract/withdrawal.ts';
import { usePermission } from '../../hooks/use-permission.ts';
import { Field, FormError } from '../../components/form/field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { formText } from '../../components/form/form-data.ts';
import { useErrorText, type PageRef } from './withdraw-page-ref.ts';

/** Binding a bank account (up to five): opened by its button. */
export function BankAccountForm({ page, full }: { page: PageRef; full: boolean }) {
  const { t } = useTranslation('withdraw');
  const busy = useSelector(page, (s) => s.matches('binding'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [open, setOpen] = useState(false);
  // Rupee accounts are Indian accounts: the branch's IFSC goes with them.
  const withIfsc = usePermission()?.settings.currencyCode === ifscCurrency;
  const errorText = useErrorText();
  const refused = useSelector(page, (s) =>
    s.matches('ready') && s.context.errorStep === 'bankAccount'
      ? errorText(s.context.error, s.context.errorDetail)
      : null,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const account = {
      bankName: formText(form, 'bankName'),
      accountHolder: formText(form, 'accountHolder'),
      accountNumber: formText(form, 'accountNumber'),
      ...(withIfsc ? { ifsc: formText(form, 'ifsc') } : {}),
    };
    const parsed = bindBankAccountBodySchema.safeParse(account);
    const missingIfsc = withIfsc && !account.ifsc?.trim();
    if (!parsed.success || missingIfsc) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) {
        const field = String(issue.path[0] ?? '');
        found[field] ??= t(`form.${field}Rule`);
      }
      if (missingIfsc) found.ifsc = t('form.ifscRule');
      setErrors(found);
      return;
    }
    setErrors({});
    page.send({ type: 'user.bindAccount', account });
    event.currentTarget.reset();
    setOpen(false);
  };
  if (full) return <p className="wd-muted">{t('bank.full')}</p>;
  if (!open) {
    return (
      <>
        <FormError message={refused} testId="withdraw-bind-error" />
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => setOpen(true)}
          data-testid="withdraw-bind-open"
        >
          {t('bank.add')}
        </button>
      </>
    );
  }
  return (
    // No maxLength: a browser cuts a longer paste silently; the contract's rule says it instead.
    <form className="wd-form" onSubmit={onSubmit} noValidate data-testid="withdraw-bind">
      <Field
        label={t('bank.bankName')}
        name="bankName"
        autoComplete="off"
        required
        error={errors.bankName}
        data-testid="withdraw-bank-name"
      />
      <Field
        label={t('bank.accountHolder')}
        name="accountHolder"
        autoComplete="name"
        required
        error={errors.accountHolder}
        data-testid="withdraw-account-holder"
      />
      <Field
        label={t('bank.accountNumber')}
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        required
        error={errors.accountNumber}
        data-testid="withdraw-account-number"
      />
      {withIfsc ? (
        <Field
          label={t('bank.ifsc')}
          name="ifsc"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          hint={t('bank.ifscHint')}
          error={errors.ifsc}
          data-testid="withdraw-ifsc"
        />
      ) : null}
      <FormActions
        cancel={{ label: t('form.cancel'), onClick: () => setOpen(false) }}
        submit={{ label: t('bank.bind'), busy, testId: 'withdraw-bind-submit' }}
      />
    </form>
  );
}

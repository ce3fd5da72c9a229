import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import {
  accountNumberPattern,
  bindBankAccountBodySchema,
  ifscCurrency,
  ifscPattern,
  vpaPattern,
  type BindBankAccountBody,
  type PayoutAccountKind,
} from '../../../contract/withdrawal.ts';
import { usePermission } from '../../hooks/use-permission.ts';
import { Field, FormError, SelectField } from '../../components/form/field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { formText } from '../../components/form/form-data.ts';
import { useErrorText, type PageRef } from './withdraw-page-ref.ts';

/**
 * Binding a payout account (up to five): a bank account or, on a site paid in rupees, a UPI ID
 * (VPA). Opened by its button. The formats are the contract's (checkPayoutAccount's patterns).
 */
export function BankAccountForm({ page, full }: { page: PageRef; full: boolean }) {
  const { t } = useTranslation('withdraw');
  const busy = useSelector(page, (s) => s.matches('binding'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<PayoutAccountKind>('bank');
  // Rupee accounts are Indian accounts: the branch's IFSC goes with them, and UPI is offered.
  const inr = usePermission()?.settings.currencyCode === ifscCurrency;
  const upi = inr && kind === 'upi';
  const errorText = useErrorText();
  const refused = useSelector(page, (s) =>
    s.matches('ready') && s.context.errorStep === 'bankAccount'
      ? errorText(s.context.error, s.context.errorDetail)
      : null,
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const account: BindBankAccountBody = upi
      ? { kind: 'upi', accountHolder: formText(form, 'accountHolder'), vpa: formText(form, 'vpa') }
      : {
          bankName: formText(form, 'bankName'),
          accountHolder: formText(form, 'accountHolder'),
          accountNumber: formText(form, 'accountNumber'),
          ...(inr ? { ifsc: formText(form, 'ifsc') } : {}),
        };
    const found: Record<string, string> = {};
    for (const issue of bindBankAccountBodySchema.safeParse(account).error?.issues ?? []) {
      const field = String(issue.path[0] ?? '');
      found[field] ??= t(`form.${field}Rule`);
    }
    if (upi) {
      if (!vpaPattern.test((account.vpa ?? '').trim().toLowerCase())) found.vpa = t('form.vpaRule');
    } else {
      if (!account.bankName?.trim()) found.bankName = t('form.bankNameRule');
      if (!accountNumberPattern.test((account.accountNumber ?? '').replace(/[\s-]/g, ''))) {
        found.accountNumber = t('form.accountNumberRule');
      }
      const ifsc = account.ifsc?.trim().toUpperCase() ?? '';
      if ((inr || ifsc) && !ifscPattern.test(ifsc)) found.ifsc = t('form.ifscRule');
    }
    if (Object.keys(found).length > 0) {
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
          {t(inr ? 'bank.addInr' : 'bank.add')}
        </button>
      </>
    );
  }
  return (
    // No maxLength: a browser cuts a longer paste silently; the contract's rule says it instead.
    <form className="wd-form" onSubmit={onSubmit} noValidate data-testid="withdraw-bind">
      {inr ? (
        <SelectField
          label={t('bank.kind')}
          name="kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value === 'upi' ? 'upi' : 'bank');
            setErrors({});
          }}
          data-testid="withdraw-account-kind"
        >
          <option value="bank">{t('bank.kindBank')}</option>
          <option value="upi">{t('bank.kindUpi')}</option>
        </SelectField>
      ) : null}
      {upi ? null : (
        <Field
          label={t('bank.bankName')}
          name="bankName"
          autoComplete="off"
          required
          error={errors.bankName}
          data-testid="withdraw-bank-name"
        />
      )}
      <Field
        label={t('bank.accountHolder')}
        name="accountHolder"
        autoComplete="name"
        required
        error={errors.accountHolder}
        data-testid="withdraw-account-holder"
      />
      {upi ? (
        <Field
          label={t('bank.vpa')}
          name="vpa"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={t('bank.vpaHint')}
          error={errors.vpa}
          data-testid="withdraw-vpa"
        />
      ) : (
        <>
          <Field
            label={t('bank.accountNumber')}
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            required
            error={errors.accountNumber}
            data-testid="withdraw-account-number"
          />
          {inr ? (
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
        </>
      )}
      <FormActions
        cancel={{ label: t('form.cancel'), onClick: () => setOpen(false) }}
        submit={{ label: t('bank.bind'), busy, testId: 'withdraw-bind-submit' }}
      />
    </form>
  );
}

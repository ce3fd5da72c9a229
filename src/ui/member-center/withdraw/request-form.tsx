import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { paymentPasswordSchema, type WithdrawInfo } from '../../../contract/withdrawal.ts';
import { useWithdrawFlows } from './withdraw-flows.ts';
import { Field, SelectField } from '../../components/form/field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { MoneyField, parseTypedMoney, useMoney } from '../../components/form/money-field.tsx';
import { formText } from '../../components/form/form-data.ts';
import type { PageRef } from './withdraw-page-ref.ts';

/**
 * A withdrawal request: account, amount within the limits (per request, what is left today,
 * what can be withdrawn now), payment password. The page shows the limits above it.
 */
export function RequestForm({ page, info }: { page: PageRef; info: WithdrawInfo }) {
  const { t } = useTranslation('withdraw');
  const withdraw = useWithdrawFlows();
  const money = useMoney();
  const busy = useSelector(page, (s) => s.matches('submitting'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per request: a retry of the same request after a failure sends it again.
  // (The form is replaced by the success note after a request, so "new request" starts afresh.)
  const [requestKey, setRequestKey] = useState(() => withdraw.newRequestKey());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const found: Record<string, string> = {};
    const bankAccountId = Number(formText(form, 'bankAccountId'));
    if (!info.bankAccounts.some((a) => a.id === bankAccountId))
      found.bankAccountId = t('form.accountRule');
    const amount = parseTypedMoney(formText(form, 'amount'));
    const { limits } = info;
    if (limits.remainingCount <= 0) {
      found.amount = t('form.countLeftRule', { n: limits.dailyCount });
    } else if (
      amount === null ||
      amount < BigInt(limits.minAmount) ||
      amount > BigInt(limits.maxAmount)
    ) {
      found.amount = t('form.amountRule', {
        min: money(limits.minAmount),
        max: money(limits.maxAmount),
      });
    } else if (amount > BigInt(limits.remainingAmount)) {
      found.amount = t('form.amountLeftRule', { amount: money(limits.remainingAmount) });
    } else if (amount > BigInt(info.withdrawable)) {
      found.amount = t('form.withdrawableRule', { amount: money(info.withdrawable) });
    }
    const paymentPassword = formText(form, 'paymentPassword');
    if (!paymentPasswordSchema.safeParse(paymentPassword).success) {
      found.paymentPassword = t('form.paymentPasswordRule');
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || amount === null) return;
    page.send({
      type: 'user.submit',
      request: {
        bankAccountId,
        amount: amount.toString(),
        paymentPassword,
        idempotencyKey: requestKey,
      },
    });
    const input = event.currentTarget.elements.namedItem('paymentPassword');
    if (input instanceof HTMLInputElement) input.value = '';
  };

  return (
    <form className="wd-form" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      <SelectField
        label={t('form.account')}
        name="bankAccountId"
        error={errors.bankAccountId}
        data-testid="withdraw-account"
        onChange={() => setRequestKey(withdraw.newRequestKey())}
      >
        {info.bankAccounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.bankName ?? t('bank.upi')} · {account.accountHolder} · {account.maskedNumber}
          </option>
        ))}
      </SelectField>
      <MoneyField
        label={t('form.amount')}
        name="amount"
        placeholder={`${money(info.minAmount)} – ${money(info.maxAmount)}`}
        required
        error={errors.amount}
        onChange={() => setRequestKey(withdraw.newRequestKey())}
        data-testid="withdraw-amount"
      />
      <Field
        label={t('form.paymentPassword')}
        name="paymentPassword"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        required
        error={errors.paymentPassword}
        data-testid="withdraw-payment-password-input"
      />
      <p className="wd-muted">{t('form.irreversible')}</p>
      <FormActions submit={{ label: t('form.submit'), busy, testId: 'withdraw-submit' }} />
    </form>
  );
}

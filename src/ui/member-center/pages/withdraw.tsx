import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  bindBankAccountBodySchema,
  paymentPasswordSchema,
  proofImageLimits,
  type ConfirmationOutcome,
  type Withdrawal,
  type WithdrawInfo,
} from '../../../contract/withdrawal.ts';
import type { withdrawalMachine } from '../../../machines/withdrawal.machine.ts';
import type { ProofImage } from '../../../machines/withdrawal-confirmation.machine.ts';
import { useWithdrawFlows } from '../withdraw-flows.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { Spinner } from '../../components/spinner.tsx';
import { Field, FormError, SelectField } from '../../components/form/field.tsx';
import { FormSection } from '../../components/form/form-section.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { MoneyField, parseTypedMoney, useMoney } from '../../components/form/money-field.tsx';
import { formText } from '../../components/form/form-data.ts';
import '../../identity/identity.css';
import './withdraw.css';

type PageRef = ActorRefFrom<typeof withdrawalMachine>;

/** The message for an error code (server codes and the page's own). */
function useErrorText() {
  const { t } = useTranslation('withdraw');
  return (code: string | null) =>
    code ? t(`errors.${code}`, { defaultValue: t('errors.unknown') }) : null;
}

function PaymentPasswordForm({ page }: { page: PageRef }) {
  const { t } = useTranslation('withdraw');
  const busy = useSelector(page, (s) => s.matches('settingPassword'));
  const [error, setError] = useState<string | null>(null);
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
          error={error ?? undefined}
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

function BankAccountForm({ page, full }: { page: PageRef; full: boolean }) {
  const { t } = useTranslation('withdraw');
  const busy = useSelector(page, (s) => s.matches('binding'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [open, setOpen] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const account = {
      bankName: formText(form, 'bankName'),
      accountHolder: formText(form, 'accountHolder'),
      accountNumber: formText(form, 'accountNumber'),
    };
    const parsed = bindBankAccountBodySchema.safeParse(account);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        found[field] ??= t(`form.${field}Rule`);
      }
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
      <button
        type="button"
        className="btn btn--outline"
        onClick={() => setOpen(true)}
        data-testid="withdraw-bind-open"
      >
        {t('bank.add')}
      </button>
    );
  }
  return (
    <form className="wd-form" onSubmit={onSubmit} noValidate data-testid="withdraw-bind">
      <Field
        label={t('bank.bankName')}
        name="bankName"
        autoComplete="off"
        maxLength={64}
        required
        error={errors.bankName}
        data-testid="withdraw-bank-name"
      />
      <Field
        label={t('bank.accountHolder')}
        name="accountHolder"
        autoComplete="name"
        maxLength={64}
        required
        error={errors.accountHolder}
        data-testid="withdraw-account-holder"
      />
      <Field
        label={t('bank.accountNumber')}
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
        required
        error={errors.accountNumber}
        data-testid="withdraw-account-number"
      />
      <FormActions
        cancel={{ label: t('form.cancel'), onClick: () => setOpen(false) }}
        submit={{ label: t('bank.bind'), busy, testId: 'withdraw-bind-submit' }}
      />
    </form>
  );
}

function RequestForm({ page, info }: { page: PageRef; info: WithdrawInfo }) {
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
    if (amount === null || amount < BigInt(info.minAmount) || amount > BigInt(info.maxAmount)) {
      found.amount = t('form.amountRule', {
        min: money(info.minAmount),
        max: money(info.maxAmount),
      });
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
            {account.bankName} · {account.accountHolder} · {account.maskedNumber}
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

/** Previews of picked images: object URLs made once per image and revoked when it goes. */
function Previews({ images, onRemove }: { images: ProofImage[]; onRemove: (id: string) => void }) {
  const { t } = useTranslation('withdraw');
  const urls = useMemo(
    () => new Map(images.map((image) => [image.id, URL.createObjectURL(image.file)])),
    [images],
  );
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  if (images.length === 0) return null;
  return (
    <ul className="wd-previews" aria-label={t('confirm.previews')}>
      {images.map((image) => (
        <li key={image.id} className="wd-preview">
          <img src={urls.get(image.id)} alt={image.name} className="wd-preview__image" />
          <button
            type="button"
            className="wd-preview__remove"
            aria-label={t('confirm.remove', { name: image.name })}
            onClick={() => onRemove(image.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

let imageCounter = 0;

/** The confirmation of one paid request (withdrawalConfirmationMachine). */
function Confirmation({ withdrawal, onDone }: { withdrawal: Withdrawal; onDone: () => void }) {
  const { t } = useTranslation('withdraw');
  const withdraw = useWithdrawFlows();
  const money = useMoney();
  const errorText = useErrorText();
  const actor = useActorRef(withdraw.confirmation, {
    input: { withdrawalId: withdrawal.id, amount: withdrawal.amount },
  });
  const step = useSelector(actor, (s) =>
    s.matches('confirmed')
      ? 'confirmed'
      : s.matches('closed')
        ? 'closed'
        : s.matches('inspecting')
          ? 'inspecting'
          : s.matches('submitting')
            ? 'submitting'
            : 'choosing',
  );
  const outcome = useSelector(actor, (s) => s.context.outcome);
  const images = useSelector(actor, (s) => s.context.images);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const fileInput = useRef<HTMLInputElement>(null);
  const done = step === 'confirmed' || step === 'closed';
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);

  if (step === 'confirmed') {
    return (
      <p className="wd-success" role="status" data-testid="withdraw-confirmed">
        {t('confirm.thanks')}
      </p>
    );
  }
  if (step === 'closed') {
    return (
      <p className="wd-muted" role="status" data-testid="withdraw-confirmation-closed">
        {t('confirm.closed')}
      </p>
    );
  }

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length === 0) return;
    actor.send({
      type: 'user.addImages',
      images: files.map((file) => ({
        id: `img-${++imageCounter}`,
        name: file.name,
        type: file.type,
        size: file.size,
        file,
      })),
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (outcome === 'partlyReceived') {
      const received = parseTypedMoney(formText(form, 'receivedAmount'))?.toString() ?? '';
      actor.send({ type: 'user.setReceivedAmount', amount: received });
    }
    actor.send({ type: 'user.submit' });
  };
  const outcomes: ConfirmationOutcome[] = ['received', 'notReceived', 'partlyReceived'];
  const legendId = `wd-outcome-${withdrawal.id}`;

  return (
    <form
      className="wd-form wd-confirm"
      onSubmit={onSubmit}
      noValidate
      data-testid="withdraw-confirmation"
    >
      <fieldset className="wd-outcomes" aria-labelledby={legendId}>
        <legend id={legendId} className="field__label">
          {t('confirm.question', { amount: money(withdrawal.amount) })}
        </legend>
        {outcomes.map((value) => (
          <label key={value} className="wd-outcome">
            <input
              type="radio"
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => actor.send({ type: 'user.selectOutcome', outcome: value })}
              data-testid={`withdraw-outcome-${value}`}
            />
            {t(`confirm.${value}`)}
          </label>
        ))}
      </fieldset>
      {outcome === 'partlyReceived' ? (
        <MoneyField
          label={t('confirm.receivedAmount')}
          name="receivedAmount"
          required
          data-testid="withdraw-received-amount"
        />
      ) : null}
      {outcome === 'notReceived' || outcome === 'partlyReceived' ? (
        <div className="wd-upload">
          <p className="wd-muted" id={`wd-limits-${withdrawal.id}`}>
            {t('confirm.limits', { count: proofImageLimits.maxCount, size: 5 })}
            {outcome === 'notReceived' ? ` ${t('confirm.proofRequired')}` : ''}
          </p>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            className="visually-hidden"
            onChange={onPick}
            aria-describedby={`wd-limits-${withdrawal.id}`}
            data-testid="withdraw-proof-input"
            tabIndex={-1}
          />
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => fileInput.current?.click()}
            disabled={busy || images.length >= proofImageLimits.maxCount}
            data-testid="withdraw-proof-pick"
          >
            {t('confirm.addImages', { count: images.length, max: proofImageLimits.maxCount })}
          </button>
          {step === 'inspecting' ? <Spinner label={t('confirm.checking')} /> : null}
          <Previews
            images={images}
            onRemove={(id) => actor.send({ type: 'user.removeImage', id })}
          />
        </div>
      ) : null}
      <FormError message={errorText(error)} testId="withdraw-confirmation-error" />
      <FormActions
        submit={{
          label: t('confirm.submit'),
          busy: step === 'submitting',
          testId: 'withdraw-confirm-submit',
        }}
      />
    </form>
  );
}

function RequestList({ info, onConfirmed }: { info: WithdrawInfo; onConfirmed: () => void }) {
  const { t, i18n } = useTranslation('withdraw');
  const money = useMoney();
  const [confirming, setConfirming] = useState<number | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
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
            <span>
              {withdrawal.bankAccount.bankName} {withdrawal.bankAccount.maskedNumber}
            </span>
            <time dateTime={withdrawal.createdAt}>
              {date.format(new Date(withdrawal.createdAt))}
            </time>
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
          {withdrawal.status === 'paid' ? (
            confirming === withdrawal.id ? (
              <Confirmation withdrawal={withdrawal} onDone={onConfirmed} />
            ) : (
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => setConfirming(withdrawal.id)}
                data-testid="withdraw-confirm-open"
              >
                {t('list.confirm')}
              </button>
            )
          ) : null}
        </li>
      ))}
    </ul>
  );
}

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
  const last = useSelector(page, (s) => s.context.last);
  const money = useMoney();
  const errorText = useErrorText();

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
      {info ? (
        <>
          {!info.paymentPasswordSet ? <PaymentPasswordForm page={page} /> : null}
          <FormSection title={t('bank.title')} testId="withdraw-accounts">
            {info.bankAccounts.length === 0 ? (
              <p className="wd-muted">{t('bank.none')}</p>
            ) : (
              <ul className="wd-accounts">
                {info.bankAccounts.map((account) => (
                  <li key={account.id} className="wd-account" data-testid="withdraw-account-item">
                    <strong>{account.bankName}</strong>
                    <span>{account.accountHolder}</span>
                    <span className="wd-muted">{account.maskedNumber}</span>
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
                    account: `${last.bankAccount.bankName} ${last.bankAccount.maskedNumber}`,
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
            ) : !info.paymentPasswordSet ? (
              <p className="wd-muted">{t('form.needsPassword')}</p>
            ) : info.bankAccounts.length === 0 ? (
              <p className="wd-muted">{t('form.needsAccount')}</p>
            ) : (
              <RequestForm page={page} info={info} />
            )}
            <FormError
              message={step === 'ready' ? errorText(error) : null}
              testId="withdraw-error"
            />
          </FormSection>
          <FormSection title={t('list.title')} testId="withdraw-requests">
            <RequestList info={info} onConfirmed={() => page.send({ type: 'user.refresh' })} />
          </FormSection>
        </>
      ) : null}
    </div>
  );
}

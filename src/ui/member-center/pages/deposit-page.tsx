import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import {
  transferReferencePattern,
  transferReferenceSchema,
  utrPattern,
  utrSchema,
  type DepositOrder,
  type PaymentChannel,
  type UpiPayment,
} from '../../../contract/deposit.ts';
import { depositReturnQueryKey } from '../../../contract/member-center.ts';
import type { depositMachine } from '../../../machines/deposit.machine.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useSession } from '../../identity/identity-flows.ts';
import { useDepositFlows } from '../deposit-flows.ts';
import { Field, FormError } from '../../components/form/field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { MoneyField, useMoney } from '../../components/form/money-field.tsx';
import './deposit.css';

/** The QR encoder comes with the first UPI order shown, not with the deposit page. */
const UpiQr = lazy(() => import('./upi-qr.tsx'));

/** The query key the gateway brings the player back with (set by the server's return URL). */
const returnedOrderKey = depositReturnQueryKey;

/** A fresh key per submit: a retry of the same submit reuses it (kept by the machine). */
function newIdempotencyKey(): string {
  return `dep-${crypto.randomUUID()}`;
}

function Notice({
  testId,
  title,
  text,
  tone,
  children,
}: {
  testId: string;
  title: string;
  text?: string;
  tone?: 'ok' | 'bad' | 'info';
  children?: ReactNode;
}) {
  return (
    <div
      className={`dep-notice dep-notice--${tone ?? 'info'}`}
      data-testid={testId}
      role={tone === 'bad' ? 'alert' : 'status'}
    >
      <p className="dep-notice__title">{title}</p>
      {text && <p className="dep-notice__text">{text}</p>}
      {children && <div className="dep-actions">{children}</div>}
    </div>
  );
}

function ChannelList({
  channels,
  onSelect,
}: {
  channels: PaymentChannel[];
  onSelect: (channelId: number) => void;
}) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="deposit-channels">
      <h3 id={headingId} className="dep-heading">
        {t('channels.title')}
      </h3>
      <ul className="dep-channels">
        {channels.map((channel) => (
          <li key={channel.id}>
            <button
              type="button"
              className="dep-channel"
              data-testid={`deposit-channel-${channel.code}`}
              onClick={() => onSelect(channel.id)}
            >
              <span className="dep-channel__kind">{t(`channels.kind.${channel.kind}`)}</span>
              <span className="dep-channel__name">{channel.name}</span>
              <span className="dep-channel__limits">
                {t('channels.limits', {
                  min: money(channel.minAmount),
                  max: money(channel.maxAmount),
                })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AmountForm({
  channel,
  busy,
  onBack,
}: {
  channel: PaymentChannel;
  busy: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const { deposit } = useDepositActor();
  const amountText = useSelector(deposit, (s) => s.context.amountText);
  const problem = useSelector(deposit, (s) => s.context.amountProblem);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    deposit.send({ type: 'user.submit', idempotencyKey: newIdempotencyKey() });
  };
  return (
    <form className="dep-form" onSubmit={submit} noValidate data-testid="deposit-amount-form">
      <p className="dep-chosen">
        <span className="dep-channel__kind">{t(`channels.kind.${channel.kind}`)}</span>
        <span className="dep-channel__name">{channel.name}</span>
      </p>
      <MoneyField
        label={t('amount.label')}
        name="amount"
        value={amountText}
        placeholder={t('amount.placeholder')}
        hint={t('amount.hint', { min: money(channel.minAmount), max: money(channel.maxAmount) })}
        error={
          problem
            ? t(`amount.problem.${problem}`, {
                min: money(channel.minAmount),
                max: money(channel.maxAmount),
              })
            : undefined
        }
        errorTestId="deposit-amount-problem"
        disabled={busy}
        onChange={(event) =>
          deposit.send({ type: 'user.changeAmount', amount: event.target.value })
        }
        data-testid="deposit-amount"
      />
      <FormActions
        cancel={{ label: t('back'), onClick: onBack, disabled: busy }}
        submit={{ label: t('submit'), busy }}
      />
    </form>
  );
}

/**
 * Copies to the clipboard and says so in one polite live region per panel (`status`), so a
 * screen reader hears "Copied: IFSC" without leaving the button.
 */
function useCopy() {
  const { t } = useTranslation('deposit');
  const [status, setStatus] = useState('');
  const copy = useCallback(
    (what: string, value: string) => {
      const done = () => setStatus(t('copy.done', { what }));
      const failed = () => setStatus(t('copy.failed'));
      // Cleared first: copying the same thing twice is announced twice.
      setStatus('');
      if (!navigator.clipboard) {
        failed();
        return;
      }
      navigator.clipboard.writeText(value).then(done, failed);
    },
    [t],
  );
  const region = (
    <p className="dep-copied" role="status" aria-live="polite" data-testid="deposit-copy-status">
      {status}
    </p>
  );
  return { copy, region };
}

/** A detail with a copy button beside it, named for what it copies ("Copy IFSC"). */
function CopyRow({
  label,
  value,
  shown,
  testId,
  onCopy,
}: {
  label: string;
  value: string;
  /** What the page shows, where it differs from what is copied (the amount with its symbol). */
  shown?: string;
  testId: string;
  onCopy: (what: string, value: string) => void;
}) {
  const { t } = useTranslation('deposit');
  return (
    <>
      <dt>{label}</dt>
      <dd className="dep-copy-row">
        <span data-testid={testId}>{shown ?? value}</span>
        <button
          type="button"
          className="btn btn--outline dep-copy"
          aria-label={t('copy.label', { what: label })}
          data-testid={`${testId}-copy`}
          onClick={() => onCopy(label, value)}
        >
          {t('copy.button')}
        </button>
      </dd>
    </>
  );
}

/** Minor units as a plain decimal to paste into a banking app ("750.00"). */
const plainAmount = (minor: string) => {
  const value = BigInt(minor);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
};

function BankDetails({ order, busy }: { order: DepositOrder; busy: boolean }) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const { deposit } = useDepositActor();
  const error = useSelector(deposit, (s) => s.context.error);
  const headingId = useId();
  const account = order.bankAccount;
  const { copy, region } = useCopy();
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('reference');
    // The contract's rule, as the server checks it: a reference too long is refused, not cut.
    const parsed = transferReferenceSchema.safeParse(typeof value === 'string' ? value : '');
    setInvalid(!parsed.success);
    if (parsed.success) deposit.send({ type: 'user.submitReference', reference: parsed.data });
  };
  return (
    <section aria-labelledby={headingId} data-testid="deposit-bank-details">
      <h3 id={headingId} className="dep-heading">
        {t('bank.title')}
      </h3>
      <dl className="dep-details">
        <CopyRow
          label={t('bank.amount')}
          value={plainAmount(order.amount)}
          shown={money(order.amount)}
          testId="deposit-bank-amount"
          onCopy={copy}
        />
        {account && (
          <>
            <dt>{t('bank.bankName')}</dt>
            <dd>{account.bankName}</dd>
            <CopyRow
              label={t('bank.accountName')}
              value={account.accountName}
              testId="deposit-bank-name"
              onCopy={copy}
            />
            <CopyRow
              label={t('bank.accountNumber')}
              value={account.accountNumber}
              testId="deposit-bank-number"
              onCopy={copy}
            />
            {account.ifsc && (
              <CopyRow
                label={t('bank.ifsc')}
                value={account.ifsc}
                testId="deposit-bank-ifsc"
                onCopy={copy}
              />
            )}
          </>
        )}
      </dl>
      {region}
      <form className="dep-form" onSubmit={submit}>
        <Field
          label={t('reference.label')}
          name="reference"
          required
          pattern={transferReferencePattern}
          autoComplete="off"
          disabled={busy}
          hint={t('reference.hint')}
          error={invalid ? t('reference.invalid') : undefined}
          errorTestId="deposit-reference-error"
          onInput={() => setInvalid(false)}
          data-testid="deposit-reference"
        />
        <FormError
          message={error ? t(`errors.${error}`, { defaultValue: t('errors.unknown') }) : null}
        />
        <FormActions submit={{ label: t('reference.submit'), busy }} />
      </form>
    </section>
  );
}

/**
 * A UPI order: the QR code of its intent, on a phone a link that opens the UPI app, the UPI ID
 * and amount to copy, then the 12-digit UTR the app showed after paying.
 */
function UpiDetails({ order, upi, busy }: { order: DepositOrder; upi: UpiPayment; busy: boolean }) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const { deposit } = useDepositActor();
  const error = useSelector(deposit, (s) => s.context.error);
  const headingId = useId();
  const { copy, region } = useCopy();
  const [invalid, setInvalid] = useState(false);
  const amount = money(order.amount);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('utr');
    // The contract's rule, as the server checks it: exactly 12 digits.
    const parsed = utrSchema.safeParse(typeof value === 'string' ? value : '');
    setInvalid(!parsed.success);
    if (parsed.success) deposit.send({ type: 'user.submitReference', reference: parsed.data });
  };
  return (
    <section aria-labelledby={headingId} data-testid="deposit-upi-details">
      <h3 id={headingId} className="dep-heading">
        {t('upi.title', { amount })}
      </h3>
      <p className="dep-hint">{t('upi.scan')}</p>
      <div className="dep-upi-qr">
        <Suspense fallback={<Spinner />}>
          <UpiQr uri={upi.uri} label={t('upi.qr', { amount, vpa: upi.vpa })} />
        </Suspense>
      </div>
      <a className="btn btn--primary dep-upi-app" href={upi.uri} data-testid="deposit-upi-link">
        {t('upi.openApp')}
      </a>
      <dl className="dep-details">
        <CopyRow label={t('upi.vpa')} value={upi.vpa} testId="deposit-upi-vpa" onCopy={copy} />
        <dt>{t('upi.payee')}</dt>
        <dd data-testid="deposit-upi-payee">{upi.payeeName}</dd>
        <CopyRow
          label={t('upi.amount')}
          value={upi.amount}
          shown={amount}
          testId="deposit-upi-amount"
          onCopy={copy}
        />
      </dl>
      {region}
      <form className="dep-form" onSubmit={submit} noValidate>
        <Field
          label={t('upi.utrLabel')}
          name="utr"
          required
          pattern={utrPattern}
          inputMode="numeric"
          autoComplete="off"
          disabled={busy}
          hint={t('upi.utrHint')}
          error={invalid ? t('upi.utrInvalid') : undefined}
          errorTestId="deposit-utr-error"
          onInput={() => setInvalid(false)}
          data-testid="deposit-utr"
        />
        <FormError
          message={error ? t(`errors.${error}`, { defaultValue: t('errors.unknown') }) : null}
        />
        <FormActions submit={{ label: t('upi.submit'), busy }} />
      </form>
    </section>
  );
}

type DepositRef = ActorRefFrom<typeof depositMachine>;

const DepositActorContext = createContext<DepositRef | null>(null);

function useDepositActor(): { deposit: DepositRef } {
  const ref = useContext(DepositActorContext);
  if (!ref) throw new Error('the deposit page is not mounted');
  return { deposit: ref };
}

/** Tells the machine when the real-time channel reports a deposit settled. */
function useSettlements(deposit: DepositRef) {
  const session = useSession();
  const notifications = useSelector(session, (s) => s.context.notifications);
  const seen = useRef(new Set<string>());
  useEffect(() => {
    for (const notification of notifications) {
      if (seen.current.has(notification.id)) continue;
      seen.current.add(notification.id);
      if (notification.kind !== 'depositArrived' && notification.kind !== 'depositFailed') continue;
      const orderId = notification.params.orderId;
      if (typeof orderId === 'string') deposit.send({ type: 'server.orderSettled', orderId });
    }
  }, [notifications, deposit]);
}

/**
 * Deposit (member center, depositv2): channel, amount within its limits, then the gateway's
 * page (online) or the bank account and the transfer reference (manual); the result when the
 * player comes back or the real-time channel says the order settled.
 */
export default function DepositPage() {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const flows = useDepositFlows();
  const [params] = useSearchParams();
  // Read once: the machine takes it as input when the page opens.
  const [returnedOrderId] = useState(() => params.get(returnedOrderKey));
  const deposit = useActorRef(flows.deposit, { input: { returnedOrderId } });
  useSettlements(deposit);
  // The state's name and the context fields the page renders, never the whole snapshot.
  const state = useSelector(deposit, (s) => s.value);
  const busy = useSelector(deposit, (s) => s.hasTag('busy'));
  const canRetry = useSelector(deposit, (s) => s.can({ type: 'user.retry' }));
  const channels = useSelector(deposit, (s) => s.context.channels);
  const channel = useSelector(
    deposit,
    (s) => s.context.channels.find((c) => c.id === s.context.channelId) ?? null,
  );
  const order = useSelector(deposit, (s) => s.context.order);
  const error = useSelector(deposit, (s) => s.context.error);
  const errorText = error ? t(`errors.${error}`, { defaultValue: t('errors.unknown') }) : '';
  const again = () => deposit.send({ type: 'user.again' });
  const headingId = useId();

  let body: ReactNode;
  if (state === 'loadingChannels' || state === 'checkingResult') {
    body = (
      <div data-testid="deposit-loading">
        <Spinner />
      </div>
    );
  } else if (state === 'channelsFailed' || state === 'resultFailed') {
    body = (
      <Notice testId="deposit-error" tone="bad" title={t('errors.title')} text={errorText}>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => deposit.send({ type: 'user.retry' })}
        >
          {t('retry')}
        </button>
        {state === 'resultFailed' && (
          <button type="button" className="btn btn--outline" onClick={again}>
            {t('again')}
          </button>
        )}
      </Notice>
    );
  } else if (state === 'noChannels') {
    body = (
      <Notice testId="deposit-empty" title={t('empty')}>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => deposit.send({ type: 'user.retry' })}
        >
          {t('retry')}
        </button>
      </Notice>
    );
  } else if (state === 'choosingChannel') {
    body = (
      <ChannelList
        channels={channels}
        onSelect={(channelId) => deposit.send({ type: 'user.selectChannel', channelId })}
      />
    );
  } else if ((state === 'editingAmount' || state === 'submitting') && channel) {
    body = (
      <AmountForm
        channel={channel}
        busy={busy}
        onBack={() => deposit.send({ type: 'user.back' })}
      />
    );
  } else if (state === 'submitFailed') {
    const retryable = canRetry;
    body = (
      <Notice testId="deposit-error" tone="bad" title={t('errors.title')} text={errorText}>
        {retryable && (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => deposit.send({ type: 'user.retry' })}
          >
            {t('retry')}
          </button>
        )}
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => deposit.send({ type: 'user.edit' })}
        >
          {t('edit')}
        </button>
      </Notice>
    );
  } else if (state === 'redirecting') {
    body = (
      <div data-testid="deposit-redirecting" role="status">
        <Spinner label={t('redirecting')} />
        <p className="dep-hint">{t('redirecting')}</p>
      </div>
    );
  } else if ((state === 'awaitingTransfer' || state === 'submittingReference') && order) {
    body = order.upi ? (
      <UpiDetails order={order} upi={order.upi} busy={busy} />
    ) : (
      <BankDetails order={order} busy={busy} />
    );
  } else if (state === 'awaitingConfirmation' || state === 'pendingResult') {
    // Both wait for the gateway or the operator: read the order again, or start another.
    const waiting = state === 'pendingResult' ? 'pending' : 'awaiting';
    const texts = waiting === 'awaiting' && order?.kind === 'upi' ? 'awaitingUpi' : waiting;
    body = (
      <Notice testId={`deposit-${waiting}`} title={t(`${texts}.title`)} text={t(`${texts}.text`)}>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => deposit.send({ type: 'user.refresh' })}
        >
          {t('refresh')}
        </button>
        <button type="button" className="btn btn--outline" onClick={again}>
          {t('again')}
        </button>
      </Notice>
    );
  } else if (state === 'paid' && order) {
    body = (
      <Notice
        testId="deposit-paid"
        tone="ok"
        title={t('paid.title')}
        text={t('paid.text', { amount: money(order.amount) })}
      >
        <button type="button" className="btn btn--primary" onClick={again}>
          {t('again')}
        </button>
      </Notice>
    );
  } else if (state === 'failed') {
    body = (
      <Notice testId="deposit-failed" tone="bad" title={t('failed.title')} text={t('failed.text')}>
        <button type="button" className="btn btn--primary" onClick={again}>
          {t('again')}
        </button>
      </Notice>
    );
  }

  return (
    <DepositActorContext.Provider value={deposit}>
      <section className="dep-page" aria-labelledby={headingId} data-testid="deposit-page">
        <h2 id={headingId} className="dep-page__title">
          {t('title')}
        </h2>
        {body}
      </section>
    </DepositActorContext.Provider>
  );
}

import {
  createContext,
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
  type DepositOrder,
  type PaymentChannel,
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

function BankDetails({ order, busy }: { order: DepositOrder; busy: boolean }) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const { deposit } = useDepositActor();
  const error = useSelector(deposit, (s) => s.context.error);
  const headingId = useId();
  const account = order.bankAccount;
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
        <dt>{t('bank.amount')}</dt>
        <dd data-testid="deposit-bank-amount">{money(order.amount)}</dd>
        {account && (
          <>
            <dt>{t('bank.bankName')}</dt>
            <dd>{account.bankName}</dd>
            <dt>{t('bank.accountName')}</dt>
            <dd>{account.accountName}</dd>
            <dt>{t('bank.accountNumber')}</dt>
            <dd data-testid="deposit-bank-number">{account.accountNumber}</dd>
          </>
        )}
      </dl>
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
    body = <BankDetails order={order} busy={busy} />;
  } else if (state === 'awaitingConfirmation' || state === 'pendingResult') {
    // Both wait for the gateway or the operator: read the order again, or start another.
    const waiting = state === 'pendingResult' ? 'pending' : 'awaiting';
    body = (
      <Notice
        testId={`deposit-${waiting}`}
        title={t(`${waiting}.title`)}
        text={t(`${waiting}.text`)}
      >
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

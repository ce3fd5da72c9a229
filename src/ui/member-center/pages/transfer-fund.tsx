import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type {
  ConsolidatedFunds,
  ConsolidateReply,
  TransferReply,
} from '../../../contract/records.ts';
import { mainWalletKind } from '../../../contract/wallet.ts';
import type { transferMachine } from '../../../machines/transfer.machine.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { RemoteState } from '../../pages/shared/remote-state.tsx';
import { useRecordsFlows } from '../records-flows.ts';
import { FailedTransferActions, useErrorText } from './records-common.tsx';
import { SelectField } from '../../components/form/field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { amountFromInput, MoneyField, useMoney } from '../../components/form/money-field.tsx';

type TransferRef = ActorRefFrom<typeof transferMachine>;
const retryable = ['network_error', 'timeout', 'system_error', 'too_many_requests'];

/**
 * My wallet (transferFund): the total, the main wallet and every game vendor wallet; when the
 * site keeps a wallet per vendor, a transfer form and "bring all to main wallet".
 */
export default function TransferFundPage() {
  const { t } = useTranslation('records');
  const records = useRecordsFlows();
  const fundsRef = useActorRef(records.funds, { input: { params: {} } });
  const funds = useRemoteData<ConsolidatedFunds>(fundsRef);
  const transfer = useActorRef(records.walletTransfer);
  const consolidate = useActorRef(records.consolidate);
  const transferDone = useSelector(transfer, (s) => s.matches('done'));
  const consolidateDone = useSelector(consolidate, (s) => s.matches('done'));
  const headingId = useId();

  // After money moved, the wallets are read again.
  useEffect(() => {
    if (transferDone || consolidateDone) fundsRef.send({ type: 'user.reload' });
  }, [transferDone, consolidateDone, fundsRef]);

  return (
    <section className="rc-page" data-testid="page-transferFund" aria-labelledby={headingId}>
      <h2 id={headingId} className="rc-title">
        {t('transferFund.title')}
      </h2>
      <RemoteState view={funds}>
        {(data) => (
          <>
            <FundsTotal funds={data} />
            {data.isSingle ? (
              <p className="rc-note" data-testid="single-wallet-note">
                {t('transferFund.singleNote')}
              </p>
            ) : (
              <>
                <TransferForm funds={data} actor={transfer} newKey={records.newRequestKey} />
                <ConsolidateButton actor={consolidate} newKey={records.newRequestKey} />
              </>
            )}
            <WalletList funds={data} />
          </>
        )}
      </RemoteState>
    </section>
  );
}

function FundsTotal({ funds }: { funds: ConsolidatedFunds }) {
  const { t } = useTranslation('records');
  const money = useMoney();
  return (
    <p className="rc-total">
      <span>{t('transferFund.total')}</span>
      <strong data-testid="funds-total">{money(funds.sumBalance)}</strong>
    </p>
  );
}

function WalletList({ funds }: { funds: ConsolidatedFunds }) {
  const { t } = useTranslation('records');
  const money = useMoney();
  const wallets = funds.isSingle
    ? funds.wallets.filter((wallet) => wallet.kind === mainWalletKind)
    : funds.wallets;
  return (
    <>
      <ul className="rc-wallets" aria-label={t('transferFund.wallets')}>
        {wallets.map((wallet) => (
          <li
            key={wallet.kind}
            className={
              wallet.kind === mainWalletKind
                ? 'rc-wallet-card rc-wallet-card--main'
                : 'rc-wallet-card'
            }
          >
            <span>{wallet.displayName ?? t('common.mainWallet')}</span>
            <strong>{money(wallet.balance)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

function TransferForm({
  funds,
  actor,
  newKey,
}: {
  funds: ConsolidatedFunds;
  actor: TransferRef;
  newKey: () => string;
}) {
  const { t } = useTranslation('records');
  const money = useMoney();
  const errorText = useErrorText();
  const state = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const result = useSelector(actor, (s) => s.context.result) as TransferReply | null;
  const vendors = funds.wallets.filter((wallet) => wallet.kind !== mainWalletKind);
  const [from, setFrom] = useState<string>(mainWalletKind);
  const [to, setTo] = useState<string>(vendors[0]?.kind ?? mainWalletKind);
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const name = (kind: string) =>
    funds.wallets.find((wallet) => wallet.kind === kind)?.displayName ?? t('common.mainWallet');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = amountFromInput(amount);
    if (from === to || (from !== mainWalletKind && to !== mainWalletKind)) {
      setInvalid(t('transferFund.sameWallet'));
      return;
    }
    if (!minor) {
      setInvalid(t('common.amountInvalid'));
      return;
    }
    setInvalid(null);
    actor.send({
      type: 'user.submit',
      request: { from, to, amount: minor, idempotencyKey: newKey() },
    });
  };

  if (state === 'done' && result) {
    return (
      <div className="rc-result" role="status" data-testid="transfer-done">
        <p>
          {t('transferFund.done', {
            amount: money(result.amount),
            main: money(result.mainBalance),
          })}
        </p>
        <button
          type="button"
          className="pg-btn pg-btn--primary"
          onClick={() => actor.send({ type: 'user.again' })}
        >
          {t('transferFund.again')}
        </button>
      </div>
    );
  }

  const busy = state === 'submitting';
  const walletOptions = funds.wallets.map((wallet) => (
    <option key={wallet.kind} value={wallet.kind}>
      {wallet.displayName ?? t('common.mainWallet')}
    </option>
  ));
  const shownError = invalid ?? (state === 'failed' ? errorText(error) : null);
  return (
    <form className="rc-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="rc-form__row">
        <SelectField
          label={t('transferFund.from')}
          value={from}
          disabled={busy}
          onChange={(e) => setFrom(e.target.value)}
        >
          {walletOptions}
        </SelectField>
        <button
          type="button"
          className="pg-btn pg-btn--ghost pg-btn--small rc-swap"
          aria-label={t('transferFund.swap')}
          disabled={busy}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
        >
          ⇄
        </button>
        <SelectField
          label={t('transferFund.to')}
          value={to}
          disabled={busy}
          onChange={(e) => setTo(e.target.value)}
        >
          {walletOptions}
        </SelectField>
      </div>
      <MoneyField
        label={t('common.amount')}
        placeholder={t('common.amountPlaceholder')}
        value={amount}
        disabled={busy}
        error={shownError ?? undefined}
        hint={`${name(from)}: ${money(funds.wallets.find((wallet) => wallet.kind === from)?.balance ?? '0')}`}
        onChange={(e) => {
          setAmount(e.target.value);
          // A new amount after a failure (insufficient balance...) brings the submit back.
          if (state === 'failed') actor.send({ type: 'user.edit' });
        }}
      />
      <FormActions
        submit={state === 'failed' ? undefined : { label: t('transferFund.submit'), busy }}
      >
        {state === 'failed' ? (
          <FailedTransferActions
            canRetry={retryable.includes(error ?? '')}
            changeLabel={t('transferFund.change')}
            onRetry={() => actor.send({ type: 'user.retry' })}
            onChange={() => actor.send({ type: 'user.edit' })}
          />
        ) : null}
      </FormActions>
    </form>
  );
}

function ConsolidateButton({ actor, newKey }: { actor: TransferRef; newKey: () => string }) {
  const { t } = useTranslation('records');
  const money = useMoney();
  const errorText = useErrorText();
  const state = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const result = useSelector(actor, (s) => s.context.result) as ConsolidateReply | null;
  const busy = state === 'submitting';
  const run = () => {
    if (state === 'failed') actor.send({ type: 'user.edit' });
    if (state === 'done') actor.send({ type: 'user.again' });
    actor.send({ type: 'user.submit', request: { amount: '0', idempotencyKey: newKey() } });
  };
  return (
    <div className="rc-consolidate">
      <button type="button" className="pg-btn pg-btn--ghost" disabled={busy} onClick={run}>
        {busy ? <span className="pg-spinner rc-btn-spinner" aria-hidden="true" /> : null}
        {t('transferFund.consolidate')}
      </button>
      {state === 'done' && result && (
        <p role="status" className="rc-hint">
          {result.moved === '0'
            ? t('transferFund.nothingToConsolidate')
            : t('transferFund.consolidated', { amount: money(result.moved) })}
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="rc-error">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}

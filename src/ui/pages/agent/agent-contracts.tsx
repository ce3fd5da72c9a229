import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import {
  contractKindPages,
  dividendPeriods,
  type ContractKind,
  type ContractTier,
  type ContractView,
  type DividendPeriod,
} from '../../../contract/agent.ts';
import { useFormat } from '../../hooks/use-format.ts';
import {
  AgentPage,
  DataState,
  bpsFromPercent,
  percentOf,
  useAgentCenter,
  useAgentData,
  useAgentError,
} from './agent-common.tsx';
import { useAgentFlows } from './agent-flows.ts';
import { contractStateText, ownPlayNote, partyName, realtimeNoteText } from './agent-texts.ts';

type TierText = { minTurnover: string; minNetLoss: string; minActiveMembers: string; rate: string };
const blankTier: TierText = {
  minTurnover: '0',
  minNetLoss: '0',
  minActiveMembers: '0',
  rate: '',
};

/** Whole currency units typed (up to 2 decimals) as minor units, or null. */
function minorOf(typed: string): string | null {
  const text = typed.trim().replace(/,/g, '');
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return String(BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0')));
}

const majorOf = (minor: string) => {
  const value = BigInt(minor);
  const cents = value % 100n;
  return cents === 0n ? String(value / 100n) : `${value / 100n}.${String(cents).padStart(2, '0')}`;
};

/** The form's rows for a draft (kept by the machine while a submit goes out and back). */
function rowsOf(tiers: readonly ContractTier[]): TierText[] {
  return tiers.map((tier) => ({
    minTurnover: majorOf(tier.minTurnover),
    minNetLoss: majorOf(tier.minNetLoss),
    minActiveMembers: String(tier.minActiveMembers),
    rate: tier.rateBps > 0 ? (tier.rateBps / 100).toFixed(2) : '',
  }));
}

/** The typed tiers as the contract's tiers; a field that does not read gives a 0 rate (refused). */
function tiersOf(rows: TierText[]): ContractTier[] {
  return rows.map((row) => ({
    minTurnover: minorOf(row.minTurnover) ?? '0',
    minNetLoss: minorOf(row.minNetLoss) ?? '0',
    minActiveMembers: /^\d{1,7}$/.test(row.minActiveMembers) ? Number(row.minActiveMembers) : 0,
    rateBps: bpsFromPercent(row.rate) ?? 0,
  }));
}

/** The tier fields a kind uses, in column order (the rate last). */
type TierColumn = 'minTurnover' | 'minNetLoss' | 'minActiveMembers' | 'rate';
function tierColumns(kind: ContractKind): TierColumn[] {
  if (kind === 'realtime') return ['rate'];
  if (kind === 'dividend') return ['minTurnover', 'minNetLoss', 'rate'];
  return ['minTurnover', 'minActiveMembers', 'rate'];
}

/** The tiers of a contract, as a small table. */
function TierTable({ contract }: { contract: ContractView }) {
  const { t } = useTranslation('agent');
  const { money } = useFormat();
  const columns = tierColumns(contract.kind);
  const label = (column: TierColumn) =>
    t(
      column !== 'rate'
        ? `tier.${column}`
        : contract.kind === 'dividend'
          ? 'tier.lossRate'
          : 'tier.betRate',
    );
  const cell = (tier: ContractTier, column: TierColumn) =>
    column === 'rate'
      ? percentOf(tier.rateBps)
      : column === 'minActiveMembers'
        ? tier.minActiveMembers
        : money(tier[column]);
  return (
    <table className="rc-table ag-tiers">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {label(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {contract.tiers.map((tier, index) => (
          <tr key={index}>
            {columns.map((column) => (
              <td key={column} data-label={label(column)}>
                {cell(tier, column)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A contract's summary: parties, state, rate, dates. */
function ContractSummary({ contract }: { contract: ContractView }) {
  const { t } = useTranslation('agent');
  const { dateTime } = useFormat();
  return (
    <>
      <dl className="ag-figures ag-figures--two">
        <div>
          <dt>{t('contract.upline')}</dt>
          <dd>{partyName(t, contract.upline)}</dd>
        </div>
        <div>
          <dt>{t('contract.downline')}</dt>
          <dd>{contract.downline}</dd>
        </div>
        <div>
          <dt>{t(contract.kind === 'dividend' ? 'tier.lossRate' : 'tier.betRate')}</dt>
          <dd data-testid="contract-rate">{percentOf(contract.maxRateBps)}</dd>
        </div>
        {contract.period && (
          <div>
            <dt>{t('contract.period')}</dt>
            <dd>{t(`dividendPeriod.${contract.period}`)}</dd>
          </div>
        )}
        <div>
          <dt>{t('contract.created')}</dt>
          <dd>{dateTime(contract.createdAt)}</dd>
        </div>
        {contract.endsAt && (
          <div>
            <dt>{t('contract.endsAt')}</dt>
            <dd>{dateTime(contract.endsAt)}</dd>
          </div>
        )}
      </dl>
      {/* A real-time contract has one rate, shown above. */}
      {contract.kind !== 'realtime' && <TierTable contract={contract} />}
    </>
  );
}

/** The offer form: tiers (thresholds and rate) and a dividend's period. */
function OfferForm({
  kind,
  draft,
  onChange,
}: {
  kind: ContractKind;
  draft: { tiers: readonly ContractTier[]; period: DividendPeriod | null };
  onChange: (tiers: ContractTier[], period: DividendPeriod | null) => void;
}) {
  const { t } = useTranslation('agent');
  const [rows, setRows] = useState<TierText[]>(() => rowsOf(draft.tiers));
  const [period, setPeriod] = useState<DividendPeriod>(draft.period ?? 'Weekly');
  const id = useId();
  const update = (nextRows: TierText[], nextPeriod = period) => {
    setRows(nextRows);
    setPeriod(nextPeriod);
    onChange(tiersOf(nextRows), kind === 'dividend' ? nextPeriod : null);
  };
  const set = (index: number, field: keyof TierText, value: string) =>
    update(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  return (
    <div className="ag-offer">
      {kind === 'dividend' && (
        <div className="rc-field">
          <label htmlFor={`${id}-period`}>{t('contract.period')}</label>
          <select
            id={`${id}-period`}
            className="pg-input"
            value={period}
            onChange={(e) => update(rows, e.target.value as DividendPeriod)}
          >
            {dividendPeriods.map((p) => (
              <option key={p} value={p}>
                {t(`dividendPeriod.${p}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {rows.map((row, index) => (
        <fieldset key={index} className="ag-tier-row">
          <legend>{t('tier.legend', { n: index + 1 })}</legend>
          {tierColumns(kind).map((column) => (
            <label key={column}>
              <span>
                {t(
                  column !== 'rate'
                    ? `tier.${column}`
                    : kind === 'dividend'
                      ? 'tier.lossRatePercent'
                      : 'tier.betRatePercent',
                )}
              </span>
              <input
                className="pg-input"
                inputMode={column === 'minActiveMembers' ? 'numeric' : 'decimal'}
                value={row[column]}
                placeholder={column === 'rate' ? '0.00' : undefined}
                onChange={(e) => set(index, column, e.target.value)}
                data-testid={column === 'rate' ? 'contract-rate-input' : undefined}
              />
            </label>
          ))}
          {rows.length > 1 && (
            <button
              type="button"
              className="pg-btn pg-btn--ghost pg-btn--small"
              onClick={() => update(rows.filter((_, i) => i !== index))}
            >
              {t('tier.remove')}
            </button>
          )}
        </fieldset>
      ))}
      {kind !== 'realtime' && rows.length < 10 && (
        <button
          type="button"
          className="pg-btn pg-btn--ghost pg-btn--small"
          onClick={() => update([...rows, blankTier])}
        >
          {t('tier.add')}
        </button>
      )}
      <p className="ag-muted">{t('tier.hint')}</p>
    </div>
  );
}

/**
 * One contract of a kind between the agent and its upline (side downline) or one of its direct
 * downline agents (side upline), driven by the contract machine: the offer form, the answer
 * buttons, termination, and the changes the channel announces.
 */
export function ContractPanel({
  kind,
  side,
  downline,
  initial,
}: {
  kind: ContractKind;
  side: 'upline' | 'downline';
  downline: string | null;
  initial: ContractView | null;
}) {
  const { t } = useTranslation('agent');
  const flows = useAgentFlows();
  const { lastNews } = useAgentCenter();
  const errorText = useAgentError();
  const [nonce] = useState(() => `offer-${crypto.randomUUID()}`);
  const actor = useActorRef(flows.contract(side), {
    input: { kind, downline, contract: initial, nonce },
  });
  const snapshot = useSelector(actor, (s) => s);
  const busy = snapshot.hasTag('busy');
  const contract = snapshot.context.contract;
  const state = snapshot.value as string;

  useEffect(() => {
    if (!lastNews) return;
    if (lastNews.name === 'contract') {
      actor.send({
        type: 'socket.contractChanged',
        contractId: lastNews.payload.contractId,
        status: lastNews.payload.status,
      });
    } else if (lastNews.name === 'wage') {
      actor.send({ type: 'socket.wageSettled', contractId: lastNews.payload.contractId });
    }
  }, [lastNews, actor]);

  const testIds: Record<string, string> = {
    waiting: 'contract-waiting',
    composing: 'contract-composing',
    pending: 'contract-pending',
    active: 'contract-active',
    terminationRequested: 'contract-terminating',
    ended: 'contract-ended',
    rejected: 'contract-rejected',
    cancelled: 'contract-cancelled',
    submitting: 'contract-busy',
    refreshing: 'contract-busy',
  };
  const newOffer = side === 'upline' && (
    <button
      type="button"
      className="pg-btn pg-btn--ghost"
      onClick={() => actor.send({ type: 'user.newOffer' })}
      data-testid="contract-new-offer"
    >
      {t('contract.newOffer')}
    </button>
  );
  const error = snapshot.context.error;

  return (
    <div
      className="ag-card ag-contract"
      data-testid="contract-panel"
      data-state={state}
      data-kind={kind}
      data-side={side}
      aria-busy={busy}
    >
      <div data-testid={testIds[state]}>
        {busy && (
          <p className="ag-muted" role="status">
            {t('contract.busy')}
          </p>
        )}
        {state === 'waiting' && <p>{t('contract.waiting')}</p>}
        {state !== 'composing' && contract && (
          <p className={`ag-state ag-state--${contract.state}`} data-testid="contract-state">
            {contractStateText(t, contract, side)}
          </p>
        )}
        {state !== 'composing' && contract && <ContractSummary contract={contract} />}
        {state === 'composing' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'user.submitOffer' });
            }}
            noValidate
          >
            <p>{t('contract.offerTo', { who: downline, kind: t(`kind.${kind}`) })}</p>
            <OfferForm
              kind={kind}
              draft={snapshot.context.draft}
              onChange={(tiers, period) => actor.send({ type: 'user.editOffer', tiers, period })}
            />
            <div className="ag-actions">
              {contract && (
                <button
                  type="button"
                  className="pg-btn pg-btn--ghost"
                  onClick={() => actor.send({ type: 'user.cancelOffer' })}
                  data-testid="contract-back"
                >
                  {t('contract.back')}
                </button>
              )}
              <button type="submit" className="pg-btn pg-btn--primary" data-testid="contract-send">
                {t('contract.send')}
              </button>
            </div>
          </form>
        )}
        {error && (
          <p className="ag-error" role="alert" data-testid="contract-error">
            {error === 'contract_tiers_invalid'
              ? t('errors.contract_tiers_invalid')
              : errorText(error)}
          </p>
        )}
        <div className="ag-actions">
          {state === 'pending' && side === 'upline' && (
            <button
              type="button"
              className="pg-btn pg-btn--ghost"
              onClick={() => actor.send({ type: 'user.withdraw' })}
              data-testid="contract-withdraw"
            >
              {t('contract.withdraw')}
            </button>
          )}
          {state === 'pending' && side === 'downline' && (
            <>
              <button
                type="button"
                className="pg-btn pg-btn--ghost"
                onClick={() => actor.send({ type: 'user.reject' })}
                data-testid="contract-reject"
              >
                {t('contract.reject')}
              </button>
              <button
                type="button"
                className="pg-btn pg-btn--primary"
                onClick={() => actor.send({ type: 'user.accept' })}
                data-testid="contract-accept"
              >
                {t('contract.accept')}
              </button>
            </>
          )}
          {state === 'active' && (
            <button
              type="button"
              className="pg-btn pg-btn--ghost"
              onClick={() => actor.send({ type: 'user.terminate' })}
              data-testid="contract-terminate"
            >
              {t('contract.terminate')}
            </button>
          )}
          {['active', 'terminationRequested', 'ended', 'rejected', 'cancelled'].includes(state) &&
            newOffer}
        </div>
      </div>
    </div>
  );
}

/**
 * A contract kind's page: my contract as downline (answer, terminate), then my offers to each
 * direct downline agent (when the kind may be offered), both live.
 */
function ContractKindPage({ kind }: { kind: ContractKind }) {
  const { t, i18n } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { center } = useAgentCenter();
  const page = contractKindPages[kind];
  const mine = useAgentData(
    (signal) => calls.processContract(kind, { action: 'list' }, signal),
    kind,
  );
  const canOffer = center.offerableKinds.includes(kind);
  const agents = useAgentData(
    (signal) =>
      canOffer
        ? calls.downline({ pageNo: '1', pageSize: '15' }, signal)
        : Promise.resolve({ list: [], path: [], totalCount: 0, pageNo: 1, pageSize: 15 }),
    `downline:${kind}:${canOffer}`,
  );
  const pick = (list: ContractView[], side: 'upline' | 'downline', who: string | null) => {
    const rank = (c: ContractView) =>
      c.state === 'pending' ? 0 : c.state === 'active' || c.state === 'terminating' ? 1 : 2;
    return (
      list
        .filter((c) => c.role === side && (who === null || c.downline === who))
        .sort((a, b) => rank(a) - rank(b) || b.contractId - a.contractId)[0] ?? null
    );
  };
  return (
    <AgentPage testId={`ag-page-${page}`} title={t(`page.${page}`)}>
      <p className="ag-muted" data-testid="contract-note">
        {kind === 'realtime'
          ? realtimeNoteText(t, center.realtimeWindowSeconds, i18n.language)
          : t(`contract.note.${kind}`)}
      </p>
      <p className="ag-muted" data-testid="own-play-note">
        {ownPlayNote(t, center.upline)}
      </p>
      {!canOffer && (
        <p className="ag-muted" data-testid="contract-cannot-offer">
          {t('contract.cannotOffer', { kind: t(`kind.${kind}`) })}
        </p>
      )}
      <DataState view={mine}>
        {(reply) => (
          <>
            {/* A sub-agent's contract with its upline, or a top agent's with the site. */}
            {(center.upline !== null || reply.contracts.some((c) => c.role === 'downline')) && (
              <section className="ag-section" data-testid="contract-mine">
                <h3>{t('contract.mine')}</h3>
                <ContractPanel
                  kind={kind}
                  side="downline"
                  downline={null}
                  initial={pick(reply.contracts, 'downline', null)}
                />
              </section>
            )}
            {canOffer && (
              <section className="ag-section" data-testid="contract-offers">
                <h3>{t('contract.offers')}</h3>
                <DataState
                  view={agents}
                  empty={{
                    when: (p) => p.list.every((m) => !m.isAgent),
                    text: t('contract.noDownlineAgents'),
                  }}
                >
                  {(downline) =>
                    downline.list
                      .filter((m) => m.isAgent)
                      .map((m) => (
                        <div key={m.username} className="ag-offer-for" data-downline={m.username}>
                          <h4>{m.username}</h4>
                          <ContractPanel
                            kind={kind}
                            side="upline"
                            downline={m.username}
                            initial={pick(reply.contracts, 'upline', m.username)}
                          />
                        </div>
                      ))
                  }
                </DataState>
              </section>
            )}
          </>
        )}
      </DataState>
    </AgentPage>
  );
}

export const DividendPage = () => <ContractKindPage kind="dividend" />;
export const DailySalaryPage = () => <ContractKindPage kind="daily" />;
export const HourlySalaryPage = () => <ContractKindPage kind="hourly" />;
export const RealtimeSalaryPage = () => <ContractKindPage kind="realtime" />;

/** A member's contracts as the member detail lists them. */
export function ContractList({ contracts }: { contracts: ContractView[] }) {
  const { t } = useTranslation('agent');
  if (contracts.length === 0) return <p className="ag-muted">{t('contract.none')}</p>;
  return (
    <ul className="ag-list">
      {contracts.map((c) => (
        <li key={c.contractId} className="ag-card">
          <p>
            <strong>{t(`kind.${c.kind}`)}</strong> · {t(`state.${c.state}.label`)} ·{' '}
            {percentOf(c.maxRateBps)}
          </p>
        </li>
      ))}
    </ul>
  );
}

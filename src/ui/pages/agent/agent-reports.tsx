import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamOverview } from '../../../contract/agent.ts';
import { useFormat } from '../../hooks/use-format.ts';
import {
  AgentPage,
  AgentPager,
  DataState,
  PeriodChips,
  percentOf,
  useAgentCenter,
  useAgentData,
  type Period,
} from './agent-common.tsx';
import { useAgentFlows, type AgentQuery, type Paged } from './agent-flows.ts';
import { ownPlayNote, partyName, signedMoney, winLossNote } from './agent-texts.ts';

/** The figures of a team overview, as a definition list, and the sign of its win/loss. */
export function OverviewFigures({ overview, testId }: { overview: TeamOverview; testId?: string }) {
  const { t } = useTranslation('agent');
  const { money } = useFormat();
  const counts = ['teamSize', 'directCount', 'newMembers', 'activeMembers'] as const;
  const amounts = [
    'deposits',
    'withdrawals',
    'turnover',
    'validTurnover',
    'wins',
    'netProfitLoss',
    'teamBalance',
  ] as const;
  return (
    <>
      <dl className="ag-figures" data-testid={testId}>
        {counts.map((key) => (
          <div key={key} data-testid={`ag-figure-${key}`}>
            <dt>{t(`overview.${key}`)}</dt>
            <dd>{overview[key]}</dd>
          </div>
        ))}
        {amounts.map((key) => (
          <div key={key} data-testid={`ag-figure-${key}`}>
            <dt>{t(`overview.${key}`)}</dt>
            <dd>
              {key === 'netProfitLoss' ? signedMoney(overview[key], money) : money(overview[key])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="ag-muted" data-testid="ag-win-loss-note">
        {winLossNote(t, money)}
      </p>
    </>
  );
}

/** agentTeamOverview: the team's figures for the last 7 or 30 days (read again on each wage). */
export function TeamOverviewPage() {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { revision, center } = useAgentCenter();
  const [preset, setPreset] = useState<Period>('last7');
  const view = useAgentData(
    (signal) => calls.teamOverview({ preset }, signal),
    `${preset}:${revision}`,
  );
  return (
    <AgentPage testId="ag-page-agentTeamOverview" title={t('page.agentTeamOverview')}>
      <p className="ag-muted">
        {t('overview.welcome', { name: center.username })}
        {center.upline ? ` · ${t('overview.upline', { name: center.upline })}` : ''}
      </p>
      <div className="rc-filters">
        <PeriodChips value={preset} onChange={setPreset} />
      </div>
      <DataState view={view}>{(overview) => <OverviewFigures overview={overview} />}</DataState>
    </AgentPage>
  );
}

type Column<T> = { key: string; label: string; cell: (row: T) => ReactNode };

/**
 * A paged report of the team: the 7 / 30 day presets, a member filter, the rows (15 a page)
 * and the totals over the whole range.
 */
function PagedReport<T>({
  page,
  testId,
  load,
  columns,
  totals,
  emptyText,
  withUser = true,
  note,
  signedTotals = [],
}: {
  page: string;
  testId: string;
  load: (query: AgentQuery, signal: AbortSignal) => Promise<Paged<T>>;
  columns: Column<T>[];
  totals: readonly string[];
  emptyText: string;
  withUser?: boolean;
  /** What the figures mean (a sign convention, what counts), under the title. */
  note?: string;
  /** Totals shown with their sign ("+₹85.00"). */
  signedTotals?: readonly string[];
}) {
  const { t } = useTranslation('agent');
  const { money } = useFormat();
  const { revision } = useAgentCenter();
  const [query, setQuery] = useState({ preset: 'last7' as Period, username: '', pageNo: 1 });
  const [typed, setTyped] = useState('');
  const params: AgentQuery = { preset: query.preset, pageNo: String(query.pageNo) };
  if (query.username) params.username = query.username;
  const view = useAgentData(
    (signal) => load(params, signal),
    `${JSON.stringify(params)}:${revision}`,
  );
  return (
    <AgentPage testId={testId} title={t(`page.${page}`)}>
      {note && (
        <p className="ag-muted" data-testid={`${testId}-note`}>
          {note}
        </p>
      )}
      <div className="rc-filters">
        <PeriodChips
          value={query.preset}
          onChange={(preset) => setQuery({ ...query, preset, pageNo: 1 })}
        />
        {withUser && (
          <form
            className="ag-search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              setQuery({ ...query, username: typed.trim(), pageNo: 1 });
            }}
          >
            <label htmlFor={`${testId}-user`}>{t('filter.username')}</label>
            <input
              id={`${testId}-user`}
              className="pg-input"
              value={typed}
              maxLength={64}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="pg-btn pg-btn--ghost pg-btn--small">
              {t('filter.search')}
            </button>
          </form>
        )}
      </div>
      <DataState view={view} empty={{ when: (p) => p.list.length === 0, text: emptyText }}>
        {(data) => (
          <>
            {totals.length > 0 && (
              <dl className="rc-totals">
                {totals.map((key) => (
                  <div key={key}>
                    <dt>{t(`totals.${key}`)}</dt>
                    <dd data-testid={`ag-total-${key}`}>
                      {signedTotals.includes(key)
                        ? signedMoney(data.totals[key] ?? '0', money)
                        : money(data.totals[key] ?? '0')}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <div className="ag-scroll">
              <table className="rc-table" data-testid={`${testId}-table`}>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th scope="col" key={column.key}>
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((row, index) => (
                    <tr key={index} data-testid="ag-row">
                      {columns.map((column) => (
                        <td key={column.key} data-label={column.label}>
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <AgentPager page={data} onPage={(pageNo) => setQuery({ ...query, pageNo })} />
          </>
        )}
      </DataState>
    </AgentPage>
  );
}

/** personalHistoryCopy: the team's bets (games and lottery). */
export function TeamBetsPage() {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { money, dateTime } = useFormat();
  return (
    <PagedReport
      page="personalHistoryCopy"
      testId="ag-page-personalHistoryCopy"
      load={(q, s) => calls.teamBets(q, s)}
      totals={['stake', 'validTurnover', 'win']}
      emptyText={t('empty.bets')}
      columns={[
        { key: 'user', label: t('col.username'), cell: (r) => r.username },
        {
          key: 'game',
          label: t('col.game'),
          // The lobby's category (Slots, Live casino, ...), not the wallet it went through.
          cell: (r) =>
            `${r.gameName} · ${t(`category.${r.gameType}`, { defaultValue: r.gameType })}`,
        },
        { key: 'stake', label: t('col.stake'), cell: (r) => money(r.stake) },
        { key: 'valid', label: t('col.validTurnover'), cell: (r) => money(r.validTurnover) },
        {
          key: 'win',
          label: t('col.win'),
          cell: (r) => (r.settled ? money(r.win) : t('col.unsettled')),
        },
        {
          key: 'time',
          label: t('col.time'),
          cell: (r) => <time dateTime={r.placedAt}>{dateTime(r.placedAt)}</time>,
        },
      ]}
    />
  );
}

/** palStatementsAgentCopy: profit and loss per member of the team. */
export function ProfitLossPage() {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { money } = useFormat();
  return (
    <PagedReport
      page="palStatementsAgentCopy"
      testId="ag-page-palStatementsAgentCopy"
      load={(q, s) => calls.profitLoss(q, s)}
      totals={['turnover', 'wins', 'netProfitLoss']}
      signedTotals={['netProfitLoss']}
      note={winLossNote(t, money)}
      emptyText={t('empty.profitLoss')}
      columns={[
        { key: 'user', label: t('col.username'), cell: (r) => r.username },
        { key: 'level', label: t('col.level'), cell: (r) => r.level },
        { key: 'turnover', label: t('col.turnover'), cell: (r) => money(r.turnover) },
        { key: 'wins', label: t('col.win'), cell: (r) => money(r.wins) },
        {
          key: 'net',
          label: t('col.netProfitLoss'),
          cell: (r) => signedMoney(r.netProfitLoss, money),
        },
        { key: 'dep', label: t('col.deposits'), cell: (r) => money(r.deposits) },
        { key: 'wd', label: t('col.withdrawals'), cell: (r) => money(r.withdrawals) },
        { key: 'wages', label: t('col.wages'), cell: (r) => money(r.wages) },
      ]}
    />
  );
}

/** agentRevenueReport: my income, wages and dividends received and paid (live on each wage). */
export function IncomePage() {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { center } = useAgentCenter();
  const { money, dateTime } = useFormat();
  return (
    <PagedReport
      page="agentRevenueReport"
      testId="ag-page-agentRevenueReport"
      load={(q, s) => calls.income(q, s)}
      totals={['received', 'paid']}
      note={ownPlayNote(t, center.upline)}
      emptyText={t('empty.income')}
      withUser={false}
      columns={[
        {
          key: 'kind',
          label: t('col.kind'),
          cell: (r) => `${t(`kind.${r.kind}`)} · ${t(`direction.${r.direction}`)}`,
        },
        {
          key: 'who',
          label: t('col.counterparty'),
          cell: (r) => <span data-testid="ag-income-with">{partyName(t, r.counterparty)}</span>,
        },
        {
          key: 'period',
          label: t('col.period'),
          cell: (r) => <time dateTime={r.periodStart}>{dateTime(r.periodStart)}</time>,
        },
        { key: 'base', label: t('col.base'), cell: (r) => money(r.base) },
        { key: 'rate', label: t('col.rate'), cell: (r) => percentOf(r.rateBps) },
        {
          key: 'amount',
          label: t('col.amount'),
          cell: (r) => (
            <span
              className={r.direction === 'received' ? 'rc-in' : 'rc-out'}
              data-testid="ag-income-amount"
            >
              {r.direction === 'received' ? '+' : '-'}
              {money(r.amount)}
            </span>
          ),
        },
      ]}
    />
  );
}

/** agentDownlineTransactionDetailsCopy: the money movements of the team's members. */
export function TransactionsPage() {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { money, dateTime } = useFormat();
  return (
    <PagedReport
      page="agentDownlineTransactionDetailsCopy"
      testId="ag-page-agentDownlineTransactionDetailsCopy"
      load={(q, s) => calls.transactions(q, s)}
      totals={['totalIn', 'totalOut']}
      emptyText={t('empty.transactions')}
      columns={[
        { key: 'user', label: t('col.username'), cell: (r) => r.username },
        {
          key: 'kind',
          label: t('col.kind'),
          cell: (r) => t(`entry.${r.kind}`, { defaultValue: r.kind }),
        },
        {
          key: 'amount',
          label: t('col.amount'),
          cell: (r) => (
            <span className={r.amount.startsWith('-') ? 'rc-out' : 'rc-in'}>{money(r.amount)}</span>
          ),
        },
        {
          key: 'time',
          label: t('col.time'),
          cell: (r) => <time dateTime={r.createdAt}>{dateTime(r.createdAt)}</time>,
        },
      ]}
    />
  );
}

/** agentAnnouncement: the operator's announcements for agents. */
export function AnnouncementsPage() {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { dateTime } = useFormat();
  const [pageNo, setPageNo] = useState(1);
  const view = useAgentData(
    (signal) => calls.announcements({ pageNo: String(pageNo) }, signal),
    `announcements:${pageNo}`,
  );
  return (
    <AgentPage testId="ag-page-agentAnnouncement" title={t('page.agentAnnouncement')}>
      <DataState
        view={view}
        empty={{ when: (p) => p.list.length === 0, text: t('empty.announcements') }}
      >
        {(page) => (
          <>
            <ul className="ag-list">
              {page.list.map((item) => (
                <li key={item.id} className="ag-card" data-testid="ag-announcement">
                  <h3>{item.title}</h3>
                  <p className="ag-muted">
                    <time dateTime={item.createdAt}>{dateTime(item.createdAt)}</time>
                  </p>
                  <p className="ag-pre">{item.content}</p>
                </li>
              ))}
            </ul>
            <AgentPager page={page} onPage={setPageNo} />
          </>
        )}
      </DataState>
    </AgentPage>
  );
}

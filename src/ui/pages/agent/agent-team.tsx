import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contractKinds } from '../../../contract/agent.ts';
import { amountFromInput } from '../../components/form/money-field.tsx';
import { useFormat } from '../../hooks/use-format.ts';
import {
  AgentPage,
  DataState,
  newRequestKey,
  useAgentCenter,
  useAgentData,
  useAgentError,
} from './agent-common.tsx';
import { ContractList, ContractPanel } from './agent-contracts.tsx';
import { useAgentFlows, type MemberDetail } from './agent-flows.ts';
import { OverviewFigures } from './agent-reports.tsx';

/**
 * downlineManagmentView: the team one level at a time (drill down into an agent, a breadcrumb
 * back up), a search of the whole team, and a member's details: figures, contracts, a new
 * contract offer (direct downline agents) and a transfer.
 */
export default function TeamPage() {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { money, dateTime } = useFormat();
  const [query, setQuery] = useState({ parent: '', search: '', pageNo: 1 });
  const [typed, setTyped] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const searchId = useId();
  const params: Record<string, string> = { pageNo: String(query.pageNo) };
  if (query.parent) params.parent = query.parent;
  if (query.search) params.search = query.search;
  const view = useAgentData((signal) => calls.downline(params, signal), JSON.stringify(params));

  if (selected) {
    return <MemberDetailView username={selected} onBack={() => setSelected(null)} />;
  }
  return (
    <AgentPage testId="ag-page-downlineManagmentView" title={t('page.downlineManagmentView')}>
      <form
        className="ag-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ parent: '', search: typed.trim(), pageNo: 1 });
        }}
      >
        <label htmlFor={searchId}>{t('team.search')}</label>
        <input
          id={searchId}
          className="pg-input"
          value={typed}
          maxLength={64}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="ag-team-search"
        />
        <button type="submit" className="pg-btn pg-btn--ghost pg-btn--small">
          {t('filter.search')}
        </button>
      </form>
      <DataState view={view} empty={{ when: (p) => p.list.length === 0, text: t('empty.team') }}>
        {(page) => (
          <>
            {!query.search && (
              <nav aria-label={t('team.path')} className="ag-crumbs">
                <ol>
                  {page.path.map((name, index) => (
                    <li key={name}>
                      {index === page.path.length - 1 ? (
                        <span aria-current="location">{name}</span>
                      ) : (
                        <button
                          type="button"
                          className="ag-link-button"
                          onClick={() =>
                            setQuery({ parent: index === 0 ? '' : name, search: '', pageNo: 1 })
                          }
                        >
                          {name}
                        </button>
                      )}
                    </li>
                  ))}
                </ol>
              </nav>
            )}
            <div className="ag-scroll">
              <table className="rc-table" data-testid="ag-team-table">
                <thead>
                  <tr>
                    <th scope="col">{t('col.username')}</th>
                    <th scope="col">{t('col.type')}</th>
                    <th scope="col">{t('col.level')}</th>
                    <th scope="col">{t('col.teamSize')}</th>
                    <th scope="col">{t('col.balance')}</th>
                    <th scope="col">{t('col.lastLogin')}</th>
                    <th scope="col">{t('col.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.list.map((m) => (
                    <tr key={m.username} data-testid="ag-team-row" data-username={m.username}>
                      <td data-label={t('col.username')}>{m.username}</td>
                      <td data-label={t('col.type')}>
                        {t(m.isAgent ? 'team.agent' : 'team.player')}
                      </td>
                      <td data-label={t('col.level')}>{m.level}</td>
                      <td data-label={t('col.teamSize')}>{m.teamSize}</td>
                      <td data-label={t('col.balance')}>{money(m.balance)}</td>
                      <td data-label={t('col.lastLogin')}>
                        {m.lastLoginAt ? dateTime(m.lastLoginAt) : '—'}
                      </td>
                      <td data-label={t('col.actions')} className="ag-row-actions">
                        {m.isAgent && m.teamSize > 0 && (
                          <button
                            type="button"
                            className="pg-btn pg-btn--ghost pg-btn--small"
                            onClick={() => setQuery({ parent: m.username, search: '', pageNo: 1 })}
                            aria-label={t('team.openTeamOf', { name: m.username })}
                          >
                            {t('team.open')}
                          </button>
                        )}
                        <button
                          type="button"
                          className="pg-btn pg-btn--ghost pg-btn--small"
                          onClick={() => setSelected(m.username)}
                          aria-label={t('team.detailsOf', { name: m.username })}
                          data-testid="ag-team-details"
                        >
                          {t('team.details')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {page.totalCount > page.pageSize && (
              <nav className="rc-pager" aria-label={t('team.pages')}>
                <button
                  type="button"
                  className="pg-btn pg-btn--ghost pg-btn--small"
                  disabled={page.pageNo <= 1}
                  onClick={() => setQuery({ ...query, pageNo: query.pageNo - 1 })}
                >
                  {t('team.previous')}
                </button>
                <button
                  type="button"
                  className="pg-btn pg-btn--ghost pg-btn--small"
                  disabled={page.pageNo * page.pageSize >= page.totalCount}
                  onClick={() => setQuery({ ...query, pageNo: query.pageNo + 1 })}
                >
                  {t('team.next')}
                </button>
              </nav>
            )}
          </>
        )}
      </DataState>
    </AgentPage>
  );
}

/** One member of the team: figures of the last 7 days, contracts, offer and transfer. */
function MemberDetailView({ username, onBack }: { username: string; onBack: () => void }) {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { center, revision } = useAgentCenter();
  const view = useAgentData((signal) => calls.member(username, signal), `${username}:${revision}`);
  return (
    <AgentPage testId="ag-member-detail" title={t('team.detailTitle', { name: username })}>
      <button type="button" className="pg-btn pg-btn--ghost pg-btn--small" onClick={onBack}>
        {t('team.back')}
      </button>
      <DataState view={view}>
        {(member) => (
          <>
            <OverviewFigures overview={member.overview} />
            <section className="ag-section">
              <h3>{t('team.contracts')}</h3>
              <ContractList contracts={member.contracts} />
            </section>
            {member.isAgent && member.level === 1 && center.offerableKinds.length > 0 && (
              <OfferSection member={member} kinds={center.offerableKinds} />
            )}
            <TransferForm member={member} />
          </>
        )}
      </DataState>
    </AgentPage>
  );
}

function OfferSection({ member, kinds }: { member: MemberDetail; kinds: readonly string[] }) {
  const { t } = useTranslation('agent');
  const offerable = contractKinds.filter((k) => kinds.includes(k));
  const [kind, setKind] = useState(offerable[0]!);
  const id = useId();
  const initial =
    member.contracts.find(
      (c) =>
        c.kind === kind &&
        c.role === 'upline' &&
        (c.state === 'pending' || c.state === 'active' || c.state === 'terminating'),
    ) ?? null;
  return (
    <section className="ag-section" data-testid="ag-member-offer">
      <h3>{t('team.offerTitle')}</h3>
      <div className="rc-field">
        <label htmlFor={id}>{t('col.kind')}</label>
        <select
          id={id}
          className="pg-input"
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
        >
          {offerable.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <ContractPanel
        key={kind}
        kind={kind}
        side="upline"
        downline={member.username}
        initial={initial}
      />
    </section>
  );
}

/** A transfer from the agent's main wallet to this member (payment password). */
function TransferForm({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const { money } = useFormat();
  const errorText = useAgentError();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [key, setKey] = useState(() => newRequestKey('agtx'));
  const ids = { amount: useId(), password: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = amountFromInput(amount);
    if (!minor || !password) return setMessage({ ok: false, text: t('transfer.invalid') });
    setBusy(true);
    setMessage(null);
    calls
      .transferDownline({
        downline: member.username,
        amount: minor,
        paymentPassword: password,
        idempotencyKey: key,
      })
      .then(
        (reply) => {
          setMessage({
            ok: true,
            text: t('transfer.done', { amount: money(reply.amount), name: reply.downline }),
          });
          setAmount('');
          setPassword('');
          setKey(newRequestKey('agtx'));
        },
        (cause: unknown) => setMessage({ ok: false, text: errorText(cause) ?? '' }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <form className="ag-section ag-form" onSubmit={submit} noValidate data-testid="ag-transfer">
      <h3>{t('transfer.title', { name: member.username })}</h3>
      <label htmlFor={ids.amount}>{t('transfer.amount')}</label>
      <input
        id={ids.amount}
        className="pg-input"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <label htmlFor={ids.password}>{t('transfer.paymentPassword')}</label>
      <input
        id={ids.password}
        className="pg-input"
        type="password"
        autoComplete="off"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {message && (
        <p className={message.ok ? 'ag-ok' : 'ag-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <button type="submit" className="pg-btn pg-btn--primary" disabled={busy}>
        {t('transfer.submit')}
      </button>
    </form>
  );
}

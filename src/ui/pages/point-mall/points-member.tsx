import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type {
  PointsBalance,
  PointsConfig,
  PointsDetails,
  PointsItem,
  Redemptions,
} from '../../../contract/loyalty.ts';
import { useReloadOn, useRemoteData } from '../../hooks/use-remote-data.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { RemoteState } from '../shared/remote-state.tsx';
import { useSession } from '../../identity/identity-flows.ts';
import { useLoyaltyFlows, WithLoyaltyFlows } from './with-loyalty-flows.ts';

const tabs = ['mall', 'history', 'details', 'rules'] as const;
type Tab = (typeof tabs)[number];

const newKey = () => `redeem-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** /pointMall for a member: points, the catalog with redeem, redeem history, details, rules. */
export function PointsMember() {
  return (
    <WithLoyaltyFlows>
      <PointsMemberView />
    </WithLoyaltyFlows>
  );
}

function PointsMemberView() {
  const { t } = useTranslation('loyalty');
  const flows = useLoyaltyFlows();
  const points = useActorRef(flows.points, { input: {} });
  const view = useRemoteData<PointsBalance>(points);
  const [tab, setTab] = useState<Tab>('mall');
  // The count added points, a redemption took some: read them again.
  useReloadOn(flows.listen, points);
  return (
    <section className="pg-section" aria-labelledby="points-title" data-testid="points-member">
      <h2 id="points-title">{t('points.title')}</h2>
      <RemoteState view={view}>
        {(balance) => (
          <p className="pg-card">
            <strong data-testid="points-balance">{balance.points}</strong> {t('points.unit')}
            <span className="pg-muted"> · {t('points.neverExpire')}</span>
          </p>
        )}
      </RemoteState>
      <div role="tablist" aria-label={t('points.title')} className="pg-actions">
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`pg-btn ${tab === key ? 'pg-btn--primary' : 'pg-btn--outline'}`}
            onClick={() => setTab(key)}
          >
            {t(`points.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'mall' && <Catalog onRedeemed={() => points.send({ type: 'user.reload' })} />}
        {tab === 'history' && <History />}
        {tab === 'details' && <Details />}
        {tab === 'rules' && <Rules />}
      </div>
    </section>
  );
}

function Catalog({ onRedeemed }: { onRedeemed: () => void }) {
  const { t } = useTranslation('loyalty');
  const { money } = useFormat();
  const flows = useLoyaltyFlows();
  const view = useRemoteData<PointsItem[]>(useActorRef(flows.items, { input: {} }));
  const redeem = useActorRef(flows.redeem);
  const busy = useSelector(redeem, (s) => s.hasTag('busy'));
  const done = useSelector(redeem, (s) => s.matches('done'));
  const error = useSelector(redeem, (s) => s.context.error);
  const [chosen, setChosen] = useState<PointsItem | null>(null);
  const [password, setPassword] = useState('');
  const [remark, setRemark] = useState('');
  const [key, setKey] = useState(newKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    redeem.send({
      type: 'user.submit',
      request: { itemId: chosen.id, paymentPassword: password, remark, idempotencyKey: key },
    });
  };
  if (done && chosen) {
    return (
      <div className="pg-card" role="status">
        <p>{t('points.redeemed', { name: chosen.name })}</p>
        <button
          type="button"
          className="pg-btn pg-btn--primary"
          onClick={() => {
            setChosen(null);
            setPassword('');
            setRemark('');
            setKey(newKey());
            redeem.send({ type: 'user.reset' });
            onRedeemed();
          }}
        >
          {t('points.back')}
        </button>
      </div>
    );
  }
  return (
    <RemoteState view={view} emptyText={t('points.noItems')}>
      {(items) => (
        <>
          <ul className="pg-grid">
            {items.map((item) => (
              <li key={item.id} className="pg-card">
                <h3>{item.name}</h3>
                <p className="pg-muted">{item.description}</p>
                {item.bonusAmount && <p>{money(item.bonusAmount)}</p>}
                <p>
                  <strong>{item.cost}</strong> {t('points.unit')}
                  {item.stock !== null && (
                    <span className="pg-muted"> · {t('points.stock', { n: item.stock })}</span>
                  )}
                </p>
                <button
                  type="button"
                  className="pg-btn pg-btn--primary"
                  disabled={item.stock === 0}
                  onClick={() => {
                    setChosen(item);
                    setKey(newKey());
                  }}
                >
                  {t('points.redeem')}
                </button>
              </li>
            ))}
          </ul>
          {chosen && (
            <form className="pg-card" onSubmit={submit} aria-label={t('points.redeem')}>
              <h3>{t('points.redeemTitle', { name: chosen.name, cost: chosen.cost })}</h3>
              <label>
                {t('points.paymentPassword')}
                <input
                  type="password"
                  autoComplete="off"
                  value={password}
                  required
                  onChange={(e) => setPassword(e.target.value)}
                />
              </label>
              <label>
                {t('points.remark')}
                <input
                  type="text"
                  maxLength={140}
                  value={remark}
                  onChange={(e) => setRemark(e.target.value)}
                />
              </label>
              {error && <p role="alert">{error}</p>}
              <div className="pg-actions">
                <button type="submit" className="pg-btn pg-btn--primary" disabled={busy}>
                  {t('points.confirm')}
                </button>
                <button
                  type="button"
                  className="pg-btn pg-btn--outline"
                  onClick={() => setChosen(null)}
                >
                  {t('points.cancel')}
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </RemoteState>
  );
}

function History() {
  const { t } = useTranslation('loyalty');
  const { dateTime, money } = useFormat();
  const history = useActorRef(useLoyaltyFlows().redemptions, { input: {} });
  const view = useRemoteData<Redemptions>(history);
  // The operator's decision arriving on the channel re-reads the list (its state changed).
  const latest = useSelector(useSession(), (s) =>
    s.context.notifications.find((n) => n.kind.startsWith('redemption')),
  );
  const seen = useRef(latest?.id ?? null);
  useEffect(() => {
    if (!latest || seen.current === latest.id) return;
    seen.current = latest.id;
    history.send({ type: 'user.reload' });
  }, [latest, history]);
  return (
    <RemoteState view={view} emptyText={t('points.noHistory')}>
      {(page) => (
        <table className="pg-table">
          <caption>{t('points.tabs.history')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('points.time')}</th>
              <th scope="col">{t('points.item')}</th>
              <th scope="col">{t('points.cost')}</th>
              <th scope="col">{t('points.state')}</th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((row) => (
              <tr key={row.id}>
                <td>{dateTime(row.createdAt)}</td>
                <td>
                  {row.itemName}
                  {row.freeRounds && (
                    <span className="pg-muted" data-testid="points-free-rounds">
                      {' · '}
                      {t('points.freeRounds', {
                        left: row.freeRounds.roundsLeft,
                        rounds: row.freeRounds.rounds,
                        stake: money(row.freeRounds.stake),
                      })}
                    </span>
                  )}
                </td>
                <td>{row.cost}</td>
                <td>{t(`points.states.${row.state}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </RemoteState>
  );
}

function Details() {
  const { t } = useTranslation('loyalty');
  const { dateTime, money } = useFormat();
  const view = useRemoteData<PointsDetails>(useActorRef(useLoyaltyFlows().details, { input: {} }));
  return (
    <RemoteState view={view} emptyText={t('points.noDetails')}>
      {(page) => (
        <table className="pg-table">
          <caption>{t('points.tabs.details')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('points.time')}</th>
              <th scope="col">{t('points.kind')}</th>
              <th scope="col">{t('points.change')}</th>
              <th scope="col">{t('points.turnover')}</th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((row) => (
              <tr key={row.id}>
                <td>{dateTime(row.createdAt)}</td>
                <td>{t(`points.kinds.${row.kind}`)}</td>
                <td>{row.points}</td>
                <td>{row.turnover ? money(row.turnover) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </RemoteState>
  );
}

function Rules() {
  const { t } = useTranslation('loyalty');
  const { money } = useFormat();
  const view = useRemoteData<PointsConfig>(useActorRef(useLoyaltyFlows().config, { input: {} }));
  return (
    <RemoteState view={view}>
      {(config) => (
        <ul className="pg-card">
          <li>{t('points.rules.earn', { amount: money(config.turnoverPerPoint) })}</li>
          <li>{t('points.rules.expire')}</li>
          <li>{t('points.rules.redeem')}</li>
          <li>{t('points.rules.states')}</li>
        </ul>
      )}
    </RemoteState>
  );
}

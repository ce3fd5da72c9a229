import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AgentLive, AgentLiveFeedItem } from '../../../contract/agent.ts';
import { EmptyState, FailedState, LoadingState } from '../shared/remote-state.tsx';
import { useFormat } from '../../hooks/use-format.ts';
import { AgentPage, percentOf } from './agent-common.tsx';
import { useAgentFlows } from './agent-flows.ts';
import { contractNewsText, partyName, signedMoney, type AgentT } from './agent-texts.ts';

/** "4:05": minutes and seconds to the next settlement. */
const clockText = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * agentLive: the open real-time wage window, live (issue 34). The agentLive machine reads it and
 * reads it again on every piece of the channel's news; the page shows the window's figures, the
 * countdown to the next settlement, the accruals per contract, the team's activity and a feed of
 * the latest wages and contract steps that stays (not a toast). Updates are announced politely.
 */
export default function AgentLivePage() {
  const { t } = useTranslation('agent');
  const flows = useAgentFlows();
  const [machine] = useState(() => flows.live());
  const actor = useActorRef(machine);
  const live = useSelector(actor, (s) => s.context.live);
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const phase = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('error')
        ? 'error'
        : s.matches('stale')
          ? 'failed'
          : s.hasTag('stale')
            ? 'reconnecting'
            : 'live',
  );
  const retry = () => actor.send({ type: 'user.retry' });

  return (
    <AgentPage testId="ag-page-agentLive" title={t('page.agentLive')}>
      {phase === 'loading' && (
        <div data-testid="ag-live-loading">
          <LoadingState />
        </div>
      )}
      {phase === 'error' && (
        <div data-testid="ag-live-error">
          <FailedState onRetry={retry} />
        </div>
      )}
      {live && phase !== 'loading' && phase !== 'error' && (
        <div data-testid="ag-live" data-phase={phase}>
          <LiveStatus phase={phase} onRetry={retry} />
          <LiveWindow live={live} secondsLeft={secondsLeft} />
          <LiveFigures live={live} />
          <LiveAccruals live={live} />
          <LiveFeed feed={live.feed} />
        </div>
      )}
    </AgentPage>
  );
}

function LiveStatus({
  phase,
  onRetry,
}: {
  phase: 'live' | 'reconnecting' | 'failed';
  onRetry: () => void;
}) {
  const { t } = useTranslation('agent');
  if (phase === 'live') {
    return (
      <p className="ag-live-status ag-ok" data-testid="ag-live-status">
        <span className="ag-live-dot" aria-hidden="true" /> {t('live.status.live')}
      </p>
    );
  }
  return (
    <p className="ag-live-status ag-error" data-testid="ag-live-stale" role="status">
      {t(phase === 'reconnecting' ? 'live.status.reconnecting' : 'live.status.stale')}
      {phase === 'failed' && (
        <>
          {' '}
          <button type="button" className="ag-link-button" onClick={onRetry}>
            {t('live.retry')}
          </button>
        </>
      )}
    </p>
  );
}

function LiveWindow({ live, secondsLeft }: { live: AgentLive; secondsLeft: number }) {
  const { t } = useTranslation('agent');
  const { time } = useFormat();
  return (
    <div className="ag-live-window">
      <p>{t('live.window', { from: time(live.windowStart), to: time(live.windowEnd) })}</p>
      <p className="ag-live-countdown">
        {t('live.nextSettlement')}{' '}
        <time
          dateTime={`PT${secondsLeft}S`}
          data-testid="ag-live-countdown"
          aria-label={t('live.countdownLabel', { time: clockText(secondsLeft) })}
        >
          {clockText(secondsLeft)}
        </time>
      </p>
    </div>
  );
}

function LiveFigures({ live }: { live: AgentLive }) {
  const { t } = useTranslation('agent');
  const { money } = useFormat();
  const amounts = [
    ['validTurnover', money(live.validTurnover)],
    ['accruedTotal', money(live.accruedTotal)],
    ['netLoss', signedMoney(live.netLoss, money)],
  ] as const;
  const counts = ['windowBets', 'activeMembers', 'onlineMembers', 'recentBets'] as const;
  return (
    <dl
      className="ag-figures"
      data-testid="ag-live-figures"
      aria-live="polite"
      aria-label={t('live.figuresLabel')}
    >
      {amounts.map(([key, text]) => (
        <div key={key} data-testid={`ag-live-${key}`}>
          <dt>{t(`live.figure.${key}`)}</dt>
          <dd>{text}</dd>
        </div>
      ))}
      {counts.map((key) => (
        <div key={key} data-testid={`ag-live-${key}`}>
          <dt>{t(`live.figure.${key}`)}</dt>
          <dd>{live[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

function LiveAccruals({ live }: { live: AgentLive }) {
  const { t } = useTranslation('agent');
  const { money } = useFormat();
  return (
    <section className="ag-section" aria-label={t('live.accruals')}>
      <h3>{t('live.accruals')}</h3>
      {live.accruals.length === 0 ? (
        <p className="ag-muted" data-testid="ag-live-no-contract">
          {t('live.noContract')}
        </p>
      ) : (
        <table className="rc-table" data-testid="ag-live-accruals">
          <thead>
            <tr>
              <th scope="col">{t('col.kind')}</th>
              <th scope="col">{t('col.rate')}</th>
              <th scope="col">{t('col.base')}</th>
              <th scope="col">{t('live.accrued')}</th>
            </tr>
          </thead>
          <tbody>
            {live.accruals.map((one) => (
              <tr key={one.contractId}>
                <td>{t(`kind.${one.kind}`)}</td>
                <td>{percentOf(one.rateBps)}</td>
                <td>{money(one.base)}</td>
                <td data-testid="ag-live-accrued">{money(one.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="ag-muted">{t('live.accrualNote')}</p>
    </section>
  );
}

const feedText = (t: AgentT, item: AgentLiveFeedItem, money: (minor: string) => string) => {
  if (item.type === 'contract') {
    return contractNewsText(t, {
      status: item.status ?? 'requested',
      role: item.direction === 'upline' ? 'upline' : 'downline',
      counterparty: item.counterparty,
    });
  }
  return t(item.direction === 'paid' ? 'live.feed.paid' : 'live.feed.received', {
    amount: money(item.amount ?? '0'),
    kind: t(`kind.${item.kind}`),
    who: partyName(t, item.counterparty),
  });
};

function LiveFeed({ feed }: { feed: AgentLiveFeedItem[] }) {
  const { t } = useTranslation('agent');
  const { money, dateTime } = useFormat();
  return (
    <section className="ag-section" aria-label={t('live.feed.title')}>
      <h3>{t('live.feed.title')}</h3>
      {feed.length === 0 ? (
        <EmptyState text={t('live.feed.empty')} />
      ) : (
        <ul
          className="ag-list ag-scroll ag-live-feed"
          data-testid="ag-live-feed"
          aria-live="polite"
          tabIndex={0}
        >
          {feed.map((item) => (
            <li key={item.id} data-testid="ag-live-feed-item" data-type={item.type}>
              <time dateTime={item.at}>{dateTime(item.at)}</time>{' '}
              <span>{feedText(t, item, money)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

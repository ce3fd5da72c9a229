import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type {
  Mission,
  MissionLeaderboard,
  MissionPeriod,
  MissionSummary,
} from '../../../contract/missions.ts';
import { useReloadOn, useRemoteData } from '../../hooks/use-remote-data.ts';
import { RemoteState } from '../../pages/shared/remote-state.tsx';
import { useMoney } from '../../components/form/money-field.tsx';
import { useMissionsFlows } from '../missions-flows.ts';
import './records.css';
import './missions.css';

const periods: MissionPeriod[] = ['daily', 'weekly'];

/**
 * Mission activity (missionLeaderboard): the daily and weekly missions with their progress on
 * real play and a claim button once completed, then this week's leaderboard.
 */
export default function MissionLeaderboardPage() {
  const { t } = useTranslation('missions');
  const flows = useMissionsFlows();
  const summaryRef = useActorRef(flows.summary, { input: {} });
  const boardRef = useActorRef(flows.leaderboard, { input: {} });
  const claimRef = useActorRef(flows.claim);
  const summary = useRemoteData<MissionSummary>(summaryRef);
  const board = useRemoteData<MissionLeaderboard>(boardRef);
  const claimState = useSelector(claimRef, (s) => s.value);
  const claimError = useSelector(claimRef, (s) => s.context.error);
  const claiming = useSelector(claimRef, (s) => s.context.request?.to ?? null);
  const headingId = useId();

  // Progress moved while the page is open (a bet, a deposit, a login): read it again.
  useReloadOn(flows.listen, summaryRef);

  useEffect(() => {
    if (claimState !== 'done') return;
    summaryRef.send({ type: 'user.reload' });
    boardRef.send({ type: 'user.reload' });
    claimRef.send({ type: 'user.again' });
  }, [claimState, summaryRef, boardRef, claimRef]);

  const claim = (mission: Mission) =>
    claimRef.send({
      type: 'user.submit',
      request: { amount: mission.reward, idempotencyKey: '', to: String(mission.missionId) },
    });

  return (
    <section className="rc-page" data-testid="page-missionLeaderboard" aria-labelledby={headingId}>
      <h2 id={headingId} className="rc-title">
        {t('title')}
      </h2>
      {claimState === 'failed' && (
        <p className="rc-error" role="alert" data-testid="mission-claim-error">
          {t(`errors.${claimError ?? 'system_error'}`, { defaultValue: t('errors.generic') })}
          <button
            type="button"
            className="pg-btn pg-btn--ghost"
            onClick={() => claimRef.send({ type: 'user.edit' })}
          >
            {t('dismiss')}
          </button>
        </p>
      )}
      <RemoteState view={summary} emptyText={t('empty')}>
        {(data) => (
          <>
            {periods.map((period) => (
              <MissionList
                key={period}
                period={period}
                missions={data.missions.filter((m) => m.period === period)}
                busyId={claimState === 'submitting' ? claiming : null}
                onClaim={claim}
              />
            ))}
          </>
        )}
      </RemoteState>
      <h3 className="ms-heading">{t('leaderboard.title')}</h3>
      <RemoteState view={board} emptyText={t('leaderboard.empty')}>
        {(data) => <Leaderboard board={data} />}
      </RemoteState>
    </section>
  );
}

function MissionList({
  period,
  missions,
  busyId,
  onClaim,
}: {
  period: MissionPeriod;
  missions: Mission[];
  busyId: string | null;
  onClaim: (mission: Mission) => void;
}) {
  const { t } = useTranslation('missions');
  const money = useMoney();
  if (missions.length === 0) return null;
  const shown = (mission: Mission, value: string) =>
    mission.missionType === 'turnover' || mission.missionType === 'deposit' ? money(value) : value;
  return (
    <div className="ms-group" data-testid={`missions-${period}`}>
      <h3 className="ms-heading">{t(`periods.${period}`)}</h3>
      <ul className="ms-list">
        {missions.map((mission) => {
          const labelId = `mission-${mission.missionId}-title`;
          return (
            <li key={mission.missionId} className="ms-item" data-testid="mission-item">
              <div className="ms-main">
                <span id={labelId} className="ms-title">
                  {mission.title || t(`types.${mission.missionType}`)}
                </span>
                <span className="ms-reward">{t('reward', { amount: money(mission.reward) })}</span>
              </div>
              <progress
                className="ms-progress"
                max={100}
                value={mission.percent}
                aria-labelledby={labelId}
              />
              <div className="ms-main">
                <span className="ms-count" data-testid="mission-progress">
                  {shown(mission, mission.progress)} / {shown(mission, mission.target)}
                </span>
                {mission.status === 'completed' ? (
                  <button
                    type="button"
                    className="pg-btn pg-btn--primary"
                    disabled={busyId !== null}
                    aria-busy={busyId === String(mission.missionId)}
                    onClick={() => onClaim(mission)}
                    data-testid="mission-claim"
                  >
                    {t('claim')}
                  </button>
                ) : (
                  <span className={`ms-status ms-status--${mission.status}`}>
                    {t(`status.${mission.status}`)}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Leaderboard({ board }: { board: MissionLeaderboard }) {
  const { t } = useTranslation('missions');
  const money = useMoney();
  return (
    <>
      <p className="rc-note" data-testid="leaderboard-me">
        {board.me.rank === null
          ? t('leaderboard.meNone')
          : t('leaderboard.me', {
              rank: board.me.rank,
              completed: board.me.completed,
              reward: money(board.me.reward),
            })}
      </p>
      {board.rows.length === 0 ? (
        <p className="rc-note">{t('leaderboard.empty')}</p>
      ) : (
        <table className="rc-table" data-testid="leaderboard">
          <thead>
            <tr>
              <th scope="col">{t('leaderboard.rank')}</th>
              <th scope="col">{t('leaderboard.account')}</th>
              <th scope="col">{t('leaderboard.completed')}</th>
              <th scope="col">{t('leaderboard.reward')}</th>
            </tr>
          </thead>
          <tbody>
            {board.rows.map((row) => (
              <tr key={row.rank}>
                <td>{row.rank}</td>
                <td>{row.account}</td>
                <td>{row.completed}</td>
                <td>{money(row.reward)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

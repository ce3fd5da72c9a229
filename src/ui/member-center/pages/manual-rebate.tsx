import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { RebateClaimReply, RebateSummary } from '../../../contract/loyalty.ts';
import { gameTypeName } from '../../../contract/game-type-names.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useReloadOn, useRemoteData } from '../../hooks/use-remote-data.ts';
import { useLoyaltyFlows, WithLoyaltyFlows } from '../../pages/point-mall/with-loyalty-flows.ts';
import { RemoteState } from '../../pages/shared/remote-state.tsx';
import '../../pages/point-mall/point-mall.css';
// The member center's page variables (rc-page), which the shared buttons read.
import './records.css';

/** Manual rebate (manualRebate): the unclaimed rebate per game type, claimed in one call. */
export default function ManualRebatePage() {
  return (
    <WithLoyaltyFlows>
      <ManualRebateView />
    </WithLoyaltyFlows>
  );
}

function ManualRebateView() {
  const { t, i18n } = useTranslation('loyalty');
  const { language } = i18n;
  const { money } = useFormat();
  const flows = useLoyaltyFlows();
  const summary = useActorRef(flows.rebate, { input: {} });
  const view = useRemoteData<RebateSummary>(summary);
  // The count added rebate (it comes with the points event): read it again.
  useReloadOn(flows.listen, summary);
  const claim = useActorRef(flows.claimRebate);
  const busy = useSelector(claim, (s) => s.hasTag('busy'));
  const paid = useSelector(claim, (s) =>
    s.matches('done') ? (s.context.result as RebateClaimReply) : null,
  );
  const error = useSelector(claim, (s) => s.context.error);
  // A paid claim leaves nothing of what it paid: the table shows what is still unclaimed.
  useEffect(() => {
    if (paid) summary.send({ type: 'user.reload' });
  }, [paid, summary]);
  const submit = (gameType?: string) =>
    claim.send({ type: 'user.submit', request: gameType ? { gameType } : {} });
  const reload = () => {
    claim.send({ type: 'user.reset' });
    summary.send({ type: 'user.reload' });
  };
  return (
    <section
      className="rc-page mc-rebate"
      data-testid="page-manualRebate"
      aria-labelledby="rebate-title"
    >
      <h2 id="rebate-title">{t('rebate.title')}</h2>
      {paid && (
        <p role="status">
          {t('rebate.paid', { amount: money(paid.amount) })}{' '}
          <button type="button" className="pg-btn pg-btn--outline" onClick={reload}>
            {t('rebate.ok')}
          </button>
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      <RemoteState view={view}>
        {(data) => (
          <>
            <p>
              {t('rebate.level', { level: data.vipLevel })} ·{' '}
              <strong data-testid="rebate-total">{money(data.total)}</strong>
            </p>
            {data.auto && <p className="pg-muted">{t('rebate.auto')}</p>}
            {data.list.length === 0 ? (
              <p>{t('rebate.none')}</p>
            ) : (
              <table className="pg-table">
                <caption>{t('rebate.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('rebate.gameType')}</th>
                    <th scope="col">{t('rebate.turnover')}</th>
                    <th scope="col">{t('rebate.rate')}</th>
                    <th scope="col">{t('rebate.amount')}</th>
                    <th scope="col">
                      <span className="pg-visually-hidden">{t('rebate.claim')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((row) => (
                    <tr key={row.gameType}>
                      <td>{gameTypeName(row.gameType, language)}</td>
                      <td>{money(row.validTurnover)}</td>
                      <td>{(row.rateBps / 100).toFixed(2)}%</td>
                      <td>{money(row.amount)}</td>
                      <td>
                        <button
                          type="button"
                          className="pg-btn pg-btn--outline"
                          disabled={busy}
                          onClick={() => submit(row.gameType)}
                        >
                          {t('rebate.claim')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <button
              type="button"
              className="pg-btn pg-btn--primary"
              disabled={busy || data.list.length === 0}
              onClick={() => submit()}
            >
              {t('rebate.claimAll')}
            </button>
          </>
        )}
      </RemoteState>
    </section>
  );
}

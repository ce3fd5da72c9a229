import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { VipInfo } from '../../../contract/loyalty.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useLoyaltyFlows, WithLoyaltyFlows } from '../point-mall/with-loyalty-flows.ts';
import { RemoteState } from '../shared/remote-state.tsx';

const percent = (have: string, need: string) =>
  BigInt(need) === 0n ? 100 : Math.min(100, Number((BigInt(have) * 100n) / BigInt(need)));

/** /vip for a member: the level, progress to the next and each level's figures and benefits. */
export function VipMember() {
  return (
    <WithLoyaltyFlows>
      <VipMemberView />
    </WithLoyaltyFlows>
  );
}

function VipMemberView() {
  const { t } = useTranslation('loyalty');
  const { money } = useFormat();
  const view = useRemoteData<VipInfo>(useActorRef(useLoyaltyFlows().vip, { input: {} }));
  return (
    <section className="pg-section" aria-labelledby="vip-mine" data-testid="vip-member">
      <RemoteState view={view}>
        {(vip) => (
          <>
            <h2 id="vip-mine">
              {t('vip.mine')}: <span data-testid="vip-rank">VIP {vip.vipRankLevel}</span>
            </h2>
            {vip.next ? (
              <div className="pg-card">
                <p>{t('vip.next', { level: vip.next.level })}</p>
                <label>
                  {t('vip.turnover', {
                    have: money(vip.turnover),
                    need: money(vip.next.turnover),
                  })}
                  <progress max={100} value={percent(vip.turnover, vip.next.turnover)} />
                </label>
                <label>
                  {t('vip.deposits', {
                    have: money(vip.deposits),
                    need: money(vip.next.deposit),
                  })}
                  <progress max={100} value={percent(vip.deposits, vip.next.deposit)} />
                </label>
              </div>
            ) : (
              <p className="pg-card">{t('vip.top')}</p>
            )}
            {vip.service.url && (
              <p>
                <a
                  className="pg-btn pg-btn--primary"
                  href={vip.service.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t(`vip.service.${vip.service.kind}`)}
                </a>
              </p>
            )}
            {vip.levels.length > 0 && (
              <div
                className="vip-table-wrap"
                tabIndex={0}
                role="region"
                aria-label={t('vip.levels')}
              >
                <table className="vip-table">
                  <caption className="pg-visually-hidden">{t('vip.levels')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('vip.level')}</th>
                      <th scope="col">{t('vip.reach')}</th>
                      <th scope="col">{t('vip.keep')}</th>
                      <th scope="col">{t('vip.bonus')}</th>
                      <th scope="col">{t('vip.rebate')}</th>
                      <th scope="col">{t('vip.benefits')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {vip.levels.map((level) => (
                      <tr key={level.level} aria-current={level.level === vip.vipRankLevel}>
                        <th scope="row">{level.name}</th>
                        <td>
                          {money(level.minDeposit)} / {money(level.minTurnover)}
                        </td>
                        <td>
                          {money(level.keepDeposit)} / {money(level.keepTurnover)}
                        </td>
                        <td>{money(level.upgradeBonus)}</td>
                        <td>
                          {level.rebate
                            .map((r) => `${r.gameType} ${(r.rateBps / 100).toFixed(2)}%`)
                            .join(', ')}
                        </td>
                        <td>{level.benefits}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </RemoteState>
    </section>
  );
}

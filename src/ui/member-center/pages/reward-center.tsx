import { useActorRef } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RewardItem } from '../../../contract/promotions.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { usePromotionFlows } from '../../pages/promo/promotion-flows.ts';
import { RemoteState } from '../../pages/shared/remote-state.tsx';
import '../../pages/promo/promo.css';
// The member center's page variables (rc-page), which the shared buttons read.
import './records.css';

/** Where each kind of reward is claimed: the promotion's page, or the part's own page. */
function claimLink(item: RewardItem): string {
  switch (item.kind) {
    case 'promotion':
    case 'raffle':
      return `/promoDetail?id=${encodeURIComponent(item.ref)}`;
    case 'mission':
      return '/?mc=missionLeaderboard';
    case 'rebate':
      return '/?mc=manualRebate';
  }
}

/** Reward center (rewardCenter): everything the player can claim now, from every source. */
export default function RewardCenterPage() {
  const { t } = useTranslation('promotions');
  const format = useFormat();
  const ref = useActorRef(usePromotionFlows().rewardCenter, { input: { params: {} } });
  const view = useRemoteData<{ list: RewardItem[] }>(ref);
  return (
    <section className="rc-page" data-testid="page-rewardCenter" aria-labelledby="reward-title">
      <h2 id="reward-title">{t('reward.title')}</h2>
      <RemoteState view={view} emptyText={t('reward.empty')}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="pg-state">{t('reward.empty')}</p>
          ) : (
            <ul className="reward-list">
              {data.list.map((item) => (
                <li key={`${item.kind}:${item.ref}`} className="pg-card reward-item">
                  <span className="pg-muted">{t(`rewardKinds.${item.kind}`)}</span>
                  <strong>{item.title}</strong>
                  {item.amount !== null && <span>{format.money(item.amount)}</span>}
                  <Link to={claimLink(item)} className="pg-btn pg-btn--primary pg-btn--small">
                    {t('reward.claim')}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </RemoteState>
    </section>
  );
}

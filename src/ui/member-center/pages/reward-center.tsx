import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { RewardItem } from '../../../contract/promotions.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { usePromotionFlows, type RewardClaimRequest } from '../../pages/promo/promotion-flows.ts';
import { RemoteState } from '../../pages/shared/remote-state.tsx';
import '../../pages/promo/promo.css';
// The member center's page variables (rc-page), which the shared buttons read.
import './records.css';

const keyOf = (item: Pick<RewardItem, 'kind' | 'ref'>) => `${item.kind}:${item.ref}`;

/**
 * Reward center (rewardCenter): everything the player can claim now, from every source, each
 * row claimed in place (the promotion's claim, the raffle's draw, the mission's or the rebate's
 * claim). One claim at a time; the list is read again after each one, and the red badges follow
 * on the real-time channel.
 */
export default function RewardCenterPage() {
  const { t } = useTranslation('promotions');
  const format = useFormat();
  const flows = usePromotionFlows();
  const ref = useActorRef(flows.rewardCenter, { input: { params: {} } });
  const view = useRemoteData<{ list: RewardItem[] }>(ref);
  const claim = useActorRef(flows.claimReward);
  const busy = useSelector(claim, (s) => s.hasTag('busy'));
  const request = useSelector(claim, (s) => s.context.request as RewardClaimRequest | null);
  const done = useSelector(claim, (s) => s.matches('done'));
  const error = useSelector(claim, (s) => s.context.error);
  // The title of the row claimed last, kept while the list reads again without it.
  const claimedTitle = useSelector(claim, (s) => {
    const sent = s.context.request as (RewardClaimRequest & { title?: string }) | null;
    return sent?.title ?? '';
  });
  // A claim took its row off (or changed what is left): read the list again.
  useEffect(() => {
    if (done) ref.send({ type: 'user.reload' });
  }, [done, ref]);
  const submit = (item: RewardItem) =>
    claim.send({
      type: 'user.submit',
      request: { kind: item.kind, ref: item.ref, title: item.title },
    });
  return (
    <section className="rc-page" data-testid="page-rewardCenter" aria-labelledby="reward-title">
      <h2 id="reward-title">{t('reward.title')}</h2>
      {/* Always in the page, so screen readers announce the result when it appears. */}
      <p role="status" data-testid="reward-result" className="reward-result">
        {done && t('reward.claimed', { title: claimedTitle })}
        {error && t('reward.failed', { title: claimedTitle, reason: error })}
      </p>
      <RemoteState view={view} emptyText={t('reward.empty')}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="pg-state">{t('reward.empty')}</p>
          ) : (
            <ul className="reward-list">
              {data.list.map((item) => {
                const claiming = busy && request !== null && keyOf(request) === keyOf(item);
                return (
                  <li key={keyOf(item)} className="pg-card reward-item" data-testid="reward-item">
                    <span className="pg-muted">{t(`rewardKinds.${item.kind}`)}</span>
                    <strong>{item.title}</strong>
                    {item.amount !== null && <span>{format.money(item.amount)}</span>}
                    <button
                      type="button"
                      className="pg-btn pg-btn--primary pg-btn--small"
                      aria-label={t(claiming ? 'reward.claimingItem' : 'reward.claimItem', {
                        title: item.title,
                      })}
                      aria-busy={claiming}
                      disabled={busy}
                      onClick={() => submit(item)}
                    >
                      {claiming ? t('reward.claiming') : t('reward.claim')}
                    </button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </RemoteState>
    </section>
  );
}

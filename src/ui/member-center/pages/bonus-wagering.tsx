import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { BonusDetails } from '../../../contract/promotions.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { usePromotionFlows } from '../../pages/promo/promotion-flows.ts';
import '../../pages/promo/promo.css';

/** bonusDetails: the bonuses still held by their wagering, and the turnover each needs. */
export function BonusWagering() {
  const { t } = useTranslation('promotions');
  const format = useFormat();
  const ref = useActorRef(usePromotionFlows().bonusDetails, { input: { params: {} } });
  const view = useRemoteData<BonusDetails>(ref);
  if (view.status !== 'loaded' || !view.data) return null;
  const open = view.data.list.filter((claim) => claim.wageringRemaining !== '0');
  return (
    <section
      className="bonus-wagering"
      aria-labelledby="bonus-wagering-title"
      data-testid="bonus-wagering"
    >
      <h3 id="bonus-wagering-title">{t('bonus.title')}</h3>
      {open.length === 0 ? (
        <p className="pg-muted">{t('bonus.none')}</p>
      ) : (
        <>
          <p>{t('bonus.held', { amount: format.money(view.data.held) })}</p>
          <p>{t('bonus.needed', { amount: format.money(view.data.turnoverNeeded) })}</p>
          <ul>
            {open.map((claim) => (
              <li key={claim.id}>
                <strong>{claim.title}</strong>{' '}
                {t('bonus.progress', {
                  done: format.money(claim.wageringDone),
                  required: format.money(claim.wageringRequired),
                })}
                {' · '}
                <span data-testid="bonus-remaining">
                  {t('bonus.remaining', { amount: format.money(claim.wageringRemaining) })}
                </span>
                <progress
                  max={Number(claim.wageringRequired)}
                  value={Number(claim.wageringDone)}
                  aria-label={claim.title}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '../../../contract/promotions.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { RemoteState } from '../shared/remote-state.tsx';
import { formatDate, paragraphs, useLanguage } from '../shared/site-data.ts';
import { PromotionActivity } from './promotion-card.tsx';
import { usePromotionFlows } from './promotion-flows.ts';
import '../shared/pages.css';
import './promo.css';

/** /promotions: the operator's promotions, each with the player's activity state. */
export default function PromotionsPage() {
  const { t } = useTranslation('pages');
  const { t: tp } = useTranslation('promotions');
  const language = useLanguage();
  // "Log in to take part" is for visitors; a session being restored is not one.
  const visitor = useSelector(useSession(), (s) => s.matches('visitor'));
  const ref = useActorRef(usePromotionFlows().list, { input: { params: { language } } });
  const view = useRemoteData<{ list: Promotion[] }>(ref);
  return (
    <div className="pg pg-promotions" data-testid="page-promotions">
      <div className="pg-intro">
        <h1>{t('promo.title')}</h1>
        <p className="pg-muted">{t(visitor ? 'promo.intro' : 'promo.memberIntro')}</p>
      </div>
      <RemoteState view={view} emptyText={t('promo.empty')}>
        {(data) => (
          <ul className="promo-list">
            {data.list.map((promo) => (
              <li key={promo.id} className="pg-card promo-card">
                <span className="promo-card__ribbon" aria-hidden="true">
                  {tp(`kinds.${promo.kind}`)}
                </span>
                <h2>{promo.title}</h2>
                <time className="pg-muted" dateTime={promo.startsAt}>
                  {formatDate(promo.startsAt, language)}
                  {promo.endsAt ? ` – ${formatDate(promo.endsAt, language)}` : ''}
                </time>
                <p className="promo-card__excerpt">{paragraphs(promo.description)[0] ?? ''}</p>
                <PromotionActivity promotion={promo} detail={false} />
              </li>
            ))}
          </ul>
        )}
      </RemoteState>
    </div>
  );
}

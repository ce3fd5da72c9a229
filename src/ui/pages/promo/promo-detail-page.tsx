import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '../../../contract/promotions.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { LoadingState, RemoteState } from '../shared/remote-state.tsx';
import type { NoticeLists } from '../shared/site-data.ts';
import { allNotices, formatDate, paragraphs, useLanguage } from '../shared/site-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { PromotionActivity } from './promotion-card.tsx';
import { usePromotionFlows } from './promotion-flows.ts';
import '../shared/pages.css';
import './promo.css';

/** /promoDetail?id=: one promotion with the player's activity, or a not-found state. */
export default function PromoDetailPage() {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) ? raw : '0';
  const ref = useActorRef(usePromotionFlows().detail, { input: { params: { id, language } } });
  const view = useRemoteData<Promotion>(ref);
  const notFound = (
    <div className="pg-state" role="status" data-testid="promo-not-found">
      <h1>{t('promo.notFound.title')}</h1>
      <p>{t('promo.notFound.text')}</p>
      <Link to="/promotions" className="pg-btn pg-btn--primary">
        {t('promo.back')}
      </Link>
    </div>
  );
  let body;
  if (view.status === 'loading') body = <LoadingState />;
  // Not a claimable promotion (a missing or ended one answers 404): the promotion announcement of
  // that id, which the PROMOTION banners name, or the not-found state.
  else if (id === '0' || view.status !== 'loaded' || !view.data)
    body = <AnnouncedPromotion id={Number(id)} notFound={notFound} />;
  else {
    const promo = view.data;
    body = (
      <article className="pg-card promo-detail" aria-labelledby="promo-title">
        <Link to="/promotions" className="promo-detail__back">
          <span aria-hidden="true">←</span> {t('promo.back')}
        </Link>
        <h1 id="promo-title">{promo.title}</h1>
        <time className="pg-muted" dateTime={promo.startsAt}>
          {formatDate(promo.startsAt, language, true)}
          {promo.endsAt ? ` – ${formatDate(promo.endsAt, language, true)}` : ''}
        </time>
        {paragraphs(promo.description).map((text, index) => (
          <p key={index}>{text}</p>
        ))}
        <PromotionActivity promotion={promo} detail />
      </article>
    );
  }
  return (
    <div className="pg pg-promo-detail" data-testid="page-promo-detail">
      {body}
    </div>
  );
}

/** A promotion announcement (the announcements' promotion type): its text, no activity. */
function AnnouncedPromotion({ id, notFound }: { id: number; notFound: React.ReactNode }) {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const view = useRemoteData<NoticeLists>(useSiteShellFlows().notices);
  // The login link is for visitors; a logged-in player has nothing to claim on an announcement.
  const visitor = useSelector(useSession(), (s) => s.matches('visitor'));
  return (
    <RemoteState view={view} emptyText={t('promo.empty')}>
      {(data) => {
        const promo = allNotices(data).find((n) => n.id === id);
        if (!promo) return notFound;
        return (
          <article className="pg-card promo-detail" aria-labelledby="promo-title">
            <Link to="/promotions" className="promo-detail__back">
              <span aria-hidden="true">←</span> {t('promo.back')}
            </Link>
            <h1 id="promo-title">{promo.title}</h1>
            <time className="pg-muted" dateTime={promo.publishedAt}>
              {formatDate(promo.publishedAt, language, true)}
            </time>
            {paragraphs(promo.content).map((text, index) => (
              <p key={index}>{text}</p>
            ))}
            {visitor && (
              <div className="pg-actions">
                <Link to="/login" className="pg-btn pg-btn--primary">
                  {t('promo.loginToClaim')}
                </Link>
              </div>
            )}
          </article>
        );
      }}
    </RemoteState>
  );
}

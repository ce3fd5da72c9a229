import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { RemoteState } from '../shared/remote-state.tsx';
import type { NoticeLists } from '../shared/site-data.ts';
import { allNotices, formatDate, paragraphs, useLanguage } from '../shared/site-data.ts';
import '../shared/pages.css';
import './promo.css';

/** /promoDetail?id=: one promotion, or a not-found state. */
export default function PromoDetailPage() {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const view = useRemoteData<NoticeLists>(useSiteShellFlows().notices);
  const notFound = (
    <div className="pg-state" role="status" data-testid="promo-not-found">
      <h1>{t('promo.notFound.title')}</h1>
      <p>{t('promo.notFound.text')}</p>
      <Link to="/promotions" className="pg-btn pg-btn--primary">
        {t('promo.back')}
      </Link>
    </div>
  );
  return (
    <div className="pg pg-promo-detail" data-testid="page-promo-detail">
      <RemoteState view={view} emptyText={t('promo.empty')}>
        {(data) => {
          const promo = allNotices(data).find((n) => n.id === id);
          if (!Number.isInteger(id) || !promo) return notFound;
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
              <div className="pg-actions">
                <Link to="/login" className="pg-btn pg-btn--primary">
                  {t('promo.loginToClaim')}
                </Link>
              </div>
            </article>
          );
        }}
      </RemoteState>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { RemoteState } from '../shared/remote-state.tsx';
import type { NoticeLists } from '../shared/site-data.ts';
import { formatDate, paragraphs, useLanguage } from '../shared/site-data.ts';
import '../shared/pages.css';
import './promo.css';

/** /promotions: the promotion announcements, each leading to its detail. */
export default function PromotionsPage() {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const view = useRemoteData<NoticeLists>(useSiteShellFlows().notices);
  return (
    <div className="pg pg-promotions" data-testid="page-promotions">
      <div className="pg-intro">
        <h1>{t('promo.title')}</h1>
        <p className="pg-muted">{t('promo.intro')}</p>
      </div>
      <RemoteState view={view} emptyText={t('promo.empty')}>
        {(data) =>
          data.promotion.length === 0 ? (
            <p className="pg-state">{t('promo.empty')}</p>
          ) : (
            <ul className="promo-list">
              {data.promotion.map((promo) => (
                <li key={promo.id} className="pg-card promo-card">
                  <span className="promo-card__ribbon" aria-hidden="true">
                    {t(`notice.types.${promo.type}`)}
                  </span>
                  <h2>{promo.title}</h2>
                  <time className="pg-muted" dateTime={promo.publishedAt}>
                    {formatDate(promo.publishedAt, language)}
                  </time>
                  <p className="promo-card__excerpt">{paragraphs(promo.content)[0] ?? ''}</p>
                  <Link
                    to={`/promoDetail?id=${promo.id}`}
                    className="pg-btn pg-btn--primary pg-btn--small"
                    aria-label={t('promo.detailsOf', { title: promo.title })}
                  >
                    {t('promo.details')}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </RemoteState>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { navCategories } from '../../../contract/routes.ts';
import type { GameVendorLanes } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { hotVendors, vendorPath } from '../shared/games.ts';
import { RemoteState } from '../shared/remote-state.tsx';
import type { NoticeLists } from '../shared/site-data.ts';
import { formatDate, useLanguage } from '../shared/site-data.ts';
import { VendorCard } from '../shared/vendor-card.tsx';
import '../shared/pages.css';
import './home.css';

/** Home: categories, hot vendors, promotions, the app teaser and why play here. */
export default function HomePage() {
  const { t } = useTranslation('pages');
  return (
    <div className="pg pg-home" data-testid="page-home">
      <h1 className="pg-visually-hidden">{t('home.title')}</h1>
      <Categories />
      <HotVendors />
      <Promotions />
      <AppTeaser />
      <WhyUs />
    </div>
  );
}

/** The categories a 390x844 phone shows in its first screen, under the banner. */
const aboveTheFold = 4;

function Categories() {
  const { t } = useTranslation('pages');
  return (
    <section className="pg-section" aria-labelledby="home-categories">
      <h2 id="home-categories">{t('home.categories')}</h2>
      <ul className="home-categories">
        {navCategories.map(({ gameType, path }, index) => (
          <li key={gameType}>
            <Link to={path} className="home-category">
              <img
                src={`/media/categories/${gameType.toLowerCase()}.svg`}
                alt=""
                width="56"
                height="56"
                // A phone's first screen shows the first rows; the rest load as they near it.
                loading={index < aboveTheFold ? 'eager' : 'lazy'}
                decoding="async"
              />
              <span className="home-category__name">{t(`categories.${gameType}.name`)}</span>
              <span className="home-category__blurb">{t(`categories.${gameType}.blurb`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HotVendors() {
  const { t } = useTranslation('pages');
  const view = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors);
  return (
    <section className="pg-section" aria-labelledby="home-hot">
      <h2 id="home-hot">{t('home.hotVendors')}</h2>
      <RemoteState view={view} emptyText={t('home.noVendors')}>
        {(data) => {
          const hot = hotVendors(data);
          if (hot.length === 0) return <p className="pg-muted">{t('home.noHotVendors')}</p>;
          return (
            <ul className="pg-vendors pg-vendors--compact">
              {hot.map((vendor) => (
                <li key={vendor.vassalage}>
                  <VendorCard
                    vendor={vendor}
                    wrap={(content) => (
                      <Link
                        to={vendorPath(vendor)}
                        aria-label={t('home.vendorLink', {
                          vendor: vendor.displayName,
                          category: t(`categories.${vendor.gameType}.name`),
                        })}
                      >
                        {content}
                      </Link>
                    )}
                  />
                </li>
              ))}
            </ul>
          );
        }}
      </RemoteState>
    </section>
  );
}

function Promotions() {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const view = useRemoteData<NoticeLists>(useSiteShellFlows().notices);
  return (
    <section className="pg-section" aria-labelledby="home-promos">
      <div className="pg-section__head">
        <h2 id="home-promos">{t('home.promotions')}</h2>
        <Link to="/promotions">{t('home.allPromotions')}</Link>
      </div>
      <RemoteState view={view} emptyText={t('promo.empty')}>
        {(data) =>
          data.promotion.length === 0 ? (
            <p className="pg-muted">{t('promo.empty')}</p>
          ) : (
            <ul className="home-promos">
              {data.promotion.slice(0, 6).map((promo) => (
                <li key={promo.id}>
                  <Link to={`/promoDetail?id=${promo.id}`} className="home-promo">
                    <span className="home-promo__badge" aria-hidden="true">
                      %
                    </span>
                    <span className="home-promo__title">{promo.title}</span>
                    <time className="pg-muted" dateTime={promo.publishedAt}>
                      {formatDate(promo.publishedAt, language)}
                    </time>
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

function AppTeaser() {
  const { t } = useTranslation('pages');
  return (
    <section className="home-app pg-card" aria-labelledby="home-app">
      <img
        src="/media/pages/app-phone.svg"
        alt=""
        className="home-app__art"
        width="200"
        height="240"
        loading="lazy"
        decoding="async"
      />
      <div className="home-app__text">
        <h2 id="home-app">{t('home.app.title')}</h2>
        <p>{t('home.app.text')}</p>
        <ul className="pg-chips" aria-label={t('home.app.platforms')}>
          <li className="pg-chip pg-chip--static">{t('download.ios.name')}</li>
          <li className="pg-chip pg-chip--static">{t('download.android.name')}</li>
          <li className="pg-chip pg-chip--static">{t('download.lite.name')}</li>
        </ul>
        <div className="pg-actions">
          <Link to="/down" className="pg-btn pg-btn--primary">
            {t('home.app.cta')}
          </Link>
        </div>
      </div>
    </section>
  );
}

const reasons = ['licence', 'withdrawal', 'support'] as const;

function WhyUs() {
  const { t } = useTranslation('pages');
  return (
    <section className="pg-section" aria-labelledby="home-why">
      <h2 id="home-why">{t('home.why.title')}</h2>
      <ul className="home-why">
        {reasons.map((reason) => (
          <li key={reason} className="pg-card">
            <img
              src={`/media/pages/why-${reason}.svg`}
              alt=""
              width="48"
              height="48"
              loading="lazy"
              decoding="async"
            />
            <h3>{t(`home.why.${reason}.title`)}</h3>
            <p className="pg-muted">{t(`home.why.${reason}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

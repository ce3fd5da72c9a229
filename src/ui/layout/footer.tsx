import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { navCategories } from '../../contract/routes.ts';
import type { GameVendorLanes } from '../../contract/system.ts';
import { useRemoteData } from '../hooks/use-remote-data.ts';
import { useSiteName } from '../hooks/use-permission.ts';
import { useSiteShellFlows } from './site-shell-flows.ts';
import { allVendors } from './vendor-lanes.ts';
import { VendorLogo } from './vendor-logo.tsx';
import { LazyImage } from '../components/lazy-image.tsx';

// swiper is not part of the first page's script: the logos stand still until its chunk arrives.
const VendorSwiper = lazy(() => import('./vendor-swiper.tsx'));

const licences = [
  { key: 'mga', image: '/media/licences/mga.svg' },
  { key: 'bvi', image: '/media/licences/bvi.svg' },
  { key: 'pagcor', image: '/media/licences/pagcor.svg' },
] as const;

/** Vendor strip, licences, game categories, help link and the copyright line. */
export function Footer() {
  const { t } = useTranslation('layout');
  const siteName = useSiteName();
  const { vendors } = useSiteShellFlows();
  const { data } = useRemoteData<GameVendorLanes>(vendors);
  const strip = allVendors(data);

  return (
    <footer className="site-footer">
      {strip.length > 0 && (
        <section className="vendor-strip container" aria-label={t('footer.providers')}>
          <h2 className="site-footer__heading">{t('footer.providers')}</h2>
          <Suspense
            fallback={
              <ul className="vendor-strip__still">
                {strip.map((vendor) => (
                  <li key={vendor.vassalage} className="vendor-strip__slide">
                    <VendorLogo vendor={vendor} />
                  </li>
                ))}
              </ul>
            }
          >
            <VendorSwiper vendors={strip} />
          </Suspense>
        </section>
      )}
      <div className="site-footer__columns container">
        <section aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="site-footer__heading">
            {t('footer.categories')}
          </h2>
          <ul className="site-footer__links">
            {navCategories.map((category) => (
              <li key={category.gameType}>
                <Link to={category.path}>{t(`categories.${category.gameType}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__heading">
            {t('footer.support')}
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/help">{t('footer.helpCenter')}</Link>
            </li>
            <li>
              <Link to="/help#terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/down">{t('nav.download')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-licences" className="licences">
          <h2 id="footer-licences" className="site-footer__heading">
            {t('footer.licences')}
          </h2>
          <ul className="licences__list">
            {licences.map((licence) => (
              <li key={licence.key} className="licences__item">
                <LazyImage src={licence.image} alt="" width="64" height="32" />
                <span>{t(`footer.licence.${licence.key}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom container">
        <p>{t('footer.responsible')}</p>
        <p>{t('footer.copyright', { year: new Date().getFullYear(), siteName })}</p>
      </div>
    </footer>
  );
}

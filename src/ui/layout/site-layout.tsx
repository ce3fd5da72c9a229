import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { bannerGroupByPath, chromeFor } from '../../contract/routes.ts';
import { JackpotCounter } from '../components/jackpot-counter.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NoticeMarquee } from './notice-marquee.tsx';

// The floating buttons load after the first paint; their dock keeps its place meanwhile.
const FloatDockButtons = lazy(() => import('./float-dock-buttons.tsx'));

/**
 * The frame around every page, by the route's header rule: the full layout, the header only
 * (/login), or nothing (/seamless, /lottery, /helpmc, /down).
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const chrome = chromeFor(pathname);

  if (chrome === 'none') return <main id="main">{children}</main>;

  const isHome = bannerGroupByPath[pathname] === 'home';
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <Header />
      {chrome === 'full' && (
        <div className="banner-area">
          <BannerCarousel />
          {pathname === '/rng' && <JackpotCounter />}
          {isHome && <NoticeMarquee />}
        </div>
      )}
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {chrome === 'full' && (
        <>
          {/* The floating buttons: at the screen's edges on a desktop, one dock on a phone. */}
          <div className="float-dock">
            <Suspense fallback={null}>
              <FloatDockButtons />
            </Suspense>
          </div>
          <Footer />
        </>
      )}
    </div>
  );
}

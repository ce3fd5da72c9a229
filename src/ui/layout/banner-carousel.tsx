import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { bannerGroupByPath } from '../../contract/routes.ts';
import type { Banner } from '../../contract/system.ts';
import { useRemoteData } from '../hooks/use-remote-data.ts';
import { BannerLink } from './banner-link.tsx';
import { useSiteShellFlows } from './site-shell-flows.ts';

// swiper is not part of the first page's script: the first banner shows as a plain image at
// once, and the carousel takes over when its chunk arrives.
const BannerSwiper = lazy(() => import('./banner-swiper.tsx'));

/** The current route's banners; nothing at all when the group has none. */
export function BannerCarousel() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const { banners } = useSiteShellFlows();
  const { data, status } = useRemoteData<Banner[]>(banners);
  const group = bannerGroupByPath[pathname];
  const shown = (data ?? [])
    .filter((banner) => banner.groupName === group)
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const first = shown[0];
  // While the banners load, their room is kept, so the page below does not move down when they
  // arrive (issue 35: the page could now render before its banners).
  if (group && status === 'loading') {
    return (
      <section className="banner-carousel" aria-hidden="true" data-testid="banner-placeholder">
        <div className="banner-carousel__still banner-carousel__placeholder" />
      </section>
    );
  }
  if (!group || !first) return null;

  return (
    <section
      className="banner-carousel"
      data-testid="banner-carousel"
      aria-roledescription={t('banner.roleDescription')}
      aria-label={t('banner.label')}
    >
      <Suspense
        fallback={
          <div className="banner-carousel__still" data-testid="banner-slide">
            <BannerLink banner={first} eager />
          </div>
        }
      >
        {/* A new group starts a fresh carousel rather than morphing the old one. */}
        <BannerSwiper key={group} banners={shown} />
      </Suspense>
    </section>
  );
}

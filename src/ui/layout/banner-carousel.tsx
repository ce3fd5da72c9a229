import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import { constants } from '../../contract/constants.ts';
import { bannerGroupByPath } from '../../contract/routes.ts';
import type { Banner } from '../../contract/system.ts';
import { useRemoteData } from '../hooks/use-remote-data.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { useSiteShellFlows } from './site-shell-flows.ts';

/** The current route's banners; nothing at all when the group has none. */
export function BannerCarousel() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const { banners } = useSiteShellFlows();
  const { data } = useRemoteData<Banner[]>(banners);
  const reducedMotion = useReducedMotion();
  const group = bannerGroupByPath[pathname];
  const shown = (data ?? [])
    .filter((banner) => banner.groupName === group)
    .sort((a, b) => a.sortOrder - b.sortOrder);
  if (!group || shown.length === 0) return null;
  const several = shown.length > 1;

  return (
    <section
      className="banner-carousel"
      data-testid="banner-carousel"
      aria-roledescription={t('banner.roleDescription')}
      aria-label={t('banner.label')}
    >
      <Swiper
        // A new group starts a fresh carousel rather than morphing the old one.
        key={group}
        modules={[A11y, Autoplay, Pagination]}
        slidesPerView={1}
        loop={several}
        autoplay={
          several && !reducedMotion
            ? {
                delay: constants.bannerAutoplayMs,
                disableOnInteraction: false,
                pauseOnMouseEnter: true,
              }
            : false
        }
        pagination={several ? { clickable: true } : false}
        a11y={{
          prevSlideMessage: t('banner.previous'),
          nextSlideMessage: t('banner.next'),
          paginationBulletMessage: t('banner.goTo', { index: '{{index}}' }),
          slideLabelMessage: t('banner.slideOf', { index: '{{index}}', count: '{{slidesLength}}' }),
        }}
      >
        {shown.map((banner) => (
          <SwiperSlide key={banner.bannerId} data-testid="banner-slide">
            <BannerLink banner={banner} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}

function BannerLink({ banner }: { banner: Banner }) {
  const image = (
    <img
      className="banner-carousel__image"
      src={banner.url}
      alt={banner.title}
      width="1920"
      height="480"
    />
  );
  const linkage = banner.linkage ?? '';
  switch (banner.linkageType) {
    case 'ROUTE':
      return linkage ? (
        <Link to={linkage} className="banner-carousel__link">
          {image}
        </Link>
      ) : (
        image
      );
    case 'URL':
      return linkage ? (
        <a
          href={linkage}
          target="_blank"
          rel="noopener noreferrer"
          className="banner-carousel__link"
        >
          {image}
        </a>
      ) : (
        image
      );
    case 'PROMOTION':
      return (
        <Link
          to={`/promoDetail?id=${encodeURIComponent(linkage)}`}
          className="banner-carousel__link"
        >
          {image}
        </Link>
      );
    case 'GAME':
      return (
        <Link to={`/game?code=${encodeURIComponent(linkage)}`} className="banner-carousel__link">
          {image}
        </Link>
      );
    case 'NONE':
      return image;
  }
}

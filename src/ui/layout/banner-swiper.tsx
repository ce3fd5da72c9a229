import { useTranslation } from 'react-i18next';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import { constants } from '../../contract/constants.ts';
import type { Banner } from '../../contract/system.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { BannerLink } from './banner-link.tsx';

/** The banner carousel proper (its own chunk, with swiper): `banners` in their order. */
export default function BannerSwiper({ banners }: { banners: Banner[] }) {
  const { t, i18n } = useTranslation('layout');
  const reducedMotion = useReducedMotion();
  const several = banners.length > 1;
  return (
    <Swiper
      // Swiper reads its a11y messages once: a new language makes a new carousel, relabelled.
      key={i18n.language}
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
      {banners.map((banner, index) => (
        <SwiperSlide key={banner.bannerId} data-testid="banner-slide">
          <BannerLink banner={banner} eager={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

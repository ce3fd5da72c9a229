import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay } from 'swiper/modules';
import 'swiper/css';
import { constants } from '../../contract/constants.ts';
import type { Vendor } from '../../contract/system.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { VendorLogo } from './vendor-logo.tsx';

const { slidesPerView, spaceBetween } = constants.footerStrip;

/** The footer's moving vendor strip (its own chunk, with swiper). */
export default function VendorSwiper({ vendors }: { vendors: Vendor[] }) {
  const reducedMotion = useReducedMotion();
  return (
    <Swiper
      modules={[A11y, Autoplay]}
      slidesPerView={4}
      spaceBetween={spaceBetween}
      loop={vendors.length > slidesPerView}
      autoplay={reducedMotion ? false : { delay: 2500, disableOnInteraction: false }}
      breakpoints={{
        640: { slidesPerView: 6 },
        1024: { slidesPerView: slidesPerView },
      }}
    >
      {vendors.map((vendor) => (
        <SwiperSlide key={vendor.vassalage} className="vendor-strip__slide">
          <VendorLogo vendor={vendor} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

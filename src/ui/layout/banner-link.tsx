import { Link } from 'react-router-dom';
import type { Banner } from '../../contract/system.ts';

/** One banner: its image, linked as its linkage type says. */
export function BannerLink({ banner }: { banner: Banner }) {
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

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Banner } from '../../contract/system.ts';
import { LazyImage } from '../components/lazy-image.tsx';

type CtaKey = 'play' | 'offer' | 'redeem' | 'vip' | 'app' | 'join' | 'open' | 'more';

/** The routes whose banners say more than "play now": a game lobby is play, and so on. */
const routeCtas: readonly [RegExp, CtaKey][] = [
  [/^\/(promotions|promoDetail)\b/, 'offer'],
  [/^\/pointMall\b/, 'redeem'],
  [/^\/vip\b/, 'vip'],
  [/^\/download\b/, 'app'],
  [/^\/(register|join)\b/, 'join'],
  [/^\/(live|sports|esports|rng|fish|pvp|lottery|cockfight|elott|game|fbsports)\b/i, 'play'],
];

/** What a banner's call to action says: what its link does (issue 34: "Play now" on all). */
export function ctaOf(banner: Pick<Banner, 'linkageType' | 'linkage'>): CtaKey {
  switch (banner.linkageType) {
    case 'GAME':
      return 'play';
    case 'PROMOTION':
      return 'offer';
    case 'URL':
      return 'open';
    default:
      return routeCtas.find(([route]) => route.test(banner.linkage ?? ''))?.[1] ?? 'more';
  }
}

/**
 * One banner: its artwork (pictures only) with its title and call to action written over it in
 * the page's language, linked as its linkage type says.
 */
export function BannerLink({ banner, eager }: { banner: Banner; eager?: boolean }) {
  const { t } = useTranslation('layout');
  const linked = banner.linkageType !== 'NONE' && (banner.linkage ?? '') !== '';
  const image = (
    <span className="banner-carousel__frame">
      <LazyImage
        className="banner-carousel__image"
        src={banner.url}
        alt=""
        width="1920"
        height="480"
        eager={eager}
      />
      <span className="banner-carousel__caption">
        <span className="banner-carousel__title">{banner.title}</span>
        {linked && (
          <span className="banner-carousel__cta" aria-hidden="true">
            {t(`banner.cta.${ctaOf(banner)}`)}
          </span>
        )}
      </span>
    </span>
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

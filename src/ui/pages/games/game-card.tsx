import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '../../../contract/games.ts';
import { useMoney } from '../../components/form/money-field.tsx';

/** Failed lazy images are tried again up to this many times (spec section 8). */
export const imageRetries = 3;

/**
 * A lazily loaded image that retries a failed load up to 3 times (a new query each time, so the
 * browser asks again), then shows the fallback drawing.
 */
export function LazyImage({
  src,
  alt,
  fallback,
  className,
}: {
  src: string;
  alt: string;
  fallback: string;
  className?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const failed = attempt > imageRetries;
  const url = failed
    ? fallback
    : attempt === 0
      ? src
      : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  return (
    <img
      key={url}
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
      data-attempt={attempt}
      onError={() => {
        if (!failed) setAttempt((value) => value + 1);
      }}
    />
  );
}

/** One game: its art, name, vendor, minimum bet, a star and a play button. */
export function GameCard({
  game,
  favourite,
  showStar,
  busy,
  onToggleFavourite,
  onLaunch,
}: {
  game: Game;
  favourite: boolean;
  showStar: boolean;
  busy: boolean;
  onToggleFavourite: () => void;
  onLaunch: () => void;
}) {
  const { t } = useTranslation('pages');
  const money = useMoney();
  return (
    <article className="game-card" data-testid="game-card" aria-label={game.gameName}>
      <button
        type="button"
        className="game-card__play"
        onClick={onLaunch}
        aria-label={t('games.play', { game: game.gameName })}
      >
        <LazyImage
          src={game.imageUrl}
          alt=""
          fallback="/media/pages/game-locked.svg"
          className="game-card__art"
        />
        {game.maintenance && <span className="game-card__badge">{t('games.maintenance')}</span>}
        {game.isHot === 1 && <span className="pg-hot game-card__hot">{t('games.hot')}</span>}
      </button>
      <div className="game-card__info">
        <h3 className="game-card__name" title={game.gameName}>
          {game.gameName}
        </h3>
        <p className="game-card__vendor">{game.displayName}</p>
        <p className="game-card__bet">{t('games.minBetShort', { amount: money(game.minBet) })}</p>
      </div>
      {showStar && (
        <button
          type="button"
          className="game-card__star"
          aria-pressed={favourite}
          aria-label={t('games.favourite', { game: game.gameName })}
          disabled={busy}
          onClick={onToggleFavourite}
          data-testid="game-star"
        >
          <span aria-hidden="true">{favourite ? '★' : '☆'}</span>
        </button>
      )}
    </article>
  );
}

import { useTranslation } from 'react-i18next';
import type { Game } from '../../../contract/games.ts';
import { useMoney } from '../../components/form/money-field.tsx';
import { LazyImage } from '../../components/lazy-image.tsx';

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

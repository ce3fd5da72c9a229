import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../components/icons.tsx';

export type RecentGame = { code: string; name: string; icon: string };

/**
 * The side menu's 'recent games' panel; it opens on hover, keyboard focus or a click. Recent
 * games need a session, so a visitor sees 'No data'.
 */
export function SideMenu({ recentGames = [] }: { recentGames?: readonly RecentGame[] }) {
  const { t } = useTranslation(['layout', 'common']);
  const [pinned, setPinned] = useState(false);
  const panelId = useId();
  const title = t('layout:sideMenu.recentGames');
  return (
    <aside
      className={`side-menu ${pinned ? 'side-menu--open' : ''}`}
      aria-label={t('layout:sideMenu.label')}
    >
      <button
        type="button"
        className="side-menu__tab"
        aria-expanded={pinned}
        aria-controls={panelId}
        onClick={() => setPinned((open) => !open)}
      >
        <ClockIcon />
        <span className="side-menu__tab-text">{title}</span>
      </button>
      <div id={panelId} className="side-menu__panel" role="region" aria-label={title}>
        <h2 className="side-menu__title">{title}</h2>
        {recentGames.length === 0 ? (
          <p className="side-menu__empty muted">{t('common:state.noData')}</p>
        ) : (
          <ul className="side-menu__games">
            {recentGames.map((game) => (
              <li key={game.code}>
                <Link
                  to={`/game?code=${encodeURIComponent(game.code)}`}
                  className="side-menu__game"
                >
                  <img src={game.icon} alt={game.name} width="56" height="56" loading="lazy" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { Game } from '../../contract/games.ts';
import { ClockIcon } from '../components/icons.tsx';
import { useSession } from '../identity/identity-flows.ts';
import { useRemoteData } from '../hooks/use-remote-data.ts';
import { gamePath, useGamesFlows } from '../pages/games/games-flows.ts';
import { LazyImage } from '../components/lazy-image.tsx';

/**
 * The side menu's 'recent games' panel; it opens on hover, keyboard focus or a click. Recent
 * games need a session, so a visitor sees 'No data'; a player sees the games last launched.
 */
export function SideMenu() {
  const member = useSelector(useSession(), (s) => s.matches('member'));
  return member ? <MemberSideMenu /> : <SideMenuView recentGames={[]} />;
}

function MemberSideMenu() {
  const ref = useActorRef(useGamesFlows().recentGames, { input: { params: {} } });
  const view = useRemoteData<Game[]>(ref);
  return (
    <SideMenuView recentGames={view.data ?? []} onOpen={() => ref.send({ type: 'user.reload' })} />
  );
}

function SideMenuView({
  recentGames,
  onOpen,
}: {
  recentGames: readonly Game[];
  onOpen?: () => void;
}) {
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
        onClick={() => {
          if (!pinned) onOpen?.();
          setPinned((open) => !open);
        }}
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
              <li key={game.nodeId}>
                <Link to={gamePath(game)} className="side-menu__game" data-testid="recent-game">
                  <LazyImage src={game.imageUrl} alt={game.gameName} width="56" height="56" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

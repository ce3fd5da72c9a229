import { useLocation } from 'react-router-dom';
import { gameLobbyPaths } from '../../../contract/routes.ts';
import type { GameCategory } from '../../../contract/routes.ts';
import { Lobby } from './lobby.tsx';

type LobbyPath = (typeof gameLobbyPaths)[number];

/** /live, /sports, /esports, /elott, /cockfight: the first path segment is the game. */
export default function GameLobbyPage() {
  const { pathname } = useLocation();
  const segment = pathname.split('/')[1]?.toLowerCase() ?? '';
  const path: LobbyPath = (gameLobbyPaths as readonly string[]).includes(segment)
    ? (segment as LobbyPath)
    : 'live';
  const category = path.toUpperCase() as GameCategory;
  // Lottery and LOTT share /elott.
  const lanes: GameCategory[] = category === 'ELOTT' ? ['ELOTT', 'LOTT'] : [category];
  return <Lobby key={category} category={category} lanes={lanes} />;
}

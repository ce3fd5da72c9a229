import { useLocation } from 'react-router-dom';
import { electronicLobbyPaths } from '../../../contract/routes.ts';
import type { GameCategory } from '../../../contract/routes.ts';
import { Lobby } from './lobby.tsx';

type LobbyPath = (typeof electronicLobbyPaths)[number];

/**
 * /rng, /pvp, /fish: ?vassalage= selects a vendor and ?page= switches tabs. The jackpot counter
 * on /rng belongs to the layout's banner area, so it is not repeated here.
 */
export default function EgameLobbyPage() {
  const { pathname } = useLocation();
  const segment = pathname.split('/')[1]?.toLowerCase() ?? '';
  const path: LobbyPath = (electronicLobbyPaths as readonly string[]).includes(segment)
    ? (segment as LobbyPath)
    : 'rng';
  const category = path.toUpperCase() as GameCategory;
  return <Lobby key={category} category={category} lanes={[category]} />;
}

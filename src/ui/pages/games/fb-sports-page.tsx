import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import type { GameVendorLanes } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { lanesOf } from '../shared/games.ts';
import { LoginToPlay } from './login-to-play.tsx';
import { GameFrame } from './game-frame-page.tsx';

/**
 * /fbsports: the FB sports book. A player gets the FB vendor's lobby game launched
 * (GCS_gameLaunchFB) in the frame; a visitor is asked to log in; without an FB vendor the page
 * says the sports book is not available.
 */
export default function FbSportsPage() {
  const { t } = useTranslation('pages');
  const member = useSelector(useSession(), (s) => s.matches('member'));
  const view = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors);
  const vendor = lanesOf(view.data, ['SPORTS'])
    .flatMap((lane) => lane.cards)
    .find((card) => card.vassalage === 'FB');
  if (member && vendor) {
    return (
      <GameFrame
        nodeId=""
        gameCode="lobby"
        gameType="SPORTS"
        vassalage="FB"
        lobby="FB"
        title={vendor.displayName}
        testId="page-fbsports"
      />
    );
  }
  return (
    <LoginToPlay
      testId="page-fbsports"
      title={vendor ? vendor.displayName : t('fbSports.title')}
      text={view.status === 'loaded' && !vendor ? t('fbSports.unavailable') : t('fbSports.text')}
    />
  );
}

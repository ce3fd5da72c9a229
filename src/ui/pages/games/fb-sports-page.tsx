import { useTranslation } from 'react-i18next';
import type { GameVendorLanes } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { lanesOf } from '../shared/games.ts';
import { LoginToPlay } from './login-to-play.tsx';

/** /fbsports: the FB sports book, opened after login when the site has an FB sports vendor. */
export default function FbSportsPage() {
  const { t } = useTranslation('pages');
  const view = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors);
  const vendor = lanesOf(view.data, ['SPORTS'])
    .flatMap((lane) => lane.cards)
    .find((card) => card.vassalage === 'FB');
  return (
    <LoginToPlay
      testId="page-fbsports"
      title={vendor ? vendor.displayName : t('fbSports.title')}
      text={view.status === 'loaded' && !vendor ? t('fbSports.unavailable') : t('fbSports.text')}
    />
  );
}

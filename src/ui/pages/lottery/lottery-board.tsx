import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GameVendorLanes, Vendor } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { lanesOf } from '../shared/games.ts';
import { LoginCallToAction } from '../shared/login-cta.tsx';
import { VendorCard } from '../shared/vendor-card.tsx';
import { BettingView } from './betting-view.tsx';
import { LotteryLobby } from './lottery-lobby.tsx';
import { useLotteryMember } from './use-lottery.ts';
import '../shared/pages.css';
import './lottery.css';

export { weekdays } from './lottery-logic.ts';

/** The site's own lottery: its games are the lobby; the vendor card stands for them. */
const ownVendor = 'TCG_LOTTO_VN';

/** Vendors whose name or code contains the query. */
export function filterVendors(vendors: readonly Vendor[], query: string): Vendor[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...vendors];
  return vendors.filter(
    (v) => v.displayName.toLocaleLowerCase().includes(q) || v.vassalage.toLowerCase().includes(q),
  );
}

type Props = { title: string; intro: string; initialVendor?: string | null };

/**
 * The lottery section: the lobby of the site's lottery games, or a game's betting view
 * (?view=betting&gameId=); other lottery providers of the catalogue below the lobby.
 */
export function LotteryBoard({ title, intro }: Props) {
  const [params] = useSearchParams();
  const { t } = useTranslation('lottery');
  const { signedIn } = useLotteryMember();
  const gameId = params.get('view') === 'betting' ? params.get('gameId') : null;
  if (gameId) return <BettingView gameId={gameId} />;
  return (
    <div className="pg-lottery-board">
      <div className="pg-intro">
        <h1>{title}</h1>
        <p className="pg-muted">{intro}</p>
      </div>
      <LotteryLobby
        below={
          <>
            <OtherProviders />
            {!signedIn && <LoginCallToAction title={t('cta.title')} text={t('cta.text')} />}
          </>
        }
      />
    </div>
  );
}

/** The catalogue's other lottery vendors (ELOTT and LOTT lanes), when there are any. */
function OtherProviders() {
  const { t } = useTranslation('lottery');
  const view = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors);
  if (view.status !== 'loaded' || !view.data) return null;
  const vendors = lanesOf(view.data, ['ELOTT', 'LOTT'])
    .flatMap((lane) => lane.cards)
    .filter((vendor) => vendor.vassalage !== ownVendor);
  if (vendors.length === 0) return null;
  return (
    <section className="pg-section" aria-labelledby="lottery-vendors">
      <h2 id="lottery-vendors">{t('vendors')}</h2>
      <ul className="pg-vendors pg-vendors--compact">
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <VendorCard vendor={vendor} />
          </li>
        ))}
      </ul>
    </section>
  );
}

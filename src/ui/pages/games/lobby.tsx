import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GameCategory } from '../../../contract/routes.ts';
import type { GameVendorLanes, Vendor } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { lanesOf } from '../shared/games.ts';
import { LoginCallToAction } from '../shared/login-cta.tsx';
import { RemoteState } from '../shared/remote-state.tsx';
import { VendorCard } from '../shared/vendor-card.tsx';
import '../shared/pages.css';
import './games.css';

export const lobbyTabs = ['all', 'hot', 'fav', 'recent'] as const;
export type LobbyTab = (typeof lobbyTabs)[number];
/** Tabs that need a session: shown, but disabled for visitors. */
const loginTabs: readonly LobbyTab[] = ['fav', 'recent'];

type Props = {
  /** The category of the route, e.g. LIVE for /live. */
  category: GameCategory;
  /** The lanes shown: the category's own, plus LOTT on /elott. */
  lanes: readonly GameCategory[];
  /** Electronic lobbies (/rng, /pvp, /fish) select a vendor with ?vassalage=. */
  electronic: boolean;
};

/** A category's lobby: tabs, the classify list, vendor cards and the log-in call to action. */
export function Lobby({ category, lanes, electronic }: Props) {
  const { t } = useTranslation('pages');
  const view = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors);
  const [params] = useSearchParams();
  const requested = params.get('page');
  const tab: LobbyTab = requested === 'hot' ? 'hot' : 'all';
  const vassalage = params.get('vassalage');
  const name = t(`categories.${category}.name`);

  /** The query of a tab or vendor link, keeping the other value. */
  const query = (next: { page?: LobbyTab; vassalage?: string | null }) => {
    const search = new URLSearchParams();
    const page = next.page ?? tab;
    const vendor = next.vassalage === undefined ? vassalage : next.vassalage;
    if (page !== 'all') search.set('page', page);
    if (electronic && vendor) search.set('vassalage', vendor);
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  return (
    <div className={`pg pg-lobby pg-lobby--${category.toLowerCase()}`} data-testid="page-lobby">
      <div className="pg-intro">
        <h1>{name}</h1>
        <p className="pg-muted">{t(`categories.${category}.blurb`)}</p>
      </div>

      <nav className="lobby-tabs" aria-label={t('games.tabsLabel')}>
        <ul className="pg-chips">
          {lobbyTabs.map((key) =>
            loginTabs.includes(key) ? (
              <li key={key}>
                <span
                  className="pg-chip"
                  aria-disabled="true"
                  title={t('games.loginToSee')}
                  aria-describedby="lobby-login-hint"
                >
                  {t(`games.tabs.${key}`)}
                </span>
              </li>
            ) : (
              <li key={key}>
                <Link
                  className="pg-chip"
                  to={{ search: query({ page: key }) }}
                  aria-current={tab === key ? 'page' : undefined}
                >
                  {t(`games.tabs.${key}`)}
                </Link>
              </li>
            ),
          )}
        </ul>
        <p id="lobby-login-hint" className="pg-muted lobby-hint">
          {t('games.loginToSeeTabs')}
        </p>
      </nav>

      <RemoteState view={view} emptyText={t('games.noVendors', { category: name })}>
        {(data) => {
          const shown = lanesOf(data, lanes);
          const classify = [...new Set(shown.flatMap((lane) => lane.gameClassify))];
          const vendors = shown.flatMap((lane) => lane.cards);
          const listed = tab === 'hot' ? vendors.filter((v) => v.isHot === 1) : vendors;
          const selected = electronic ? vendors.find((v) => v.vassalage === vassalage) : undefined;
          return (
            <>
              {classify.length > 0 && (
                <section className="pg-section" aria-labelledby="lobby-classify">
                  <h2 id="lobby-classify">{t('games.classify')}</h2>
                  <ul className="pg-chips">
                    {classify.map((item) => (
                      <li key={item} className="pg-chip pg-chip--static">
                        {/* An operator's own type without a translation reads as given. */}
                        {t(`games.types.${item}`, { defaultValue: item })}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              <section className="pg-section" aria-labelledby="lobby-vendors">
                <h2 id="lobby-vendors">
                  {tab === 'hot' ? t('games.hotVendors') : t('games.vendors')}
                </h2>
                {listed.length === 0 ? (
                  <p className="pg-state">
                    {tab === 'hot'
                      ? t('games.noHot', { category: name })
                      : t('games.noVendors', { category: name })}
                  </p>
                ) : (
                  <VendorGrid
                    vendors={listed}
                    selected={selected?.vassalage}
                    linkOf={electronic ? (v) => query({ vassalage: v.vassalage }) : undefined}
                  />
                )}
              </section>
              {selected && (
                <p className="pg-card lobby-selected" role="status">
                  {t('games.vendorSelected', { vendor: selected.displayName })}
                </p>
              )}
            </>
          );
        }}
      </RemoteState>

      <LoginCallToAction title={t('games.ctaTitle')} text={t('games.ctaText')} />
    </div>
  );
}

function VendorGrid({
  vendors,
  selected,
  linkOf,
}: {
  vendors: Vendor[];
  selected: string | undefined;
  linkOf?: (vendor: Vendor) => string;
}) {
  return (
    <ul className="pg-vendors">
      {vendors.map((vendor) => (
        <li key={vendor.vassalage}>
          <VendorCard
            vendor={vendor}
            wrap={
              linkOf
                ? (content) => (
                    <Link
                      to={{ search: linkOf(vendor) }}
                      aria-current={selected === vendor.vassalage ? 'true' : undefined}
                    >
                      {content}
                    </Link>
                  )
                : undefined
            }
          />
        </li>
      ))}
    </ul>
  );
}

import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { constants } from '../../contract/constants.ts';
import { navCategories } from '../../contract/routes.ts';
import type { GameCategory } from '../../contract/routes.ts';
import type { GameVendorLanes, Vendor } from '../../contract/system.ts';
import { useRemoteData } from '../hooks/use-remote-data.ts';
import { useSiteShellFlows } from './site-shell-flows.ts';
import { vendorLogo, vendorsOf } from './vendor-lanes.ts';
import { LazyImage } from '../components/lazy-image.tsx';

/**
 * The bottom nav: home, one item per category with its vendor dropdown (hover or keyboard
 * focus), promotions and app download. On a phone it is a horizontally scrolling bar.
 */
export function NavBar() {
  const { t } = useTranslation('layout');
  const { vendors } = useSiteShellFlows();
  const { data } = useRemoteData<GameVendorLanes>(vendors);
  return (
    <nav className="nav-bar" aria-label={t('nav.label')}>
      <ul className="nav-bar__list">
        <li className="nav-bar__item">
          <NavLink to="/" end className="nav-bar__link">
            {t('nav.home')}
          </NavLink>
        </li>
        {navCategories.map((category) => (
          <CategoryItem
            key={category.gameType}
            gameType={category.gameType}
            path={category.path}
            vendors={vendorsOf(data, category.gameType)}
          />
        ))}
        <li className="nav-bar__item">
          <NavLink to="/promotions" className="nav-bar__link">
            {t('nav.promotions')}
          </NavLink>
        </li>
        <li className="nav-bar__item">
          <NavLink to="/down" className="nav-bar__link">
            {t('nav.download')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

function CategoryItem({
  gameType,
  path,
  vendors,
}: {
  gameType: GameCategory;
  path: string;
  vendors: readonly Vendor[];
}) {
  const { t } = useTranslation('layout');
  const name = t(`categories.${gameType}`);
  const shown = vendors.slice(0, constants.vendorDropdownMax);
  const hasMore = vendors.length > constants.vendorDropdownMax;
  const wide = shown.length >= constants.vendorDropdownCenteredBelow;
  return (
    <li className={`nav-bar__item nav-bar__item--category ${wide ? 'nav-bar__item--wide' : ''}`}>
      <NavLink to={path} className="nav-bar__link">
        {name}
      </NavLink>
      {shown.length > 0 && (
        <div
          className={`vendor-dropdown ${wide ? 'vendor-dropdown--wide' : 'vendor-dropdown--centered'}`}
          data-testid="vendor-dropdown"
        >
          <ul className="vendor-dropdown__list" aria-label={t('vendors.of', { category: name })}>
            {shown.map((vendor) => (
              <li key={vendor.vassalage}>
                <NavLink
                  to={`${path}?vassalage=${encodeURIComponent(vendor.vassalage)}`}
                  className="vendor-tile"
                >
                  <LazyImage
                    src={vendorLogo(vendor)}
                    alt=""
                    className="vendor-tile__logo"
                    width="100"
                    height="40"
                  />
                  <span className="vendor-tile__name">{vendor.displayName}</span>
                  {vendor.isHot === 1 && <span className="hot-badge">{t('vendors.hot')}</span>}
                </NavLink>
              </li>
            ))}
            {hasMore && (
              <li>
                <NavLink to={path} className="vendor-tile vendor-tile--more">
                  <span className="vendor-tile__name">{t('vendors.more')}</span>
                </NavLink>
              </li>
            )}
          </ul>
        </div>
      )}
    </li>
  );
}

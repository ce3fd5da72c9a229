import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vendor } from '../../../contract/system.ts';
import { LazyImage } from '../../components/lazy-image.tsx';

/** The artwork of a vendor: its configured logo, else the project's drawing of it. */
export function vendorLogo(vendor: Vendor): string {
  return vendor.logo || `/media/vendors/${vendor.vassalage}.svg`;
}

type Props = {
  vendor: Vendor;
  /** Wraps the card (a link or a button); plain card when omitted. */
  wrap?: (content: ReactNode) => ReactNode;
};

/** A vendor's logo, name and hot marker. */
export function VendorCard({ vendor, wrap }: Props) {
  const { t } = useTranslation('pages');
  const content = (
    <>
      <span className="pg-vendor__logo">
        <LazyImage src={vendorLogo(vendor)} alt="" width="200" height="80" />
      </span>
      <span className="pg-vendor__name">{vendor.displayName}</span>
      {vendor.isHot === 1 && <span className="pg-hot">{t('games.hot')}</span>}
    </>
  );
  return <div className="pg-vendor">{wrap ? wrap(content) : content}</div>;
}

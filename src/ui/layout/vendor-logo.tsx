import type { Vendor } from '../../contract/system.ts';
import { vendorLogo } from './vendor-lanes.ts';
import { LazyImage } from '../components/lazy-image.tsx';

/** A vendor's logo in the footer strip. */
export function VendorLogo({ vendor }: { vendor: Vendor }) {
  return <LazyImage src={vendorLogo(vendor)} alt={vendor.displayName} width="120" height="48" />;
}

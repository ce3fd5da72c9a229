import type { Vendor } from '../../contract/system.ts';
import { vendorLogo } from './vendor-lanes.ts';

/** A vendor's logo in the footer strip. */
export function VendorLogo({ vendor }: { vendor: Vendor }) {
  return (
    <img src={vendorLogo(vendor)} alt={vendor.displayName} loading="lazy" width="120" height="48" />
  );
}

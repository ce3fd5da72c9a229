import type { GameCategory } from '../../contract/routes.ts';
import type { GameVendorLanes, Vendor } from '../../contract/system.ts';

/** The vendors of a nav category; lottery and LOTT share /elott. */
export function vendorsOf(lanes: GameVendorLanes | null, category: GameCategory): Vendor[] {
  if (!lanes) return [];
  const titles: readonly GameCategory[] = category === 'ELOTT' ? ['ELOTT', 'LOTT'] : [category];
  return lanes.lanes.filter((lane) => titles.includes(lane.title)).flatMap((lane) => lane.cards);
}

/** Every vendor once, for the footer strip. */
export function allVendors(lanes: GameVendorLanes | null): Vendor[] {
  if (!lanes) return [];
  const seen = new Set<string>();
  return lanes.lanes
    .flatMap((lane) => lane.cards)
    .filter((vendor) => !seen.has(vendor.vassalage) && seen.add(vendor.vassalage));
}

export const vendorLogo = (vendor: Pick<Vendor, 'vassalage'>) =>
  `/media/vendors/${vendor.vassalage}.svg`;

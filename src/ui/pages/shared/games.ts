import type { GameCategory } from '../../../contract/routes.ts';
import { electronicLobbyPaths } from '../../../contract/routes.ts';
import type { GameVendorLanes, Vendor } from '../../../contract/system.ts';

/** The lobby path of a category; lottery and LOTT share /elott. */
export function categoryPath(gameType: GameCategory): string {
  return gameType === 'LOTT' ? '/elott' : `/${gameType.toLowerCase()}`;
}

/** Lottery vendors our own lottery lobby serves (issue 14): their cards open /vnlottery. */
export const lotteryLobbyVendors: readonly string[] = ['TCG_LOTTO_VN', 'ELOTT', 'LOTT'];

/** Where a vendor card leads: an electronic vendor opens its slot list, others their lobby. */
export function vendorPath(vendor: Vendor): string {
  if (lotteryLobbyVendors.includes(vendor.vassalage)) return '/vnlottery?view=lobby';
  const path = categoryPath(vendor.gameType);
  const isElectronic = (electronicLobbyPaths as readonly string[]).includes(path.slice(1));
  return isElectronic ? `${path}?vassalage=${encodeURIComponent(vendor.vassalage)}` : path;
}

/** The lanes of these categories, in the order given. */
export function lanesOf(data: GameVendorLanes | null, types: readonly GameCategory[]) {
  if (!data) return [];
  return types.flatMap((type) => data.lanes.filter((lane) => lane.title === type));
}

/** Every hot vendor (isHot 1) across the lanes, once each. */
export function hotVendors(data: GameVendorLanes | null): Vendor[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.lanes
    .flatMap((lane) => lane.cards)
    .filter((card) => {
      if (card.isHot !== 1 || seen.has(card.vassalage)) return false;
      seen.add(card.vassalage);
      return true;
    });
}

import { describe, expect, it } from 'vitest';
import type { Vendor } from '../../src/contract/system.ts';
import { vendorPath } from '../../src/ui/pages/shared/games.ts';

const vendor = (vassalage: string, gameType: Vendor['gameType']): Vendor => ({
  accountTypeId: 1,
  vassalage,
  gameType,
  displayName: vassalage,
  isHot: 1,
  logo: `/media/vendors/${vassalage}.svg`,
});

describe("the catalog's lottery vendor cards", () => {
  it('land in our lottery lobby (/vnlottery, lobby view)', () => {
    expect(vendorPath(vendor('TCG_LOTTO_VN', 'ELOTT'))).toBe('/vnlottery?view=lobby');
    expect(vendorPath(vendor('ELOTT', 'ELOTT'))).toBe('/vnlottery?view=lobby');
    expect(vendorPath(vendor('LOTT', 'LOTT'))).toBe('/vnlottery?view=lobby');
  });

  it('leave other lottery vendors and other categories where they were', () => {
    expect(vendorPath(vendor('TCG_SEA', 'LOTT'))).toBe('/elott');
    expect(vendorPath(vendor('STAR', 'RNG'))).toBe('/rng?vassalage=STAR');
    expect(vendorPath(vendor('AURA', 'LIVE'))).toBe('/live');
  });
});

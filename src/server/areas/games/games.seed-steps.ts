import type { SeedStep } from '../../platform/seed/seed.ts';
import { addVendorIfMissing, listVendorLanes, listVendors } from '../system/system.port.ts';
import { builtinVendor, demoCatalog, insertCatalogRows } from './games.seed.ts';

/** The built-in provider's vendor (through the system port), then the demo catalog. */
export const gamesSeedSteps: SeedStep[] = [
  {
    name: 'games-catalog-v1',
    run: async (tx) => {
      await addVendorIfMissing(tx, { ...builtinVendor, isHot: 1, sort: 0 });
      const [vendors, lanes] = await Promise.all([listVendors(tx), listVendorLanes(tx)]);
      await insertCatalogRows(tx, demoCatalog(vendors, lanes));
    },
  },
];

import type { SeedStep } from '../../platform/seed/seed.ts';
import { addVendorIfMissing, listVendorLanes, listVendors } from '../system/system.port.ts';
import { builtinVendor, demoCatalog, fbLobbyRows, insertCatalogRows } from './games.seed.ts';

/**
 * The built-in provider's vendor (through the system port), then the demo catalog: the full
 * ~10,000 games, or 5 per vendor (DEMO_CATALOG=small, for the tests of other areas).
 * Then the FB sports lobby game (GCS_gameLaunchFB, /fbsports).
 */
export const gamesSeedSteps = (size: 'full' | 'small'): SeedStep[] => [
  {
    name: 'games-catalog-v1',
    run: async (tx) => {
      await addVendorIfMissing(tx, { ...builtinVendor, isHot: 1, sort: 13 });
      const [vendors, lanes] = await Promise.all([listVendors(tx), listVendorLanes(tx)]);
      await insertCatalogRows(tx, demoCatalog(vendors, lanes, size), { bulk: true });
    },
  },
  {
    name: 'games-fb-lobby-v1',
    run: async (tx) => insertCatalogRows(tx, fbLobbyRows(await listVendors(tx))),
  },
];

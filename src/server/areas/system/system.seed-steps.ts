import type { SeedStep } from '../../platform/seed/seed.ts';
import { countries } from './countries.schema.ts';
import { domainRoutes, resources, systemSettings } from './settings.schema.ts';
import { modules } from './modules.schema.ts';
import { registerValidators } from './validators.schema.ts';
import { banners } from './banners.schema.ts';
import { announcements } from './announcements.schema.ts';
import { vendorLanes, vendors } from './vendors.schema.ts';
import { countrySeed, domainRouteSeed, resourceSeed, siteSeed } from './site.seed.ts';
import { moduleSeed, type ModuleSeed } from './modules.seed.ts';
import { validatorSeed } from './validators.seed.ts';
import { bannerSeed } from './banners.seed.ts';
import { repairSeededLinks, seededPromotionIds } from './banner-links.ts';
import { announcementSeed } from './announcements.seed.ts';
import { vendorLaneSeed } from './vendors.seed.ts';

function flattenModules(nodes: ModuleSeed[], parentId: string | null) {
  return nodes.flatMap((node, index): (typeof modules.$inferInsert)[] => [
    { modId: node.modId, parentId, enabled: node.enabled, sort: index + 1 },
    ...flattenModules(node.children ?? [], node.modId),
  ]);
}

/** The vendor lanes and vendors (the demo games catalog is made over them). */
export const vendorsSeedStep: SeedStep = {
  name: 'vendors-v1',
  run: async (tx) => {
    for (const [index, lane] of vendorLaneSeed.entries()) {
      await tx
        .insert(vendorLanes)
        .values({ gameType: lane.gameType, gameClassify: lane.gameClassify, sort: index + 1 })
        .onConflictDoNothing();
      await tx
        .insert(vendors)
        .values(
          lane.vendors.map(([vassalage, displayName, isHot], position) => ({
            vassalage,
            displayName,
            isHot,
            gameType: lane.gameType,
            logo: `/media/vendors/${vassalage}.svg`,
            sort: position + 1,
          })),
        )
        .onConflictDoNothing();
    }
  },
};

/** The site's settings, modules, validators, banners, announcements and vendors. */
export const systemSeedSteps: SeedStep[] = [
  {
    name: 'site-v1',
    run: async (tx) => {
      await tx.insert(systemSettings).values(siteSeed).onConflictDoNothing();
      await tx.insert(resources).values(resourceSeed);
      await tx.insert(domainRoutes).values(domainRouteSeed);
      await tx.insert(countries).values(countrySeed).onConflictDoNothing();
    },
  },
  {
    name: 'modules-v1',
    run: async (tx) => {
      await tx.insert(modules).values(flattenModules(moduleSeed, null)).onConflictDoNothing();
    },
  },
  {
    name: 'validators-v1',
    run: async (tx) => {
      const rows = Object.entries(validatorSeed).map(([field, rule]) => ({
        field: field as keyof typeof validatorSeed,
        ...rule,
      }));
      await tx.insert(registerValidators).values(rows).onConflictDoNothing();
    },
  },
  {
    name: 'announcements-v1',
    run: async (tx) => void (await tx.insert(announcements).values(announcementSeed())),
  },
  // After the announcements: a PROMOTION banner stores its promotion's id.
  {
    name: 'banners-v1',
    run: async (tx) =>
      void (await tx.insert(banners).values(bannerSeed(await seededPromotionIds(tx)))),
  },
  // Sites seeded before: the brand's own addresses, banners that named a promotion by a key.
  { name: 'brand-links-v2', run: repairSeededLinks },
  vendorsSeedStep,
];

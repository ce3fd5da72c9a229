import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { seedRuns } from './seed.schema.ts';
import { countries } from '../../areas/system/countries.schema.ts';
import { domainRoutes, resources, systemSettings } from '../../areas/system/settings.schema.ts';
import { modules } from '../../areas/system/modules.schema.ts';
import { registerValidators } from '../../areas/system/validators.schema.ts';
import { banners } from '../../areas/system/banners.schema.ts';
import { announcements } from '../../areas/system/announcements.schema.ts';
import { helpArticles, helpSections } from '../../areas/system/help.schema.ts';
import { vendorLanes, vendors } from '../../areas/system/vendors.schema.ts';
import { operators } from '../../areas/operator/operators.schema.ts';
import { members } from '../members/members.schema.ts';
import {
  countrySeed,
  domainRouteSeed,
  resourceSeed,
  siteSeed,
} from '../../areas/system/site.seed.ts';
import { moduleSeed, type ModuleSeed } from '../../areas/system/modules.seed.ts';
import { validatorSeed } from '../../areas/system/validators.seed.ts';
import { bannerSeed } from '../../areas/system/banners.seed.ts';
import { announcementSeed } from '../../areas/system/announcements.seed.ts';
import { helpSeed } from '../../areas/system/help.seed.ts';
import { vendorLaneSeed } from '../../areas/system/vendors.seed.ts';
import { hashPassword } from '../../areas/operator/operator-password.ts';
import { hashMemberPassword } from '../../areas/identity/identity-password.ts';
import { demoPlayers } from '../../areas/identity/members.seed.ts';
import { createLedgerService } from '../../areas/wallet/ledger.service.ts';
import { paymentChannels } from '../../areas/deposit/deposit.schema.ts';
import { paymentChannelSeed } from '../../areas/deposit/payment-channels.seed.ts';

type SeedStep = { name: string; run: (tx: Db) => Promise<void> };

/** Demo players' starting balances in minor units. */
const demoBalances: Record<string, bigint> = { demo_player1: 1_000_000n, demo_player2: 500_000n };

function flattenModules(nodes: ModuleSeed[], parentId: string | null) {
  return nodes.flatMap((node, index): (typeof modules.$inferInsert)[] => [
    { modId: node.modId, parentId, enabled: node.enabled, sort: index + 1 },
    ...flattenModules(node.children ?? [], node.modId),
  ]);
}

/** Demo data in named steps. A step runs once ever, so later operator edits are kept. */
const steps: SeedStep[] = [
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
  { name: 'banners-v1', run: async (tx) => void (await tx.insert(banners).values(bannerSeed())) },
  {
    name: 'announcements-v1',
    run: async (tx) => void (await tx.insert(announcements).values(announcementSeed())),
  },
  {
    name: 'help-v1',
    run: async (tx) => {
      for (const [index, section] of helpSeed.entries()) {
        await tx
          .insert(helpSections)
          .values({ key: section.key, title: section.title, sort: index + 1 })
          .onConflictDoNothing();
        await tx.insert(helpArticles).values(
          section.articles.map((article, position) => ({
            sectionKey: section.key,
            ...article,
            sort: position + 1,
          })),
        );
      }
    },
  },
  {
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
  },
  {
    // Demo agents whose invitation codes a registration can use (/register?affiliateCode=DEMO01).
    // No password: they cannot log in until an operator gives them one.
    name: 'demo-agents-v1',
    run: async (tx) => {
      await tx
        .insert(members)
        .values([
          { username: 'demo_agent1', nickname: 'Demo Agent 1', type: 1, affiliateCode: 'DEMO01' },
          { username: 'demo_agent2', nickname: 'Demo Agent 2', type: 41, affiliateCode: 'DEMO02' },
        ])
        .onConflictDoNothing();
    },
  },
  {
    // Demo players for a fresh `npm start` (README, "Demo accounts"): one ready to play, one made
    // by an operator with an initial password that the first login must change.
    name: 'demo-players-v1',
    run: async (tx) => {
      const rows = await Promise.all(
        demoPlayers.map(async ({ password, ...player }) => ({
          ...player,
          passwordHash: await hashMemberPassword(password),
          passwordChangedAt: new Date(),
        })),
      );
      await tx.insert(members).values(rows).onConflictDoNothing();
    },
  },
  {
    // Money for the demo players (P 10,000.00 and P 5,000.00), through the ledger like any other
    // credit: one adjustment each.
    name: 'demo-wallets-v1',
    run: async (tx) => {
      const ledger = createLedgerService({ db: tx });
      for (const { username } of demoPlayers) {
        const demoBalance = demoBalances[username];
        if (demoBalance === undefined) continue;
        const [player] = await tx
          .select({ id: members.id })
          .from(members)
          .where(eq(members.username, username));
        if (!player) continue;
        await ledger.post({
          memberId: player.id,
          kind: 'adjustment',
          amount: demoBalance,
          idempotencyKey: `seed:demo-wallets-v1:${username}`,
          reference: 'demo balance',
          actor: 'system:seed',
        });
      }
    },
  },
  {
    name: 'payment-channels-v1',
    run: async (tx) => {
      await tx.insert(paymentChannels).values(paymentChannelSeed).onConflictDoNothing();
    },
  },
];

export type SeedOptions = { opsUsername: string; opsPassword: string };

/** Applies the seed steps not yet run, and makes sure the configured operator exists. */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  for (const step of steps) {
    await db.transaction(async (tx) => {
      const done = await tx.select().from(seedRuns).where(eq(seedRuns.name, step.name));
      if (done.length > 0) return;
      await step.run(tx);
      await tx.insert(seedRuns).values({ name: step.name });
    });
  }
  const existing = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, options.opsUsername));
  if (existing.length === 0) {
    await db
      .insert(operators)
      .values({
        username: options.opsUsername,
        passwordHash: await hashPassword(options.opsPassword),
      })
      .onConflictDoNothing();
  }
}

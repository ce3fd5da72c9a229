import fp from 'fastify-plugin';
import { promotionsPlugin } from './promotions.plugin.ts';
import { loyaltyPlugin } from './loyalty.plugin.ts';
import { missionsPlugin } from './missions.plugin.ts';
import { helpPlugin } from './help.plugin.ts';
import { createBadges } from './badges.ts';
import { missionsClaimableSource } from './missions.claimables.ts';
import { rebateClaimables } from './rebate.claimables.ts';
import { engagementRemarkSources } from './record-remarks.ts';
import type { EngagementPort } from './engagement.port.ts';

/**
 * Engagement (issue 16): what a player earns and claims, every amount through the ledger.
 * Four parts, each registered here by its plugin: promotions (with the reward center, bonus
 * wagering and the public state's counts), loyalty (points mall, VIP levels, rebate), missions
 * (with the leaderboard and referral) and help (help center, feedback, winners, avatars).
 * The red badges are one publisher made here, handed to every part and decorated on the port
 * (`app.engagement.badges`) for the other areas.
 */
export const engagementArea = fp(
  async (app) => {
    const { operatorTimeZone: timeZone } = app.config;
    const badges = createBadges({
      db: app.database.db,
      clock: app.clock,
      timeZone,
      publisher: app.realtime.publisher,
      // The other parts' claimables; the promotions part reads its own two.
      sources: [missionsClaimableSource(timeZone, app.clock), rebateClaimables],
      onPublishError: (error) => app.log.error({ err: error }, 'badges event not published'),
    });
    app.decorate('engagement', { badges } satisfies EngagementPort as EngagementPort);
    // The bonus entries' remarks in the member's records: what each bonus was for.
    for (const source of engagementRemarkSources(app.database.db))
      app.wallet.remarks.register(source);
    await app.register(promotionsPlugin, { badges });
    await app.register(loyaltyPlugin, { badges });
    await app.register(missionsPlugin, { badges });
    await app.register(helpPlugin);
  },
  {
    name: 'engagement',
    dependencies: ['platform', 'system', 'identity', 'wallet'],
    fastify: '5.x',
  },
);

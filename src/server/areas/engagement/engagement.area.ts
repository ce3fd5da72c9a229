import fp from 'fastify-plugin';
import { promotionsPlugin } from './promotions.plugin.ts';
import { loyaltyPlugin } from './loyalty.plugin.ts';
import { missionsPlugin } from './missions.plugin.ts';
import { helpPlugin } from './help.plugin.ts';

/**
 * Engagement (issue 16): what a player earns and claims, every amount through the ledger.
 * Four parts, each registered here by its plugin: promotions (with the reward center, bonus
 * wagering and the public state's counts), loyalty (points mall, VIP levels, rebate), missions
 * (with the leaderboard and referral) and help (help center, feedback, winners, avatars).
 */
export const engagementArea = fp(
  async (app) => {
    await app.register(promotionsPlugin);
    await app.register(loyaltyPlugin);
    await app.register(missionsPlugin);
    await app.register(helpPlugin);
  },
  {
    name: 'engagement',
    dependencies: ['platform', 'system', 'identity', 'wallet'],
    fastify: '5.x',
  },
);

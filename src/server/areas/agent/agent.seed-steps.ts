import { sql } from 'drizzle-orm';
import type { SeedStep } from '../../platform/seed/seed.ts';

/**
 * Demo contracts of a development start (README, "Demo accounts"): the house's contracts with the
 * demo top agent demo_agent1, whose team is the two demo players. A real-time wage of 0.50 % of
 * the team's valid turnover (settled every window), a daily wage in two tiers, and a weekly
 * dividend of 10 % of the team's net loss. Only on a development start: elsewhere an operator makes root
 * contracts (`POST /ops/agent/contracts`).
 */
export const agentDemoSeedSteps: SeedStep[] = [
  {
    name: 'demo-agent-contracts-v1',
    run: async (tx) => {
      await tx.execute(sql`
        INSERT INTO agent_contracts (kind, state, upline_id, downline_id, period, tiers,
          max_rate_bps, offer_key, accepted_at)
        SELECT c.kind, 'active', NULL, m.id, c.period, c.tiers::jsonb, c.max_rate_bps,
          'demo-' || c.kind, now()
        FROM members m
        CROSS JOIN (VALUES
          ('realtime', NULL,
            '[{"minTurnover":"0","minNetLoss":"0","minActiveMembers":0,"rateBps":50}]', 50),
          ('daily', NULL,
            '[{"minTurnover":"0","minNetLoss":"0","minActiveMembers":1,"rateBps":30},
              {"minTurnover":"10000000","minNetLoss":"0","minActiveMembers":2,"rateBps":60}]', 60),
          ('dividend', 'Weekly',
            '[{"minTurnover":"0","minNetLoss":"0","minActiveMembers":0,"rateBps":1000}]', 1000)
        ) AS c (kind, period, tiers, max_rate_bps)
        WHERE m.username = 'demo_agent1'
        ON CONFLICT DO NOTHING`);
    },
  },
];

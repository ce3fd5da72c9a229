import type { SeedStep } from '../../platform/seed/seed.ts';
import type { SecretBox } from '../../platform/keys/secret-box.ts';
import { allTotpSecrets, updateTotp } from './second-factor.repository.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { members } from '../../platform/members/members.schema.ts';
import { hashMemberPassword } from '../../platform/members/member-password.ts';
import { demoAgentLogins, demoPlayers } from './members.seed.ts';
import { demoAgentSeedStep, demoPlayersSeedStep } from './demo-passwords.ts';

/** Demo agents and players. */
export const identitySeedSteps: SeedStep[] = [
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
    // by an operator with an initial password that the first login must change. Not in production.
    name: demoPlayersSeedStep,
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
    // The demo agent's password (README, "Demo accounts"), so a fresh `npm start` shows the
    // agent center; an agent that already has a password keeps it. Not in production.
    name: demoAgentSeedStep,
    run: async (tx) => {
      for (const { username, password } of demoAgentLogins) {
        await tx
          .update(members)
          .set({ passwordHash: await hashMemberPassword(password), passwordChangedAt: new Date() })
          .where(and(eq(members.username, username), isNull(members.passwordHash)));
      }
    },
  },
];

/**
 * Seals every authenticator secret stored in clear (before encryption at rest) or under a key
 * that is no longer the first of TOTP_ENCRYPTION_KEYS. Runs at every start; idempotent.
 */
export function resealTotpSecrets(box: SecretBox): SeedStep {
  return {
    name: 'reseal-totp-secrets',
    everyStart: true,
    run: async (db) => {
      for (const row of await allTotpSecrets(db)) {
        if (box.isCurrent(row.secret)) continue;
        await updateTotp(db, row.memberId, { secret: box.seal(box.open(row.secret).plain) });
      }
    },
  };
}

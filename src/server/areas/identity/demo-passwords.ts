import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { members } from '../../platform/members/members.schema.ts';
import { verifyMemberPassword } from '../../platform/members/member-password.ts';
import { demoAgentLogins, demoPlayers } from './members.seed.ts';

/** The seed step of the demo players (README, "Demo accounts"); never run in production. */
export const demoPlayersSeedStep = 'demo-players-v1';
/** The seed step of the demo agent's password; never run in production either. */
export const demoAgentSeedStep = 'demo-agent-password-v1';

/**
 * A production start refuses a database where a demo player still has the password the README
 * publishes (a database seeded by a development start). Throws with what to do.
 */
export async function refuseDemoPlayerPasswords(db: Db): Promise<void> {
  const exposed: string[] = [];
  for (const player of [...demoPlayers, ...demoAgentLogins]) {
    const [row] = await db
      .select({ passwordHash: members.passwordHash })
      .from(members)
      .where(eq(members.username, player.username));
    if (!row?.passwordHash) continue;
    if (await verifyMemberPassword(player.password, row.passwordHash))
      exposed.push(player.username);
  }
  if (exposed.length > 0) {
    throw new Error(
      `Refusing to start in production: the demo account(s) ${exposed.join(', ')} still have ` +
        'the password published in the README. Change their passwords (log in and change it) ' +
        'or remove the accounts, or start with NODE_ENV other than production.',
    );
  }
}

import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SocialProvider } from '../../../contract/identity.ts';
import type { Db } from '../../platform/db/client.ts';
import { socialIdentities, socialLoginFlows, socialLoginTickets } from './social.schema.ts';

export type SocialFlowRow = typeof socialLoginFlows.$inferSelect;
export type SocialTicketRow = typeof socialLoginTickets.$inferSelect;
export type SocialIdentityRow = typeof socialIdentities.$inferSelect;

/** Advisory lock space of (provider, subject), so two first sign-ins make one account. */
const IDENTITY_LOCK_SPACE = 727_302_101;

export async function insertFlow(tx: Db, flow: typeof socialLoginFlows.$inferInsert) {
  await tx.insert(socialLoginFlows).values(flow);
}

/** Uses up a live flow in one statement: two callbacks with one state cannot both succeed. */
export async function consumeFlow(tx: Db, stateHash: string, now: Date) {
  const [row] = await tx
    .update(socialLoginFlows)
    .set({ consumedAt: now })
    .where(
      and(
        eq(socialLoginFlows.stateHash, stateHash),
        isNull(socialLoginFlows.consumedAt),
        gt(socialLoginFlows.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Drops flows and tickets that ended before `before` (used or expired). */
export async function deleteEndedBefore(tx: Db, before: Date) {
  await tx.delete(socialLoginFlows).where(lt(socialLoginFlows.expiresAt, before));
  await tx.delete(socialLoginTickets).where(lt(socialLoginTickets.expiresAt, before));
}

export async function lockIdentity(tx: Db, provider: SocialProvider, subject: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${IDENTITY_LOCK_SPACE}::int, hashtext(${`${provider}:${subject}`}))`,
  );
}

export async function findIdentity(db: Db, provider: SocialProvider, subject: string) {
  const [row] = await db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  return row;
}

export async function insertIdentity(tx: Db, identity: typeof socialIdentities.$inferInsert) {
  const [row] = await tx.insert(socialIdentities).values(identity).returning();
  if (!row) throw new Error('social identity was not stored');
  return row;
}

export async function touchIdentity(tx: Db, id: number, now: Date) {
  await tx.update(socialIdentities).set({ lastLoginAt: now }).where(eq(socialIdentities.id, id));
}

export async function insertTicket(tx: Db, ticket: typeof socialLoginTickets.$inferInsert) {
  await tx.insert(socialLoginTickets).values(ticket);
}

/**
 * Uses up a live ticket of this browser in one statement: a replayed code finds nothing, and a
 * code read by someone else cannot be burnt without the browser's binding.
 */
export async function consumeTicket(tx: Db, codeHash: string, bindingHash: string, now: Date) {
  const [row] = await tx
    .update(socialLoginTickets)
    .set({ consumedAt: now })
    .where(
      and(
        eq(socialLoginTickets.codeHash, codeHash),
        eq(socialLoginTickets.bindingHash, bindingHash),
        isNull(socialLoginTickets.consumedAt),
        gt(socialLoginTickets.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

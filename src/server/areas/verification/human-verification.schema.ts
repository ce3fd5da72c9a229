import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof-of-work challenges already answered, by their signed nonce, kept until they expire: an
 * answer counts once, on any node. (The HMAC secret that signs them is a verification secret.)
 */
export const humanVerificationUsed = pgTable(
  'human_verification_used',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('human_verification_used_expires_idx').on(table.expiresAt)],
);

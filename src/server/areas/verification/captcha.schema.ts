import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The current captcha per client: kept in the database so limits hold across nodes. */
export const captchaChallenges = pgTable('captcha_challenges', {
  clientId: text('client_id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

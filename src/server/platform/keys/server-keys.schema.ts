import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';

/** The RSA key pair for JWE, made once so every node shares it. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  kid: text('kid').notNull(),
  publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

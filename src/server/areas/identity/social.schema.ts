import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SocialProvider } from '../../../contract/identity.ts';
import { members } from '../../platform/members/members.schema.ts';

/** A member's account at a social login provider, keyed on (provider, subject). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<SocialProvider>().notNull(),
    /** The provider's stable `sub` of the person; never an e-mail address. */
    subject: text('subject').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('social_identities_provider_subject_idx').on(table.provider, table.subject),
    index('social_identities_member_idx').on(table.memberId),
  ],
);

/**
 * A social login under way: kept by the server, found by the SHA-256 of its `state`, single use,
 * 10 minutes. `bindingHash` ties it to the browser that started it (an httpOnly cookie).
 */
export const socialLoginFlows = pgTable(
  'social_login_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').$type<SocialProvider>().notNull(),
    bindingHash: text('binding_hash').notNull(),
    /** PKCE verifier and OIDC nonce: secrets of this one flow, dropped with it. */
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('social_login_flows_expires_idx').on(table.expiresAt)],
);

/**
 * The one-time code a finished callback hands to the app (`/?social=<code>`): SHA-256 only,
 * single use, a few minutes, bound to the same browser. The session opens when it is traded,
 * so no session token ever travels in a URL.
 */
export const socialLoginTickets = pgTable(
  'social_login_tickets',
  {
    codeHash: text('code_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialProvider>().notNull(),
    bindingHash: text('binding_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('social_login_tickets_expires_idx').on(table.expiresAt)],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ContractKind,
  ContractState,
  ContractTier,
  DividendPeriod,
} from '../../../contract/agent.ts';
import { members } from '../../platform/members/members.schema.ts';

/**
 * The downline tree (issue 15) as a closure table: one row per (ancestor, descendant) pair with
 * the distance between them, and (member, member, 0) for every member. "My whole team" is
 * `WHERE ancestor_id = $1 AND depth > 0`, "my direct downline" `... AND depth = 1`: one indexed
 * query each, at any depth. A trigger on `members` (migration 0026) keeps it: a member who
 * registers with an agent's invitation code (`upline_affiliate_code`) joins under that agent.
 */
export const agentTree = pgTable(
  'agent_tree',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => members.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => members.id),
    depth: integer('depth').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ancestorId, table.depth, table.descendantId] }),
    index('agent_tree_descendant_idx').on(table.descendantId, table.depth),
  ],
);

/**
 * A wage or dividend contract between an upline (null: the house, for a top agent) and its
 * direct downline agent. At most one pending and one in force (active or terminating) per
 * (downline, kind).
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ContractKind>().notNull(),
    state: text('state').$type<ContractState>().notNull(),
    /** Null: the house (an operator's contract with a top agent). */
    uplineId: integer('upline_id').references(() => members.id),
    downlineId: integer('downline_id')
      .notNull()
      .references(() => members.id),
    /** Dividend only. */
    period: text('period').$type<DividendPeriod>(),
    tiers: jsonb('tiers').$type<ContractTier[]>().notNull(),
    maxRateBps: integer('max_rate_bps').notNull(),
    /** The offering side's key, so a retried offer makes one contract. */
    offerKey: text('offer_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When a termination takes effect (the next period boundary), or when it ended. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    terminatedBy: text('terminated_by').$type<'upline' | 'downline'>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agent_contracts_pending_idx')
      .on(table.downlineId, table.kind)
      .where(sql`${table.state} = 'pending'`),
    uniqueIndex('agent_contracts_in_force_idx')
      .on(table.downlineId, table.kind)
      .where(sql`${table.state} in ('active', 'terminating')`),
    uniqueIndex('agent_contracts_offer_key_idx').on(table.uplineId, table.offerKey),
    index('agent_contracts_upline_idx').on(table.uplineId, table.kind, table.state),
    index('agent_contracts_kind_state_idx').on(table.kind, table.state),
  ],
);

/**
 * One settled period of one contract: exactly one row per (contract, period start), written in
 * the same transaction as its ledger posting (key `wage:<contract>:<periodStart>`).
 */
export const agentWages = pgTable(
  'agent_wages',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    kind: text('kind').$type<ContractKind>().notNull(),
    /** Null: the house paid. */
    payerId: integer('payer_id').references(() => members.id),
    payeeId: integer('payee_id')
      .notNull()
      .references(() => members.id),
    /** The team figure the wage was computed on (valid turnover, or net loss for dividends). */
    base: bigint('base', { mode: 'bigint' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    /**
     * What the payer paid the payee: floor(base x rate / 10000), the rate being the tier the
     * payee's team reached, capped at the payer's own rate for the same period.
     */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.periodStart] }),
    index('agent_wages_payee_idx').on(table.payeeId, table.settledAt),
    index('agent_wages_payer_idx').on(table.payerId, table.settledAt),
  ],
);

/** Announcements for agents (agentAnnouncement), written by the operator. */
export const agentAnnouncements = pgTable('agent_announcements', {
  id: serial('id').primaryKey(),
  title: jsonb('title').$type<Record<string, string>>().notNull(),
  content: jsonb('content').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

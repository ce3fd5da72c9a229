import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { PatternId, RegisterField } from '../../../contract/validation.ts';

/** One FieldRule per registration field. */
export const registerValidators = pgTable('register_validators', {
  field: text('field').$type<RegisterField>().primaryKey(),
  enabled: boolean('enabled').notNull(),
  required: boolean('required').notNull(),
  acceptedPattern: text('accepted_pattern').notNull(),
  patternId: text('pattern_id').$type<PatternId>().notNull(),
  minLength: integer('min_length').notNull(),
  maxLength: integer('max_length').notNull(),
});

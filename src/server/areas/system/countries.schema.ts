import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  dialingCode: text('dialing_code').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

-- The agent tree's trigger (0026) finds a registration's upline by upper(affiliate_code): an index
-- lookup instead of a scan of every member. The agent center reads a team's journal entries by
-- wallet and time.
CREATE INDEX "members_affiliate_code_upper_idx" ON "members" USING btree (upper("affiliate_code"));--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_created_idx" ON "ledger_entries" USING btree ("wallet_id","created_at");

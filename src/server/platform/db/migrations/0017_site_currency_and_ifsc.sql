ALTER TABLE "system_settings" ADD COLUMN "currency_code" text DEFAULT 'PHP' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "ifsc" text;--> statement-breakpoint
-- A site that already holds money keeps the currency of its wallets (they are kept per currency).
UPDATE "system_settings" SET "currency_code" = held."currency"
FROM (SELECT "currency" FROM "wallets" GROUP BY "currency" ORDER BY count(*) DESC LIMIT 1) AS held;

ALTER TABLE "bank_accounts" ALTER COLUMN "bank_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "kind" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "vpa" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_method" text;--> statement-breakpoint
-- Requests made before payout methods were recorded: IMPS to an account with an IFSC, else a bank transfer.
UPDATE "withdrawals" AS w SET "payout_method" = CASE WHEN b."ifsc" IS NULL THEN 'bank' ELSE 'imps' END FROM "bank_accounts" AS b WHERE b."id" = w."bank_account_id";--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "payout_method" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_member_vpa_idx" ON "bank_accounts" USING btree ("member_id","vpa");--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_kind_fields" CHECK (("bank_accounts"."kind" = 'bank' AND "bank_accounts"."bank_name" IS NOT NULL AND "bank_accounts"."account_number" IS NOT NULL AND "bank_accounts"."vpa" IS NULL) OR ("bank_accounts"."kind" = 'upi' AND "bank_accounts"."vpa" IS NOT NULL AND "bank_accounts"."account_number" IS NULL));
CREATE TABLE "bank_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"account_holder" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"bank_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"request_posting_id" bigint NOT NULL,
	"reversal_posting_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reject_reason" text,
	"confirmation" text,
	"confirmed_by" text,
	"received_amount" bigint,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_request_posting_id_unique" UNIQUE("request_posting_id"),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_images" ADD CONSTRAINT "withdrawal_images_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_request_posting_id_ledger_postings_id_fk" FOREIGN KEY ("request_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reversal_posting_id_ledger_postings_id_fk" FOREIGN KEY ("reversal_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_member_number_idx" ON "bank_accounts" USING btree ("member_id","account_number");--> statement-breakpoint
CREATE INDEX "withdrawal_images_withdrawal_idx" ON "withdrawal_images" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","decided_at");
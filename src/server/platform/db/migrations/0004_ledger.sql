CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_id" bigint NOT NULL,
	"wallet_id" bigint NOT NULL,
	"wallet_seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_balance_after_not_negative" CHECK ("ledger_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"shape" text NOT NULL,
	"reference" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_not_negative" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_wallet_seq_idx" ON "ledger_entries" USING btree ("wallet_id","wallet_seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_member_kind_currency_idx" ON "wallets" USING btree ("member_id","kind","currency");--> statement-breakpoint
-- The journal is append-only: corrections are new reversing entries, never edits.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger journal is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();

CREATE TABLE "deposit_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_reference" text,
	"redirect_url" text,
	"transfer_reference" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_orders_provider_reference_unique" UNIQUE("provider_reference"),
	CONSTRAINT "deposit_orders_amount_positive" CHECK ("deposit_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"bank_account" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_channels_code_unique" UNIQUE("code"),
	CONSTRAINT "payment_channels_limits" CHECK ("payment_channels"."min_amount" > 0 and "payment_channels"."max_amount" >= "payment_channels"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"return_url" text NOT NULL,
	"notify_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_channel_id_payment_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."payment_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_member_key_idx" ON "deposit_orders" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "deposit_orders_member_idx" ON "deposit_orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_status_idx" ON "deposit_orders" USING btree ("status","kind");
CREATE TABLE "loyalty_marks" (
	"job" text PRIMARY KEY NOT NULL,
	"done_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"turnover_per_point" bigint DEFAULT 10000 NOT NULL,
	"rebate_auto" boolean DEFAULT false NOT NULL,
	"vip_service_url" text DEFAULT '' NOT NULL,
	"live_chat_url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_loyalty" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"points_earned" bigint DEFAULT 0 NOT NULL,
	"turnover_carry" bigint DEFAULT 0 NOT NULL,
	"turnover_total" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_loyalty_points_nonnegative" CHECK ("member_loyalty"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"turnover" bigint,
	"span_start" timestamp with time zone,
	"span_end" timestamp with time zone,
	"redemption_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name_hi" text NOT NULL,
	"name_en" text NOT NULL,
	"name_bn" text NOT NULL,
	"description_hi" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_bn" text DEFAULT '' NOT NULL,
	"cost" bigint NOT NULL,
	"bonus_amount" bigint,
	"free_spins" integer,
	"game_code" text,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_items_cost_positive" CHECK ("points_items"."cost" > 0),
	CONSTRAINT "points_items_stock_nonnegative" CHECK ("points_items"."stock" IS NULL OR "points_items"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"cost" bigint NOT NULL,
	"state" text DEFAULT 'process' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text,
	"operator" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rebate_accruals" (
	"member_id" integer NOT NULL,
	"game_type" text NOT NULL,
	"span_start" timestamp with time zone NOT NULL,
	"span_end" timestamp with time zone NOT NULL,
	"valid_turnover" bigint NOT NULL,
	"vip_level" smallint NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" bigint NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "rebate_accruals_member_id_game_type_span_start_pk" PRIMARY KEY("member_id","game_type","span_start")
);
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"game_type" text NOT NULL,
	"vip_level" smallint NOT NULL,
	"rate_bps" integer NOT NULL,
	CONSTRAINT "rebate_rates_game_type_vip_level_pk" PRIMARY KEY("game_type","vip_level"),
	CONSTRAINT "rebate_rates_rate_range" CHECK ("rebate_rates"."rate_bps" >= 0 AND "rebate_rates"."rate_bps" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"level" smallint PRIMARY KEY NOT NULL,
	"name_hi" text NOT NULL,
	"name_en" text NOT NULL,
	"name_bn" text NOT NULL,
	"min_deposit" bigint DEFAULT 0 NOT NULL,
	"min_turnover" bigint DEFAULT 0 NOT NULL,
	"keep_deposit" bigint DEFAULT 0 NOT NULL,
	"keep_turnover" bigint DEFAULT 0 NOT NULL,
	"upgrade_bonus" bigint DEFAULT 0 NOT NULL,
	"benefits_hi" text DEFAULT '' NOT NULL,
	"benefits_en" text DEFAULT '' NOT NULL,
	"benefits_bn" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_upgrade_bonuses" (
	"member_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_upgrade_bonuses_member_id_level_pk" PRIMARY KEY("member_id","level")
);
--> statement-breakpoint
ALTER TABLE "member_loyalty" ADD CONSTRAINT "member_loyalty_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_item_id_points_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."points_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_accruals" ADD CONSTRAINT "rebate_accruals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrade_bonuses" ADD CONSTRAINT "vip_upgrade_bonuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_entries_member_idx" ON "points_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_earn_idx" ON "points_entries" USING btree ("member_id","span_start") WHERE "points_entries"."kind" = 'earn';--> statement-breakpoint
CREATE UNIQUE INDEX "points_redemptions_key_idx" ON "points_redemptions" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "points_redemptions_member_idx" ON "points_redemptions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "points_redemptions_state_idx" ON "points_redemptions" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "rebate_accruals_unclaimed_idx" ON "rebate_accruals" USING btree ("member_id") WHERE "rebate_accruals"."claimed_at" IS NULL;--> statement-breakpoint
INSERT INTO "loyalty_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "loyalty_marks" ("job") VALUES ('loyalty-hourly') ON CONFLICT DO NOTHING;

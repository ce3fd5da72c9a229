CREATE TABLE "promotion_claim_images" (
	"claim_id" integer NOT NULL,
	"index" smallint NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "promotion_claim_images_claim_id_index_pk" PRIMARY KEY("claim_id","index")
);
--> statement-breakpoint
CREATE TABLE "promotion_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"state" text NOT NULL,
	"amount" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"wagering_required" bigint DEFAULT 0 NOT NULL,
	"posting_id" bigint,
	"reject_reason" text,
	"decided_by" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "promotion_claims_state_valid" CHECK ("promotion_claims"."state" IN ('applying','rejected','issued'))
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"period" text NOT NULL,
	"rate_bps" integer DEFAULT 0 NOT NULL,
	"cap" bigint DEFAULT 0 NOT NULL,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"min_vip_level" smallint DEFAULT 0 NOT NULL,
	"new_players_only" boolean DEFAULT false NOT NULL,
	"wagering_multiplier" smallint DEFAULT 0 NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_valid" CHECK ("promotions"."kind" IN ('depositBonus','firstDeposit','cashback','raffle','referral')),
	CONSTRAINT "promotions_period_valid" CHECK ("promotions"."period" IN ('once','daily','weekly'))
);
--> statement-breakpoint
ALTER TABLE "promotion_claim_images" ADD CONSTRAINT "promotion_claim_images_claim_id_promotion_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."promotion_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_period_idx" ON "promotion_claims" USING btree ("promotion_id","member_id","period_key");--> statement-breakpoint
CREATE INDEX "promotion_claims_member_idx" ON "promotion_claims" USING btree ("member_id","claimed_at");--> statement-breakpoint
CREATE INDEX "promotion_claims_applying_idx" ON "promotion_claims" USING btree ("claimed_at") WHERE "promotion_claims"."state" = 'applying';
CREATE TABLE "mission_claims" (
	"mission_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"reward" bigint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_claims_mission_id_member_id_period_start_pk" PRIMARY KEY("mission_id","member_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "mission_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"mission_type" text NOT NULL,
	"game_type" text,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_definitions_period" CHECK ("mission_definitions"."period" IN ('daily', 'weekly')),
	CONSTRAINT "mission_definitions_type" CHECK ("mission_definitions"."mission_type" IN ('turnover', 'rounds', 'deposit', 'loginStreak')),
	CONSTRAINT "mission_definitions_amounts" CHECK ("mission_definitions"."target" > 0 AND "mission_definitions"."reward" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"friend_id" integer PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"reward" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rules" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"reward" bigint NOT NULL,
	"min_deposit" bigint DEFAULT 0 NOT NULL,
	"min_turnover" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rules_one_row" CHECK ("referral_rules"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_id_mission_definitions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_friend_id_members_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_members_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_claims_claimed_at_idx" ON "mission_claims" USING btree ("claimed_at");--> statement-breakpoint
CREATE INDEX "mission_claims_member_idx" ON "mission_claims" USING btree ("member_id","claimed_at");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id");--> statement-breakpoint
-- A referrer's friends: members registered with the referrer's code (any case).
CREATE INDEX "members_referral_code_upper_idx" ON "members" USING btree (upper("referral_code"));

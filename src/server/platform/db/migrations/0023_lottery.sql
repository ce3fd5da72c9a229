CREATE TABLE "lottery_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slip_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" text NOT NULL,
	"numero" text NOT NULL,
	"bet_type" text NOT NULL,
	"selection" text NOT NULL,
	"unit_amount" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"odds_x100" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL,
	"hits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settled_revision" integer DEFAULT 0 NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"game_id" text NOT NULL,
	"numero" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"locks_at" timestamp with time zone NOT NULL,
	"draws_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"seed" text,
	"seed_hash" text,
	"result_revision" integer DEFAULT 0 NOT NULL,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_draws_game_id_numero_pk" PRIMARY KEY("game_id","numero")
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"game_id" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"region" text NOT NULL,
	"menu_tag" text NOT NULL,
	"layout" text NOT NULL,
	"schedule" text NOT NULL,
	"time_zone" text NOT NULL,
	"draw_day_of_week" text NOT NULL,
	"lock_seconds" integer NOT NULL,
	"source" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_result_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"numero" text NOT NULL,
	"numbers" jsonb NOT NULL,
	"reason" text,
	"entered_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_results" (
	"game_id" text NOT NULL,
	"numero" text NOT NULL,
	"revision" integer NOT NULL,
	"numbers" jsonb NOT NULL,
	"source" text NOT NULL,
	"entered_by" text,
	"confirmed_by" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_results_game_id_numero_revision_pk" PRIMARY KEY("game_id","numero","revision")
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_game_id_numero_lottery_draws_game_id_numero_fk" FOREIGN KEY ("game_id","numero") REFERENCES "public"."lottery_draws"("game_id","numero") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_game_id_lottery_games_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."lottery_games"("game_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_result_entries" ADD CONSTRAINT "lottery_result_entries_game_id_numero_lottery_draws_game_id_numero_fk" FOREIGN KEY ("game_id","numero") REFERENCES "public"."lottery_draws"("game_id","numero") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_results" ADD CONSTRAINT "lottery_results_game_id_numero_lottery_draws_game_id_numero_fk" FOREIGN KEY ("game_id","numero") REFERENCES "public"."lottery_draws"("game_id","numero") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_draw_idx" ON "lottery_bets" USING btree ("game_id","numero","state");--> statement-breakpoint
CREATE INDEX "lottery_bets_member_idx" ON "lottery_bets" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "lottery_bets_slip_idx" ON "lottery_bets" USING btree ("slip_id");--> statement-breakpoint
CREATE INDEX "lottery_draws_state_locks_idx" ON "lottery_draws" USING btree ("state","locks_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_state_draws_idx" ON "lottery_draws" USING btree ("state","draws_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_game_draws_idx" ON "lottery_draws" USING btree ("game_id","draws_at");--> statement-breakpoint
CREATE INDEX "lottery_result_entries_draw_idx" ON "lottery_result_entries" USING btree ("game_id","numero");--> statement-breakpoint
-- A result is stored before it is announced and never changes afterwards: a correction is a new
-- revision row (issue 14).
CREATE TRIGGER "lottery_results_append_only" BEFORE UPDATE OR DELETE ON "lottery_results"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "lottery_results_no_truncate" BEFORE TRUNCATE ON "lottery_results"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();

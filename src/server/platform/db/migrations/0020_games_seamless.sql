CREATE TABLE "game_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_code" text NOT NULL,
	"round_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"node_id" integer,
	"stake" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"valid_turnover" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"posting_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_launch_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"trial_launch" text DEFAULT 'refuse' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"shape" text DEFAULT 'seamless' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allowed_ips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vassalages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"launch_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_rollups_5m" (
	"member_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"valid_turnover" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"net_loss" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "game_rollups_5m_member_id_window_start_vassalage_game_type_pk" PRIMARY KEY("member_id","window_start","vassalage","game_type")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"launch_token_hash" text NOT NULL,
	"launch_expires_at" timestamp with time zone NOT NULL,
	"launched_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"session_token_hash" text,
	"session_expires_at" timestamp with time zone,
	"member_id" integer NOT NULL,
	"provider_code" text NOT NULL,
	"node_id" integer,
	"game_code" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"language" text NOT NULL,
	CONSTRAINT "game_sessions_launch_token_hash_unique" UNIQUE("launch_token_hash"),
	CONSTRAINT "game_sessions_session_token_hash_unique" UNIQUE("session_token_hash")
);
--> statement-breakpoint
CREATE TABLE "seamless_tombstones" (
	"provider_code" text NOT NULL,
	"bet_transaction_id" text NOT NULL,
	"rollback_transaction_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seamless_tombstones_provider_code_bet_transaction_id_pk" PRIMARY KEY("provider_code","bet_transaction_id")
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"provider_code" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"request_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"reply" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seamless_transactions_provider_code_transaction_id_pk" PRIMARY KEY("provider_code","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_provider_code_game_providers_code_fk" FOREIGN KEY ("provider_code") REFERENCES "public"."game_providers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_bets_provider_txn_idx" ON "game_bets" USING btree ("provider_code","transaction_id");--> statement-breakpoint
CREATE INDEX "game_bets_round_idx" ON "game_bets" USING btree ("provider_code","round_id");--> statement-breakpoint
CREATE INDEX "game_bets_member_placed_idx" ON "game_bets" USING btree ("member_id","placed_at");--> statement-breakpoint
CREATE INDEX "game_rollups_window_idx" ON "game_rollups_5m" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "game_sessions_member_idx" ON "game_sessions" USING btree ("member_id","launched_at");
CREATE TABLE "builtin_game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"player_id" text NOT NULL,
	"game" text NOT NULL,
	"game_code" text NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	"bet" jsonb,
	"result" jsonb NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "builtin_game_rounds_round_id_unique" UNIQUE("round_id")
);
--> statement-breakpoint
CREATE TABLE "builtin_game_seeds" (
	"player_id" text PRIMARY KEY NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"previous_server_seed" text,
	"previous_server_seed_hash" text,
	"previous_client_seed" text,
	"previous_nonce" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builtin_game_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"nickname" text NOT NULL,
	"wallet_session" text NOT NULL,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"game" text NOT NULL,
	"game_code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "builtin_game_rounds_player_idx" ON "builtin_game_rounds" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "builtin_game_sessions_expires_idx" ON "builtin_game_sessions" USING btree ("expires_at");
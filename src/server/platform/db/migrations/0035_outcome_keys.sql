-- Outcome secrets (lottery draw seeds, built-in games' server seeds) are no longer stored
-- before their reveal: each row keeps the id of the outcome key (OUTCOME_KEYS) its seed is
-- derived under and a salt. Rows of earlier versions hold seeds in clear; the start that
-- follows this migration commits every scheduled draw again under the current key
-- (lottery/draw-seeds.ts) and reveals and rotates every built-in seed in use
-- (builtin-games/builtin-seeds.ts), since anyone who read the database may know them. Open and
-- locked draws keep the commitment already published and are drawn from it.
ALTER TABLE "builtin_game_seeds" ALTER COLUMN "server_seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "seed_key_id" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "seed_salt" text;--> statement-breakpoint
ALTER TABLE "builtin_game_seeds" ADD COLUMN "server_seed_key_id" text;--> statement-breakpoint
ALTER TABLE "builtin_game_seeds" ADD COLUMN "server_seed_salt" text;--> statement-breakpoint
ALTER TABLE "builtin_game_seeds" ADD COLUMN "next_server_seed_key_id" text;--> statement-breakpoint
ALTER TABLE "builtin_game_seeds" ADD COLUMN "next_server_seed_salt" text;--> statement-breakpoint
ALTER TABLE "builtin_game_seeds" ADD COLUMN "next_server_seed_hash" text;
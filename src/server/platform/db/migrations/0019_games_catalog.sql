CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "game_favorites" (
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favorites_member_id_node_id_pk" PRIMARY KEY("member_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "game_recent_plays" (
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	"plays" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "game_recent_plays_member_id_node_id_pk" PRIMARY KEY("member_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "game_vendor_status" (
	"vassalage" text PRIMARY KEY NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_win_board" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"member_name" text NOT NULL,
	"node_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"won_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"node_id" serial PRIMARY KEY NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"name_hi" text NOT NULL,
	"name_en" text NOT NULL,
	"name_bn" text NOT NULL,
	"search_text" text NOT NULL,
	"game_classify" text NOT NULL,
	"display_name" text NOT NULL,
	"min_bet" bigint NOT NULL,
	"min_line_num" integer DEFAULT 1 NOT NULL,
	"is_hot" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"popularity" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_node_id_games_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."games"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recent_plays" ADD CONSTRAINT "game_recent_plays_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_recent_plays" ADD CONSTRAINT "game_recent_plays_node_id_games_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."games"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_win_board" ADD CONSTRAINT "game_win_board_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_win_board" ADD CONSTRAINT "game_win_board_node_id_games_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."games"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_favorites_member_idx" ON "game_favorites" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_recent_plays_member_idx" ON "game_recent_plays" USING btree ("member_id","played_at");--> statement-breakpoint
CREATE INDEX "game_win_board_amount_idx" ON "game_win_board" USING btree ("amount","won_at");--> statement-breakpoint
CREATE INDEX "game_win_board_won_at_idx" ON "game_win_board" USING btree ("won_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_idx" ON "games" USING btree ("vassalage","game_code");--> statement-breakpoint
CREATE INDEX "games_type_list_idx" ON "games" USING btree ("game_type","sort","node_id");--> statement-breakpoint
CREATE INDEX "games_vendor_list_idx" ON "games" USING btree ("vassalage","sort","node_id");--> statement-breakpoint
CREATE INDEX "games_popular_idx" ON "games" USING btree ("popularity");--> statement-breakpoint
CREATE INDEX "games_search_trgm_idx" ON "games" USING gin ("search_text" gin_trgm_ops);
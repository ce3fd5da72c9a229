CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"popup" boolean DEFAULT false NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"group_name" text NOT NULL,
	"linkage_type" text NOT NULL,
	"linkage" text,
	"title" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_challenges" (
	"client_id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"dialing_code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_key" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_sections" (
	"key" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"language" text DEFAULT 'hi' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"mod_id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"enabled" boolean NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"device" integer NOT NULL,
	"domain" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"url" text NOT NULL,
	"qr_code_url" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"maintenance_enabled" boolean DEFAULT false NOT NULL,
	"maintenance_end_time" timestamp with time zone,
	"blocked_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocked_cidrs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency_symbol" text DEFAULT 'P' NOT NULL,
	"languages" jsonb NOT NULL,
	"default_language" text DEFAULT 'hi' NOT NULL,
	"captcha_enabled" boolean DEFAULT true NOT NULL,
	"merchant_code" text NOT NULL,
	"site_name" text NOT NULL,
	"default_country" text DEFAULT 'IN' NOT NULL,
	"gtag_id" text,
	"image_cdns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"launch_game_cdns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"live_chat_url" text,
	"vip_service_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_validators" (
	"field" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"required" boolean NOT NULL,
	"accepted_pattern" text NOT NULL,
	"pattern_id" text NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_lanes" (
	"game_type" text PRIMARY KEY NOT NULL,
	"game_classify" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"account_type_id" serial PRIMARY KEY NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"display_name" text NOT NULL,
	"is_hot" integer DEFAULT 0 NOT NULL,
	"logo" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendors_vassalage_unique" UNIQUE("vassalage")
);
--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_section_key_help_sections_key_fk" FOREIGN KEY ("section_key") REFERENCES "public"."help_sections"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_game_type_vendor_lanes_game_type_fk" FOREIGN KEY ("game_type") REFERENCES "public"."vendor_lanes"("game_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");
CREATE TABLE "login_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"ip" text NOT NULL,
	"factors" jsonb NOT NULL,
	"first_time_login" boolean NOT NULL,
	"password_expired" boolean NOT NULL,
	"failed_checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_totp" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint
);
--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_totp" ADD CONSTRAINT "member_totp_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_id_hash_idx" ON "login_challenges" USING btree ("id_hash");--> statement-breakpoint
CREATE INDEX "login_challenges_member_idx" ON "login_challenges" USING btree ("member_id");
CREATE TABLE "social_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_login_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"binding_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_login_tickets" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"binding_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_login_tickets" ADD CONSTRAINT "social_login_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_provider_subject_idx" ON "social_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "social_identities_member_idx" ON "social_identities" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "social_login_flows_expires_idx" ON "social_login_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "social_login_tickets_expires_idx" ON "social_login_tickets" USING btree ("expires_at");
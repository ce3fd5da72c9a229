CREATE TABLE "affiliate_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"contact" text NOT NULL,
	"channel" text NOT NULL,
	"audience" bigint NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"question_type" text NOT NULL,
	"content" text NOT NULL,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_feedback_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_avatars" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"avatar_id" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_applications" ADD CONSTRAINT "affiliate_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback_images" ADD CONSTRAINT "help_feedback_images_feedback_id_help_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."help_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_avatars" ADD CONSTRAINT "member_avatars_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_applications_member_idx" ON "affiliate_applications" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "help_feedback_member_idx" ON "help_feedback" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "help_feedback_open_idx" ON "help_feedback" USING btree ("created_at") WHERE "help_feedback"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "help_feedback_images_feedback_idx" ON "help_feedback_images" USING btree ("feedback_id");
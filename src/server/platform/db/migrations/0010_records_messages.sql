CREATE TABLE "platform_message_marks" (
	"message_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "platform_message_marks_message_id_member_id_pk" PRIMARY KEY("message_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "platform_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "single_wallet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_message_marks" ADD CONSTRAINT "platform_message_marks_message_id_platform_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."platform_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_message_marks" ADD CONSTRAINT "platform_message_marks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_messages" ADD CONSTRAINT "platform_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_message_marks_member_idx" ON "platform_message_marks" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "platform_messages_member_idx" ON "platform_messages" USING btree ("member_id","created_at");
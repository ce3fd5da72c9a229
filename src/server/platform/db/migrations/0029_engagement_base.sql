CREATE TABLE "member_vip" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"level_since" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_vip" ADD CONSTRAINT "member_vip_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
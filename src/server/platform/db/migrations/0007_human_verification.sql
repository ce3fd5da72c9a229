CREATE TABLE "human_verification_used" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "human_verification_used_expires_idx" ON "human_verification_used" USING btree ("expires_at");
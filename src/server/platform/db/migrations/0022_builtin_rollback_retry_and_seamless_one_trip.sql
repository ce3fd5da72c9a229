CREATE TABLE "builtin_pending_rollbacks" (
	"round_id" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"wallet_session" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "builtin_pending_rollbacks_due_idx" ON "builtin_pending_rollbacks" USING btree ("next_attempt_at");
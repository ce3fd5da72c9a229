CREATE TABLE "idempotent_replies" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_replies_scope_key_pk" PRIMARY KEY("scope","key")
);--> statement-breakpoint
-- A stored reply is what the key answers forever: never rewritten.
CREATE FUNCTION "idempotent_replies_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'idempotent_replies: a stored reply is never rewritten'
    USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "idempotent_replies_no_update" BEFORE UPDATE ON "idempotent_replies"
  FOR EACH ROW EXECUTE FUNCTION "idempotent_replies_refuse_update"();

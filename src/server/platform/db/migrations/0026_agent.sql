CREATE TABLE "agent_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"upline_id" integer,
	"downline_id" integer NOT NULL,
	"period" text,
	"tiers" jsonb NOT NULL,
	"max_rate_bps" integer NOT NULL,
	"offer_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"terminated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_tree" (
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "agent_tree_ancestor_id_depth_descendant_id_pk" PRIMARY KEY("ancestor_id","depth","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "agent_wages" (
	"contract_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"payer_id" integer,
	"payee_id" integer NOT NULL,
	"base" bigint NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" bigint NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_wages_contract_id_period_start_pk" PRIMARY KEY("contract_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_downline_id_members_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tree" ADD CONSTRAINT "agent_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tree" ADD CONSTRAINT "agent_tree_descendant_id_members_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_wages" ADD CONSTRAINT "agent_wages_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_wages" ADD CONSTRAINT "agent_wages_payer_id_members_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_wages" ADD CONSTRAINT "agent_wages_payee_id_members_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_pending_idx" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "agent_contracts"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_in_force_idx" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "agent_contracts"."state" in ('active', 'terminating');--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_offer_key_idx" ON "agent_contracts" USING btree ("upline_id","offer_key");--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","kind","state");--> statement-breakpoint
CREATE INDEX "agent_contracts_kind_state_idx" ON "agent_contracts" USING btree ("kind","state");--> statement-breakpoint
CREATE INDEX "agent_tree_descendant_idx" ON "agent_tree" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE INDEX "agent_wages_payee_idx" ON "agent_wages" USING btree ("payee_id","settled_at");--> statement-breakpoint
CREATE INDEX "agent_wages_payer_idx" ON "agent_wages" USING btree ("payer_id","settled_at");--> statement-breakpoint
-- The downline tree: every member is its own node (depth 0) and sits under the agent whose
-- invitation code it registered with, and under that agent's ancestors.
INSERT INTO "agent_tree" ("ancestor_id", "descendant_id", "depth")
WITH RECURSIVE chain ("ancestor_id", "descendant_id", "depth") AS (
	SELECT m."id", m."id", 0 FROM "members" m
	UNION ALL
	SELECT u."id", c."descendant_id", c."depth" + 1
	FROM chain c
	JOIN "members" d ON d."id" = c."ancestor_id"
	JOIN "members" u ON d."upline_affiliate_code" IS NOT NULL
		AND upper(u."affiliate_code") = upper(d."upline_affiliate_code") AND u."id" <> d."id"
	WHERE c."depth" < 64
)
SELECT "ancestor_id", "descendant_id", min("depth") FROM chain GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION agent_tree_join() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO agent_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
	IF NEW.upline_affiliate_code IS NOT NULL THEN
		INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
		SELECT t.ancestor_id, NEW.id, t.depth + 1
		FROM members u JOIN agent_tree t ON t.descendant_id = u.id
		WHERE upper(u.affiliate_code) = upper(NEW.upline_affiliate_code) AND u.id <> NEW.id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER agent_tree_join AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION agent_tree_join();--> statement-breakpoint
-- Moving a member to another upline would move its whole team: not a path this site offers.
CREATE FUNCTION agent_tree_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.upline_affiliate_code IS DISTINCT FROM OLD.upline_affiliate_code THEN
		RAISE EXCEPTION 'the upline of a member does not change' USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER agent_tree_keep BEFORE UPDATE OF upline_affiliate_code ON members FOR EACH ROW EXECUTE FUNCTION agent_tree_keep();

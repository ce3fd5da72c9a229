CREATE TABLE "agent_rollup_seal" (
	"id" integer PRIMARY KEY NOT NULL,
	"sealed_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_settlement_marks" (
	"kind" text NOT NULL,
	"period" text DEFAULT '' NOT NULL,
	"settled_until" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_settlement_marks_kind_period_pk" PRIMARY KEY("kind","period")
);
--> statement-breakpoint
-- Agent settlement (issue 15). The seal: rollup windows starting before sealed_before are
-- settled and closed; a row that would land in one goes to sealed_before instead.
INSERT INTO "agent_rollup_seal" ("id", "sealed_before") VALUES (1, '1970-01-01T00:00:00Z');--> statement-breakpoint
-- Lottery bets rolled up like the seamless wallet's (vassalage TCG_LOTTO_VN, game type LOTTERY):
-- first what is already there (a stake by its bet's time, a win by its settlement's time).
INSERT INTO "game_rollups_5m" AS r ("member_id", "window_start", "vassalage", "game_type",
	"bet_count", "stake", "valid_turnover", "win", "net_loss")
SELECT member_id, w, 'TCG_LOTTO_VN', 'LOTTERY', sum(n)::int, sum(s), sum(s), sum(x), sum(s) - sum(x)
FROM (
	SELECT member_id, date_bin('5 minutes', created_at, '2000-01-01T00:00:00Z') AS w, 1 AS n,
		stake AS s, 0::bigint AS x
	FROM lottery_bets WHERE state <> 'refunded'
	UNION ALL
	SELECT member_id, date_bin('5 minutes', settled_at, '2000-01-01T00:00:00Z'), 0, 0, win_amount
	FROM lottery_bets WHERE state = 'won' AND win_amount > 0 AND settled_at IS NOT NULL
) b
GROUP BY member_id, w
ON CONFLICT ("member_id", "window_start", "vassalage", "game_type") DO UPDATE SET
	bet_count = r.bet_count + excluded.bet_count, stake = r.stake + excluded.stake,
	valid_turnover = r.valid_turnover + excluded.valid_turnover, win = r.win + excluded.win,
	net_loss = r.net_loss + excluded.net_loss;--> statement-breakpoint
-- Every row written to a rollup window (the seamless wallet's bet and win, the lottery's bets,
-- wins and refunds) passes here: under the shared lock the settlements take exclusively
-- (7450, 0), a row of a window that is already sealed moves to the first open instant. A bet
-- transaction that wrote before the seal holds the shared lock until it commits, so the
-- settlement waits for it and counts it; one that writes after waits for the settlement's commit
-- and lands in the next window. Never lost, never counted twice.
CREATE FUNCTION "game_rollups_seal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_sealed timestamptz;
BEGIN
	PERFORM pg_advisory_xact_lock_shared(7450, 0);
	SELECT sealed_before INTO v_sealed FROM agent_rollup_seal WHERE id = 1;
	IF v_sealed IS NOT NULL AND NEW.window_start < v_sealed THEN
		NEW.window_start := v_sealed;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "game_rollups_seal" BEFORE INSERT ON "game_rollups_5m"
	FOR EACH ROW EXECUTE FUNCTION "game_rollups_seal"();--> statement-breakpoint
-- A lottery slip's bets, as lottery_place_slip inserts them: their stakes into the member's
-- window (set-based over the statement's rows).
CREATE FUNCTION "lottery_bets_rollup_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO game_rollups_5m AS r (member_id, window_start, vassalage, game_type, bet_count,
		stake, valid_turnover, win, net_loss)
	SELECT member_id, date_bin('5 minutes', created_at, '2000-01-01T00:00:00Z'), 'TCG_LOTTO_VN',
		'LOTTERY', count(*)::int, sum(stake), sum(stake), 0, sum(stake)
	FROM placed WHERE state <> 'refunded'
	GROUP BY 1, 2
	ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
		bet_count = r.bet_count + excluded.bet_count, stake = r.stake + excluded.stake,
		valid_turnover = r.valid_turnover + excluded.valid_turnover,
		net_loss = r.net_loss + excluded.net_loss;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lottery_bets_rollup_placed" AFTER INSERT ON "lottery_bets"
	REFERENCING NEW TABLE AS placed
	FOR EACH STATEMENT EXECUTE FUNCTION "lottery_bets_rollup_placed"();--> statement-breakpoint
-- A settlement, resettlement or refund of lottery bets (one statement for a whole draw): what
-- changed in each bet's counted stake and win goes into the window of its settlement time (a
-- refund takes its stake back, a resettlement moves the win by the difference).
CREATE FUNCTION "lottery_bets_rollup_settled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO game_rollups_5m AS r (member_id, window_start, vassalage, game_type, bet_count,
		stake, valid_turnover, win, net_loss)
	SELECT member_id, w, 'TCG_LOTTO_VN', 'LOTTERY', sum(dn)::int, sum(ds), sum(ds), sum(dw),
		sum(ds) - sum(dw)
	FROM (
		SELECT n.member_id,
			date_bin('5 minutes', coalesce(n.settled_at, now()), '2000-01-01T00:00:00Z') AS w,
			(n.state <> 'refunded')::int - (o.state <> 'refunded')::int AS dn,
			CASE WHEN n.state <> 'refunded' THEN n.stake ELSE 0 END
				- CASE WHEN o.state <> 'refunded' THEN o.stake ELSE 0 END AS ds,
			CASE WHEN n.state <> 'refunded' THEN n.win_amount ELSE 0 END
				- CASE WHEN o.state <> 'refunded' THEN o.win_amount ELSE 0 END AS dw
		FROM new_bets n JOIN old_bets o ON o.id = n.id
	) d
	WHERE dn <> 0 OR ds <> 0 OR dw <> 0
	GROUP BY member_id, w
	ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
		bet_count = r.bet_count + excluded.bet_count, stake = r.stake + excluded.stake,
		valid_turnover = r.valid_turnover + excluded.valid_turnover, win = r.win + excluded.win,
		net_loss = r.net_loss + excluded.net_loss;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lottery_bets_rollup_settled" AFTER UPDATE ON "lottery_bets"
	REFERENCING OLD TABLE AS old_bets NEW TABLE AS new_bets
	FOR EACH STATEMENT EXECUTE FUNCTION "lottery_bets_rollup_settled"();

CREATE TABLE "free_round_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"rounds_total" integer NOT NULL,
	"rounds_left" integer NOT NULL,
	"stake" bigint NOT NULL,
	"redemption_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_round_grants_rounds_left_nonnegative" CHECK ("free_round_grants"."rounds_left" >= 0),
	CONSTRAINT "free_round_grants_rounds_within_total" CHECK ("free_round_grants"."rounds_left" <= "free_round_grants"."rounds_total" AND "free_round_grants"."rounds_total" > 0),
	CONSTRAINT "free_round_grants_stake_positive" CHECK ("free_round_grants"."stake" > 0)
);
--> statement-breakpoint
ALTER TABLE "game_bets" ALTER COLUMN "posting_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_bets" ADD COLUMN "free_round_grant_id" bigint;--> statement-breakpoint
ALTER TABLE "builtin_game_rounds" ADD COLUMN "free_grant_id" text;--> statement-breakpoint
ALTER TABLE "points_items" ADD COLUMN "spin_stake" bigint;--> statement-breakpoint
ALTER TABLE "free_round_grants" ADD CONSTRAINT "free_round_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_round_grants" ADD CONSTRAINT "free_round_grants_redemption_id_points_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."points_redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_round_grants_redemption_idx" ON "free_round_grants" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "free_round_grants_member_game_idx" ON "free_round_grants" USING btree ("member_id","game_code","id");--> statement-breakpoint
ALTER TABLE "points_items" ADD CONSTRAINT "points_items_spin_stake_positive" CHECK ("points_items"."spin_stake" IS NULL OR "points_items"."spin_stake" > 0);--> statement-breakpoint
-- Free spins items made before the stake of a round was kept: ₹10 a round (1000 minor units).
UPDATE "points_items" SET "spin_stake" = 1000 WHERE "kind" = 'free_spins' AND "spin_stake" IS NULL;--> statement-breakpoint
ALTER TABLE "points_items" ADD CONSTRAINT "points_items_free_spins_complete" CHECK ("kind" <> 'free_spins' OR ("free_spins" > 0 AND "game_code" IS NOT NULL AND "spin_stake" IS NOT NULL));--> statement-breakpoint
-- The member's free rounds left in a game, oldest grant first:
-- [{"grantId" (text), "roundsLeft", "stake" (text, minor units)}, ...].
CREATE FUNCTION "free_rounds_of"(p_member integer, p_game_code text) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object('grantId', g.id::text, 'roundsLeft', g.rounds_left,
    'stake', g.stake::text) ORDER BY g.id), '[]'::json)
  FROM free_round_grants g
  WHERE g.member_id = p_member AND g.game_code = p_game_code AND g.rounds_left > 0
$$;
--> statement-breakpoint
-- A free round of a grant, in one statement (as seamless_bet and seamless_win): the replay
-- check, the player's session (its game must be the grant's), one round taken off the grant
-- (a conditional UPDATE: two rounds at once on the last one, one of them is refused with
-- free_rounds_none), the win's posting (kind 'bonus', key free-round:<grant>:<round number>, so
-- a round is paid once whatever the transaction id), the bet row (stake 0, valid turnover 0,
-- settled, marked with the grant), the 5-minute rollup, the winner board and the stored reply
-- (with the rounds left). Two calls with one transaction id: the second waits on the
-- advisory lock (space 7402) and answers the first's reply. p_stake must be the grant's.
CREATE FUNCTION "seamless_free_round"(
  p_provider text, p_transaction text, p_hash text, p_session_hash text, p_player text,
  p_currency text, p_ledger_currency text, p_amount bigint, p_round text, p_game_code text,
  p_grant bigint, p_stake bigint, p_on_board boolean, p_now timestamptz, p_window timestamptz
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_caller record;
  v_session game_sessions%ROWTYPE;
  v_member integer;
  v_answer json;
  v_grant record;
  v_posted json;
  v_posting_id text;
  v_balance text;
  v_reply json;
BEGIN
  SELECT * INTO v_caller FROM seamless_caller(p_provider, p_transaction, 'freeRound', p_hash,
    p_session_hash, p_player, false, p_now, p_currency, p_ledger_currency);
  IF v_caller.answer IS NOT NULL THEN
    RETURN v_caller.answer;
  END IF;
  v_session := v_caller.player_session;
  v_member := v_session.member_id;
  IF p_game_code <> v_session.game_code THEN
    RETURN seamless_refused('free_rounds_none', v_member, p_ledger_currency);
  END IF;
  PERFORM pg_advisory_xact_lock(7402, hashtext(p_provider || ':' || p_transaction));
  v_answer := seamless_replay(p_provider, p_transaction, 'freeRound', p_hash, p_ledger_currency);
  IF v_answer IS NOT NULL THEN
    RETURN v_answer;
  END IF;
  UPDATE free_round_grants SET rounds_left = rounds_left - 1
  WHERE id = p_grant AND member_id = v_member AND game_code = v_session.game_code
    AND stake = p_stake AND rounds_left > 0
  RETURNING id, rounds_total - rounds_left AS round_no, rounds_left INTO v_grant;
  IF NOT FOUND THEN
    RETURN seamless_refused('free_rounds_none', v_member, p_ledger_currency);
  END IF;
  IF p_amount > 0 THEN
    v_posted := ledger_post('free-round:' || v_grant.id || ':' || v_grant.round_no,
      encode(sha256(convert_to('freeRound:' || p_hash || ':' || v_member, 'UTF8')), 'hex'),
      'single', p_provider || ':' || p_round, 'provider:' || p_provider, p_ledger_currency,
      json_build_array(json_build_object(
        'member_id', v_member, 'wallet_kind', 'main', 'kind', 'bonus',
        'amount', p_amount::text)));
    IF v_posted->>'outcome' <> 'posted' THEN
      -- A round number is taken once under the grant's row lock: this cannot happen.
      RAISE EXCEPTION 'seamless_free_round: round % of grant % paid twice', v_grant.round_no,
        v_grant.id;
    END IF;
    v_posting_id := v_posted->>'postingId';
    v_balance := v_posted->'entries'->0->>'balanceAfter';
  ELSE
    v_balance := seamless_balance(v_member, p_ledger_currency);
  END IF;
  INSERT INTO game_bets (provider_code, round_id, transaction_id, member_id, vassalage, game_type,
    game_code, node_id, stake, win, valid_turnover, status, placed_at, settled_at, posting_id,
    free_round_grant_id)
  VALUES (p_provider, p_round, p_transaction, v_member, v_session.vassalage, v_session.game_type,
    p_game_code, v_session.node_id, 0, p_amount, 0, 'settled', p_now, p_now, v_posting_id,
    v_grant.id);
  INSERT INTO game_rollups_5m AS r (member_id, window_start, vassalage, game_type, bet_count,
    stake, valid_turnover, win, net_loss)
  VALUES (v_member, p_window, v_session.vassalage, v_session.game_type, 1, 0, 0, p_amount,
    -p_amount)
  ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
    bet_count = r.bet_count + 1, win = r.win + p_amount, net_loss = r.net_loss - p_amount;
  IF p_amount > 0 AND v_session.node_id IS NOT NULL AND p_on_board THEN
    INSERT INTO game_win_board (member_id, member_name, node_id, amount, won_at)
    SELECT v_member, mask_name(m.username), v_session.node_id, p_amount, p_now
    FROM members m WHERE m.id = v_member;
  END IF;
  v_reply := json_build_object('transactionId', p_transaction, 'postingId', v_posting_id,
    'balance', v_balance, 'currency', p_ledger_currency, 'roundsLeft', v_grant.rounds_left);
  INSERT INTO seamless_transactions (provider_code, transaction_id, kind, request_hash, member_id,
    reply, created_at)
  VALUES (p_provider, p_transaction, 'freeRound', p_hash, v_member, v_reply::jsonb, p_now);
  RETURN json_build_object('outcome', 'posted', 'reply', v_reply,
    'memberId', CASE WHEN p_amount > 0 THEN v_member END);
END
$$;

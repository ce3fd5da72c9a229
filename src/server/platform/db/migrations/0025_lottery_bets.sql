-- Lottery bets (issue 14): a whole slip in one statement, so one round trip. The replay check
-- (the slip's first posting key), the game and its odds and limits, the draw (open, and the
-- server's clock before its close; the row held FOR SHARE so the engine's lock waits for the
-- slip), each bet's selection against its type and its unit against the limits, the member's
-- total on the draw against maxStakePerDraw (under an advisory lock per member and draw, space
-- 7402), then one `ledger_post` per bet (key lottery:bet:<slip>:<n>) and its bet row. A refusal
-- answers {"outcome": "refused", "code"} and writes nothing; a debit the wallet cannot afford
-- raises LDG01 (from ledger_post) and leaves nothing behind; a slip placed before answers
-- {"outcome": "replayed", ...} with its bets and the balance its last posting left, a placed
-- one {"outcome": "posted", "names", "bets", "total", "balance"}.
-- The slip's bets; `p_as_placed` answers them as the placement did (open, no win yet), so a
-- replay answers what the first call did after the draw has settled too.
CREATE FUNCTION "lottery_slip_bets"(p_slip text, p_as_placed boolean) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object(
    'betId', b.id::text, 'slipId', b.slip_id, 'gameId', b.game_id, 'numero', b.numero,
    'betType', b.bet_type, 'selection', b.selection, 'unitAmount', b.unit_amount::text,
    'stake', b.stake::text, 'oddsX100', b.odds_x100,
    'state', CASE WHEN p_as_placed THEN 'open' ELSE b.state END,
    'winAmount', CASE WHEN p_as_placed THEN '0' ELSE b.win_amount::text END,
    'hits', CASE WHEN p_as_placed THEN '[]'::jsonb ELSE b.hits END,
    'createdAt', to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'settledAt', to_char(CASE WHEN p_as_placed THEN NULL ELSE b.settled_at END AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) ORDER BY b.id), '[]'::json)
  FROM lottery_bets b WHERE b.slip_id = p_slip
$$;
--> statement-breakpoint
-- A slip whose first posting exists: its bets as placed, or a conflict when the request differs.
CREATE FUNCTION "lottery_slip_replay"(p_slip text, p_hash text, p_seen_hash text) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_seen_hash <> p_hash
    THEN json_build_object('outcome', 'refused', 'code', 'idempotency_key_reused')
    ELSE json_build_object(
      'outcome', 'replayed',
      'names', (SELECT g.names FROM lottery_bets b JOIN lottery_games g ON g.game_id = b.game_id
                WHERE b.slip_id = p_slip LIMIT 1),
      'bets', lottery_slip_bets(p_slip, true),
      'total', (SELECT coalesce(sum(stake), 0)::text FROM lottery_bets WHERE slip_id = p_slip),
      'balance', (SELECT e.balance_after::text FROM lottery_bets b
                  JOIN ledger_entries e ON e.posting_id = b.posting_id
                  WHERE b.slip_id = p_slip ORDER BY b.id DESC LIMIT 1))
  END
$$;
--> statement-breakpoint
-- A bet's stake: the unit times the numbers it is judged against (lo: every number of the
-- layout; bao_lo: every number of 3 digits or more), else the unit. `p_counts` gives, per
-- layout, {"lo": n, "bao_lo": m} (the contract's layouts, passed by the caller).
CREATE FUNCTION "lottery_stake"(p_counts json, p_layout text, p_bet_type text, p_unit bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT p_unit * CASE
    WHEN p_bet_type IN ('lo', 'bao_lo') THEN (p_counts->p_layout->>p_bet_type)::bigint
    ELSE 1 END
$$;
--> statement-breakpoint
CREATE FUNCTION "lottery_place_slip"(
  p_member integer, p_slip text, p_hash text, p_game text, p_numero text, p_now timestamptz,
  p_currency text, p_counts json, p_bets json
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_seen ledger_postings%ROWTYPE;
  v_game lottery_games%ROWTYPE;
  v_draw lottery_draws%ROWTYPE;
  v_bet record;
  v_config json;
  v_total bigint := 0;
  v_before bigint;
  v_stake bigint;
  v_posted json;
  v_balance text;
BEGIN
  SELECT * INTO v_seen FROM ledger_postings WHERE idempotency_key = 'lottery:bet:' || p_slip || ':1';
  IF FOUND THEN
    RETURN lottery_slip_replay(p_slip, p_hash, v_seen.request_hash);
  END IF;
  SELECT * INTO v_game FROM lottery_games WHERE game_id = p_game AND status = 'active';
  IF NOT FOUND THEN
    RETURN json_build_object('outcome', 'refused', 'code', 'lottery_draw_not_found');
  END IF;
  SELECT * INTO v_draw FROM lottery_draws WHERE game_id = p_game AND numero = p_numero FOR SHARE;
  IF NOT FOUND THEN
    RETURN json_build_object('outcome', 'refused', 'code', 'lottery_draw_not_found');
  END IF;
  IF v_draw.state <> 'open' OR p_now < v_draw.opens_at OR p_now >= v_draw.locks_at THEN
    RETURN json_build_object('outcome', 'refused', 'code', 'lottery_draw_closed');
  END IF;
  -- Every bet checked before anything is written.
  FOR v_bet IN
    SELECT b.bet_type, b.unit FROM json_to_recordset(p_bets) AS b(bet_type text, unit bigint)
  LOOP
    v_config := v_game.config->'betTypes'->v_bet.bet_type;
    IF v_config IS NULL OR (p_counts->v_game.layout) IS NULL THEN
      RETURN json_build_object('outcome', 'refused', 'code', 'lottery_bet_invalid');
    END IF;
    IF v_bet.unit < (v_config->>'minUnit')::bigint OR v_bet.unit > (v_config->>'maxUnit')::bigint THEN
      RETURN json_build_object('outcome', 'refused', 'code', 'lottery_unit_out_of_range');
    END IF;
    v_total := v_total + lottery_stake(p_counts, v_game.layout, v_bet.bet_type, v_bet.unit);
  END LOOP;
  PERFORM pg_advisory_xact_lock(7402, hashtext(p_member || ':' || p_game || ':' || p_numero));
  SELECT coalesce(sum(stake), 0) INTO v_before FROM lottery_bets
  WHERE member_id = p_member AND game_id = p_game AND numero = p_numero AND state <> 'refunded';
  IF v_before + v_total > (v_game.config->>'maxStakePerDraw')::bigint THEN
    RETURN json_build_object('outcome', 'refused', 'code', 'lottery_stake_limit');
  END IF;
  FOR v_bet IN
    SELECT e.bet->>'bet_type' AS bet_type, e.bet->>'selection' AS selection,
      (e.bet->>'unit')::bigint AS unit, e.n
    FROM json_array_elements(p_bets) WITH ORDINALITY AS e(bet, n)
    ORDER BY e.n
  LOOP
    v_stake := lottery_stake(p_counts, v_game.layout, v_bet.bet_type, v_bet.unit);
    v_posted := ledger_post(
      'lottery:bet:' || p_slip || ':' || v_bet.n, p_hash, 'single', p_game || ':' || p_numero,
      'member:' || p_member, p_currency,
      json_build_array(json_build_object('member_id', p_member, 'wallet_kind', 'main',
        'kind', 'bet', 'amount', (-v_stake)::text)));
    IF v_posted->>'outcome' <> 'posted' THEN
      -- A twin of this slip committed while this one waited on its first key.
      IF v_bet.n = 1 THEN
        SELECT * INTO v_seen FROM ledger_postings
        WHERE idempotency_key = 'lottery:bet:' || p_slip || ':1';
        RETURN lottery_slip_replay(p_slip, p_hash, v_seen.request_hash);
      END IF;
      RAISE EXCEPTION 'lottery_place_slip: a later bet of a new slip was posted before';
    END IF;
    INSERT INTO lottery_bets (slip_id, member_id, game_id, numero, bet_type, selection,
      unit_amount, stake, odds_x100, currency, posting_id, created_at)
    VALUES (p_slip, p_member, p_game, p_numero, v_bet.bet_type, v_bet.selection, v_bet.unit,
      v_stake, (v_game.config->'betTypes'->v_bet.bet_type->>'oddsX100')::integer, p_currency,
      (v_posted->>'postingId')::bigint, p_now);
    v_balance := v_posted->'entries'->0->>'balanceAfter';
  END LOOP;
  RETURN json_build_object('outcome', 'posted', 'names', v_game.names,
    'bets', lottery_slip_bets(p_slip, true), 'total', v_total::text, 'balance', v_balance);
END
$$;

-- Issue 33, the seamless wallet.
-- A stored reply keeps its text: jsonb orders an object's keys its own way, so a replay gave the
-- first reply's values in another key order; json keeps the bytes it was given.
ALTER TABLE "seamless_transactions" ALTER COLUMN "reply" SET DATA TYPE json USING "reply"::json;--> statement-breakpoint
-- Whether the member may play now: null, or the refusal (the site in maintenance, the member's
-- status other than active: disabled, later self-excluded). Read in the statement of the debit.
CREATE FUNCTION "seamless_play_refusal"(
  p_member integer, p_maintenance boolean, p_currency text
) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_maintenance THEN seamless_refused('system_maintenance', p_member, p_currency)
    WHEN NOT EXISTS (SELECT 1 FROM members WHERE id = p_member AND status = 'active')
      THEN seamless_refused('seamless_player_blocked', p_member, p_currency)
  END
$$;
--> statement-breakpoint
-- Whether the provider serves the game: a game of the catalog of one of the provider's vendors.
CREATE FUNCTION "seamless_serves_game"(p_provider text, p_game_code text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM game_providers p
    CROSS JOIN LATERAL jsonb_array_elements_text(p.vassalages) AS v(vendor)
    JOIN games g ON g.vassalage = v.vendor AND g.game_code = p_game_code
    WHERE p.code = p_provider)
$$;
--> statement-breakpoint
DROP FUNCTION "seamless_bet"(text, text, text, text, text, text, text, bigint, text, text,
  timestamptz, timestamptz);
--> statement-breakpoint
-- The bet of 0022, and: a replay answers first (a retry of a bet that landed gets its reply,
-- whatever changed since); then a member who may not play (p_maintenance: the site is in
-- maintenance) and a game the provider does not serve are refused; the stored reply is the
-- reply's text.
CREATE FUNCTION "seamless_bet"(
  p_provider text, p_transaction text, p_hash text, p_session_hash text, p_player text,
  p_currency text, p_ledger_currency text, p_amount bigint, p_round text, p_game_code text,
  p_maintenance boolean, p_now timestamptz, p_window timestamptz
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_caller record;
  v_session game_sessions%ROWTYPE;
  v_member integer;
  v_refusal json;
  v_posted json;
  v_reply json;
BEGIN
  SELECT * INTO v_caller FROM seamless_caller(p_provider, p_transaction, 'bet', p_hash,
    p_session_hash, p_player, false, p_now, p_currency, p_ledger_currency);
  IF v_caller.answer IS NOT NULL THEN
    RETURN v_caller.answer;
  END IF;
  v_session := v_caller.player_session;
  v_member := v_session.member_id;
  v_refusal := seamless_play_refusal(v_member, p_maintenance, p_ledger_currency);
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;
  IF NOT seamless_serves_game(p_provider, p_game_code) THEN
    RETURN seamless_refused('seamless_game_not_served', v_member, p_ledger_currency);
  END IF;
  -- A rollback that came first left a tombstone: the late bet is refused.
  PERFORM pg_advisory_xact_lock(7401, hashtext(p_provider || ':' || p_transaction));
  IF EXISTS (SELECT 1 FROM seamless_tombstones
             WHERE provider_code = p_provider AND bet_transaction_id = p_transaction) THEN
    RETURN seamless_refused('seamless_bet_rolled_back', v_member, p_ledger_currency);
  END IF;
  v_posted := seamless_post(p_provider, p_transaction, 'bet', p_hash, v_member, p_round, 'bet',
    -p_amount, p_ledger_currency);
  IF v_posted->>'outcome' <> 'posted' THEN
    RETURN v_posted;
  END IF;
  INSERT INTO game_bets (provider_code, round_id, transaction_id, member_id, vassalage, game_type,
    game_code, node_id, stake, valid_turnover, placed_at, posting_id)
  VALUES (p_provider, p_round, p_transaction, v_member, v_session.vassalage, v_session.game_type,
    p_game_code, v_session.node_id, p_amount, p_amount, p_now, v_posted->>'postingId');
  INSERT INTO game_rollups_5m AS r (member_id, window_start, vassalage, game_type, bet_count,
    stake, valid_turnover, win, net_loss)
  VALUES (v_member, p_window, v_session.vassalage, v_session.game_type, 1, p_amount, p_amount, 0,
    p_amount)
  ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
    bet_count = r.bet_count + 1, stake = r.stake + p_amount,
    valid_turnover = r.valid_turnover + p_amount, net_loss = r.net_loss + p_amount;
  v_reply := json_build_object('transactionId', p_transaction, 'postingId', v_posted->>'postingId',
    'balance', v_posted->'entries'->0->>'balanceAfter', 'currency', p_ledger_currency);
  INSERT INTO seamless_transactions (provider_code, transaction_id, kind, request_hash, member_id,
    reply, created_at)
  VALUES (p_provider, p_transaction, 'bet', p_hash, v_member, v_reply, p_now);
  RETURN json_build_object('outcome', 'posted', 'reply', v_reply, 'memberId', v_member);
END
$$;
--> statement-breakpoint
DROP FUNCTION "seamless_win"(text, text, text, text, text, text, text, bigint, text, text,
  boolean, timestamptz, timestamptz);
--> statement-breakpoint
-- The win of 0022, made final: a win settles its bet, once. A win (0 or more) on an open bet
-- credits it and settles it; on a settled bet (won, lost or ended with its round) a win with
-- another transaction id is refused seamless_bet_settled, on a rolled back one
-- seamless_bet_rolled_back; a retry of the same win answers its stored reply. Without
-- p_bet_transaction it pays the round's latest open bet of the player (when none is open, the
-- latest settled one refuses it, then the latest rolled back one). A bet settled or rolled back
-- while the win posted raises SMLS2 (settled) or SMLS1 (rolled back), undoing the posting; a 0 win
-- whose transaction id a concurrent call of another kind took raises SMLS3. Wins and settlement
-- go on in maintenance and for a member who may no longer play: what is owed is paid.
CREATE FUNCTION "seamless_win"(
  p_provider text, p_transaction text, p_hash text, p_session_hash text, p_player text,
  p_currency text, p_ledger_currency text, p_amount bigint, p_round text,
  p_bet_transaction text, p_on_board boolean, p_now timestamptz, p_window timestamptz
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_caller record;
  v_session game_sessions%ROWTYPE;
  v_member integer;
  v_bet game_bets%ROWTYPE;
  v_status text;
  v_answer json;
  v_posted json;
  v_posting_id text;
  v_balance text;
  v_reply json;
BEGIN
  SELECT * INTO v_caller FROM seamless_caller(p_provider, p_transaction, 'win', p_hash,
    p_session_hash, p_player, true, p_now, p_currency, p_ledger_currency);
  IF v_caller.answer IS NOT NULL THEN
    RETURN v_caller.answer;
  END IF;
  v_session := v_caller.player_session;
  v_member := v_session.member_id;
  IF p_bet_transaction IS NOT NULL THEN
    SELECT * INTO v_bet FROM game_bets
    WHERE provider_code = p_provider AND transaction_id = p_bet_transaction;
  ELSE
    SELECT * INTO v_bet FROM game_bets
    WHERE provider_code = p_provider AND round_id = p_round AND member_id = v_member
    ORDER BY status = 'open' DESC, status = 'settled' DESC, id DESC LIMIT 1;
  END IF;
  IF NOT FOUND OR v_bet.member_id <> v_member OR v_bet.round_id <> p_round THEN
    RETURN seamless_refused('seamless_bet_not_found', v_member, p_ledger_currency);
  END IF;
  IF v_bet.status = 'rolled_back' THEN
    RETURN seamless_refused('seamless_bet_rolled_back', v_member, p_ledger_currency);
  END IF;
  IF v_bet.status <> 'open' THEN
    RETURN seamless_refused('seamless_bet_settled', v_member, p_ledger_currency);
  END IF;
  IF p_amount > 0 THEN
    v_posted := seamless_post(p_provider, p_transaction, 'win', p_hash, v_member, p_round,
      'payout', p_amount, p_ledger_currency);
    IF v_posted->>'outcome' <> 'posted' THEN
      RETURN v_posted;
    END IF;
    v_posting_id := v_posted->>'postingId';
    v_balance := v_posted->'entries'->0->>'balanceAfter';
  END IF;
  UPDATE game_bets SET win = p_amount, status = 'settled', settled_at = p_now
  WHERE id = v_bet.id AND status = 'open';
  IF NOT FOUND THEN
    IF p_amount = 0 THEN
      -- Nothing written yet: a twin of this 0 win that settled the bet first answers its reply.
      v_answer := seamless_replay(p_provider, p_transaction, 'win', p_hash, p_ledger_currency);
      IF v_answer IS NOT NULL THEN
        RETURN v_answer;
      END IF;
    END IF;
    -- Settled or rolled back since it was read: the posting (if any) goes with this exception.
    SELECT status INTO v_status FROM game_bets WHERE id = v_bet.id;
    IF v_status = 'rolled_back' THEN
      RAISE EXCEPTION 'seamless_bet_rolled_back' USING ERRCODE = 'SMLS1';
    END IF;
    RAISE EXCEPTION 'seamless_bet_settled' USING ERRCODE = 'SMLS2';
  END IF;
  IF p_amount > 0 THEN
    INSERT INTO game_rollups_5m AS r (member_id, window_start, vassalage, game_type, bet_count,
      stake, valid_turnover, win, net_loss)
    VALUES (v_member, p_window, v_bet.vassalage, v_bet.game_type, 0, 0, 0, p_amount, -p_amount)
    ON CONFLICT (member_id, window_start, vassalage, game_type) DO UPDATE SET
      win = r.win + p_amount, net_loss = r.net_loss - p_amount;
    IF v_bet.node_id IS NOT NULL AND p_on_board THEN
      INSERT INTO game_win_board (member_id, member_name, node_id, amount, won_at)
      SELECT v_member, mask_name(m.username), v_bet.node_id, p_amount, p_now
      FROM members m WHERE m.id = v_member;
    END IF;
  ELSE
    v_balance := seamless_balance(v_member, p_ledger_currency);
  END IF;
  v_reply := json_build_object('transactionId', p_transaction, 'postingId', v_posting_id,
    'balance', v_balance, 'currency', p_ledger_currency);
  INSERT INTO seamless_transactions (provider_code, transaction_id, kind, request_hash, member_id,
    reply, created_at)
  VALUES (p_provider, p_transaction, 'win', p_hash, v_member, v_reply, p_now)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Only a 0 win gets here (a paid win's key is its posting's): a call of another kind took
    -- the transaction id meanwhile; the settlement goes with this exception.
    RAISE EXCEPTION 'seamless_transaction_conflict' USING ERRCODE = 'SMLS3';
  END IF;
  RETURN json_build_object('outcome', 'posted', 'reply', v_reply,
    'memberId', CASE WHEN p_amount > 0 THEN v_member END);
END
$$;
--> statement-breakpoint
DROP FUNCTION "seamless_free_round"(text, text, text, text, text, text, text, bigint, text, text,
  bigint, bigint, boolean, timestamptz, timestamptz);
--> statement-breakpoint
-- The free round of 0034, and: after the replay check, a member who may not play and the site in
-- maintenance are refused (a free round is play); the stored reply is the reply's text.
CREATE FUNCTION "seamless_free_round"(
  p_provider text, p_transaction text, p_hash text, p_session_hash text, p_player text,
  p_currency text, p_ledger_currency text, p_amount bigint, p_round text, p_game_code text,
  p_grant bigint, p_stake bigint, p_on_board boolean, p_maintenance boolean, p_now timestamptz,
  p_window timestamptz
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
  v_answer := seamless_play_refusal(v_member, p_maintenance, p_ledger_currency);
  IF v_answer IS NOT NULL THEN
    RETURN v_answer;
  END IF;
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
  VALUES (p_provider, p_transaction, 'freeRound', p_hash, v_member, v_reply, p_now);
  RETURN json_build_object('outcome', 'posted', 'reply', v_reply,
    'memberId', CASE WHEN p_amount > 0 THEN v_member END);
END
$$;

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
CREATE INDEX "builtin_pending_rollbacks_due_idx" ON "builtin_pending_rollbacks" USING btree ("next_attempt_at");--> statement-breakpoint
-- The seamless wallet's bet and win, each in one statement, so one round trip (issue 13): the
-- replay check, the player's session, the currency, the tombstone (under the bet's advisory
-- lock, space 7401, the one the rollback takes), the ledger posting (`ledger_post`), the bet
-- row, the 5-minute rollup, the winner board and the stored reply. A refusal answers
-- {"outcome": "refused", "code", "balance" (text, or null when the caller is not the player's)}
-- and writes nothing; a replay {"outcome": "replayed", "reply"}; a posting {"outcome": "posted",
-- "reply", "memberId"}. A debit the wallet cannot afford raises LDG01 (from ledger_post); a win
-- whose bet was rolled back while it posted raises SMLS1; both leave nothing behind.
CREATE FUNCTION "seamless_balance"(p_member integer, p_currency text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT balance FROM wallets
    WHERE member_id = p_member AND kind = 'main' AND currency = p_currency), 0)::text
$$;
--> statement-breakpoint
CREATE FUNCTION "seamless_refused"(p_code text, p_member integer, p_currency text) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT json_build_object('outcome', 'refused', 'code', p_code, 'balance',
    CASE WHEN p_member IS NULL THEN NULL ELSE seamless_balance(p_member, p_currency) END)
$$;
--> statement-breakpoint
-- A transaction id seen before: its first reply, or a conflict when the call differs.
CREATE FUNCTION "seamless_replay"(
  p_provider text, p_transaction text, p_kind text, p_hash text, p_currency text
) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_seen seamless_transactions%ROWTYPE;
BEGIN
  SELECT * INTO v_seen FROM seamless_transactions
  WHERE provider_code = p_provider AND transaction_id = p_transaction;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v_seen.kind <> p_kind OR v_seen.request_hash <> p_hash THEN
    RETURN seamless_refused('seamless_transaction_conflict', v_seen.member_id, p_currency);
  END IF;
  RETURN json_build_object('outcome', 'replayed', 'reply', v_seen.reply::json);
END
$$;
--> statement-breakpoint
-- Who makes a call: a transaction id seen before answers its first reply (or a conflict); else
-- the player's session (by token hash), unless it refuses the call (unknown token, another
-- player, an expired session where that is not allowed, another currency).
CREATE FUNCTION "seamless_caller"(
  p_provider text, p_transaction text, p_kind text, p_hash text, p_session_hash text,
  p_player text, p_allow_expired boolean, p_now timestamptz, p_currency text,
  p_ledger_currency text, OUT answer json, OUT player_session game_sessions
) LANGUAGE plpgsql STABLE AS $$
BEGIN
  answer := seamless_replay(p_provider, p_transaction, p_kind, p_hash, p_ledger_currency);
  IF answer IS NOT NULL THEN
    RETURN;
  END IF;
  SELECT * INTO player_session FROM game_sessions
  WHERE session_token_hash = p_session_hash AND provider_code = p_provider;
  IF NOT FOUND THEN
    answer := seamless_refused('seamless_token_invalid', NULL, p_ledger_currency);
  ELSIF player_session.member_id::text <> p_player THEN
    answer := seamless_refused('seamless_player_unknown', NULL, p_ledger_currency);
  ELSIF NOT p_allow_expired
     AND (player_session.session_expires_at IS NULL OR player_session.session_expires_at <= p_now) THEN
    answer := seamless_refused('session_expired', player_session.member_id, p_ledger_currency);
  ELSIF p_currency <> p_ledger_currency THEN
    answer := seamless_refused('seamless_currency_mismatch', player_session.member_id, p_ledger_currency);
  END IF;
END
$$;
--> statement-breakpoint
-- A bet's or win's posting (`ledger_post`, key seamless:<provider>:<transaction id>): what it
-- posted ({"outcome": "posted", ...}), or the answer to give instead: a twin of the call that
-- committed while this one waited answers its stored reply; a key taken by another call, a
-- conflict.
CREATE FUNCTION "seamless_post"(
  p_provider text, p_transaction text, p_kind text, p_hash text, p_member integer,
  p_round text, p_entry_kind text, p_amount bigint, p_currency text
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_posted json;
  v_answer json;
BEGIN
  v_posted := ledger_post(
    'seamless:' || p_provider || ':' || p_transaction,
    encode(sha256(convert_to(p_kind || ':' || p_hash || ':' || p_member, 'UTF8')), 'hex'),
    'single', p_provider || ':' || p_round, 'provider:' || p_provider, p_currency,
    json_build_array(json_build_object(
      'member_id', p_member, 'wallet_kind', 'main', 'kind', p_entry_kind,
      'amount', p_amount::text)));
  IF v_posted->>'outcome' = 'key_reused' THEN
    RETURN seamless_refused('seamless_transaction_conflict', p_member, p_currency);
  END IF;
  IF v_posted->>'outcome' = 'replayed' THEN
    v_answer := seamless_replay(p_provider, p_transaction, p_kind, p_hash, p_currency);
    IF v_answer IS NULL THEN
      RAISE EXCEPTION 'seamless_post: a replayed posting without its stored reply';
    END IF;
    RETURN v_answer;
  END IF;
  RETURN v_posted;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "seamless_bet"(
  p_provider text, p_transaction text, p_hash text, p_session_hash text, p_player text,
  p_currency text, p_ledger_currency text, p_amount bigint, p_round text, p_game_code text,
  p_now timestamptz, p_window timestamptz
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_caller record;
  v_session game_sessions%ROWTYPE;
  v_member integer;
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
  VALUES (p_provider, p_transaction, 'bet', p_hash, v_member, v_reply::jsonb, p_now);
  RETURN json_build_object('outcome', 'posted', 'reply', v_reply, 'memberId', v_member);
END
$$;
--> statement-breakpoint
-- The winner board's form of a username, as maskName in catalog.service.ts: at most half the
-- characters and at most four, the first half of them before '***', the rest after.
CREATE FUNCTION "mask_name"(p_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT left(p_name, ceil(least(length(p_name) / 2, 4) / 2.0)::int) || '***' ||
    CASE WHEN least(length(p_name) / 2, 4) - ceil(least(length(p_name) / 2, 4) / 2.0)::int > 0
      THEN right(p_name, least(length(p_name) / 2, 4) - ceil(least(length(p_name) / 2, 4) / 2.0)::int)
      ELSE '' END
$$;
--> statement-breakpoint
-- A win (0 settles a lost bet without a posting); p_bet_transaction null: the round's latest
-- bet of the player that is not rolled back; p_on_board: a win goes on the winner board under
-- the player's masked username.
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
      AND status <> 'rolled_back'
    ORDER BY id DESC LIMIT 1;
  END IF;
  IF NOT FOUND OR v_bet.member_id <> v_member OR v_bet.round_id <> p_round THEN
    RETURN seamless_refused('seamless_bet_not_found', v_member, p_ledger_currency);
  END IF;
  IF v_bet.status = 'rolled_back' THEN
    RETURN seamless_refused('seamless_bet_rolled_back', v_member, p_ledger_currency);
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
  UPDATE game_bets SET win = win + p_amount, status = 'settled', settled_at = p_now
  WHERE id = v_bet.id AND status <> 'rolled_back';
  IF NOT FOUND THEN
    -- Rolled back since it was read: the posting (if any) goes with this exception.
    RAISE EXCEPTION 'seamless_bet_rolled_back' USING ERRCODE = 'SMLS1';
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
  VALUES (p_provider, p_transaction, 'win', p_hash, v_member, v_reply::jsonb, p_now)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- A twin of this 0 win committed first: its reply (settling twice changes nothing).
    RETURN seamless_replay(p_provider, p_transaction, 'win', p_hash, p_ledger_currency);
  END IF;
  RETURN json_build_object('outcome', 'posted', 'reply', v_reply,
    'memberId', CASE WHEN p_amount > 0 THEN v_member END);
END
$$;

-- A ledger posting in one statement, so one round trip (issue 12): the idempotency key claimed,
-- each wallet's conditional UPDATE (never below zero), one journal entry per wallet and the
-- reply, all in the caller's statement (its own transaction, or the caller's). A taken key
-- answers the stored posting (outcome 'replayed'), or 'key_reused' when the request's hash
-- differs; a concurrent holder of the key is waited for by the unique index. Legs are applied
-- in (member_id, wallet kind) order, the one lock order of every posting, so two transfers in
-- opposite directions cannot deadlock. A debit the wallet cannot afford (or a wallet that does
-- not exist) raises SQLSTATE LDG01 and leaves nothing behind (the key claim rolls back with
-- it); a credit makes its wallet at 0 first (an unknown member fails its foreign key, 23503).
-- p_legs: [{"member_id": 12, "wallet_kind": "main", "kind": "bet", "amount": "-100"}, ...]
-- with amounts as strings of signed minor units. Returns
-- {"outcome", "postingId", "createdAt" (ISO 8601, UTC, milliseconds), "entries": [{"entryId",
-- "walletId", "memberId", "walletKind", "kind", "amount", "balanceAfter", "walletSeq"}]}, the
-- entries in entry id order; bigints as strings.
CREATE FUNCTION "ledger_post"(
  p_key text,
  p_hash text,
  p_shape text,
  p_reference text,
  p_actor text,
  p_currency text,
  p_legs json
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_posting ledger_postings%ROWTYPE;
  v_leg record;
  v_wallet record;
  v_entry_id bigint;
  v_entries json[] := '{}';
BEGIN
  INSERT INTO ledger_postings (idempotency_key, request_hash, shape, reference, actor)
  VALUES (p_key, p_hash, p_shape, p_reference, p_actor)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING * INTO v_posting;
  IF NOT FOUND THEN
    SELECT * INTO v_posting FROM ledger_postings WHERE idempotency_key = p_key;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger_post: idempotency key vanished';
    END IF;
    IF v_posting.request_hash <> p_hash THEN
      RETURN json_build_object('outcome', 'key_reused');
    END IF;
    RETURN json_build_object(
      'outcome', 'replayed',
      'postingId', v_posting.id::text,
      'createdAt', to_char(v_posting.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'entries', (
        SELECT coalesce(json_agg(json_build_object(
          'entryId', e.id::text,
          'walletId', e.wallet_id::text,
          'memberId', w.member_id,
          'walletKind', w.kind,
          'kind', e.kind,
          'amount', e.amount::text,
          'balanceAfter', e.balance_after::text,
          'walletSeq', e.wallet_seq::text
        ) ORDER BY e.id), '[]'::json)
        FROM ledger_entries e JOIN wallets w ON w.id = e.wallet_id
        WHERE e.posting_id = v_posting.id
      )
    );
  END IF;

  FOR v_leg IN
    SELECT l.member_id, l.wallet_kind, l.kind, l.amount
    FROM json_to_recordset(p_legs) AS l(member_id integer, wallet_kind text, kind text, amount bigint)
    ORDER BY l.member_id, l.wallet_kind COLLATE "C"
  LOOP
    UPDATE wallets SET balance = balance + v_leg.amount, version = version + 1
    WHERE member_id = v_leg.member_id AND kind = v_leg.wallet_kind AND currency = p_currency
      AND balance + v_leg.amount >= 0
    RETURNING id, balance, version INTO v_wallet;
    IF NOT FOUND THEN
      IF v_leg.amount < 0 THEN
        RAISE EXCEPTION 'insufficient_balance' USING ERRCODE = 'LDG01';
      END IF;
      -- A credit to a wallet not made yet: made at 0 (a concurrent maker's row is waited for).
      INSERT INTO wallets (member_id, kind, currency)
      VALUES (v_leg.member_id, v_leg.wallet_kind, p_currency)
      ON CONFLICT DO NOTHING;
      UPDATE wallets SET balance = balance + v_leg.amount, version = version + 1
      WHERE member_id = v_leg.member_id AND kind = v_leg.wallet_kind AND currency = p_currency
      RETURNING id, balance, version INTO STRICT v_wallet;
    END IF;
    INSERT INTO ledger_entries (posting_id, wallet_id, wallet_seq, kind, amount, balance_after)
    VALUES (v_posting.id, v_wallet.id, v_wallet.version, v_leg.kind, v_leg.amount, v_wallet.balance)
    RETURNING id INTO v_entry_id;
    v_entries := array_append(v_entries, json_build_object(
      'entryId', v_entry_id::text,
      'walletId', v_wallet.id::text,
      'memberId', v_leg.member_id,
      'walletKind', v_leg.wallet_kind,
      'kind', v_leg.kind,
      'amount', v_leg.amount::text,
      'balanceAfter', v_wallet.balance::text,
      'walletSeq', v_wallet.version::text
    ));
  END LOOP;

  RETURN json_build_object(
    'outcome', 'posted',
    'postingId', v_posting.id::text,
    'createdAt', to_char(v_posting.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'entries', array_to_json(v_entries)
  );
END
$$;

-- Many single-entry postings in one statement, so one round trip however many (issue 14: a
-- lottery draw's wins and refunds). The wallet area's function, beside ledger_post (0016), with
-- the same rules: each item claims its own idempotency key (a taken key is skipped as replayed,
-- or refused with SQLSTATE LDG02 when the same key came with another request); wallets are
-- locked in (member_id, wallet kind) order, the one lock order of every posting; each wallet's
-- entries continue its wallet_seq chain (balance_after = previous + amount), credits before
-- debits within one call; a credit makes its wallet at 0 first; a balance that would go below
-- zero raises LDG01 and leaves nothing behind. Callers in other areas call it in their own
-- statement (as the seamless wallet calls ledger_post) and never write ledger tables.
-- p_items: [{"key", "member_id", "wallet_kind", "kind", "amount" (signed minor units, text),
-- "reference", "actor"}, ...]. Returns {"posted", "replayed", "members": [member ids moved]}.
CREATE FUNCTION "ledger_post_many"(p_currency text, p_items json) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_legs json;
  v_posted integer;
  v_total integer;
  v_entries integer;
  v_members json;
BEGIN
  IF p_items IS NULL OR json_array_length(p_items) = 0 THEN
    RETURN json_build_object('posted', 0, 'replayed', 0, 'members', '[]'::json);
  END IF;
  v_total := json_array_length(p_items);
  IF EXISTS (
    SELECT 1 FROM json_to_recordset(p_items) AS i(key text, kind text, amount bigint)
    WHERE i.key IS NULL OR length(i.key) NOT BETWEEN 1 AND 200 OR i.amount IS NULL
      OR i.amount = 0 OR abs(i.amount) > 1000000000000000
      OR (i.kind IN ('deposit', 'withdrawal_reversal', 'transfer_in', 'payout', 'bet_refund',
            'bonus', 'rebate') AND i.amount < 0)
      OR (i.kind IN ('withdrawal', 'transfer_out', 'bet') AND i.amount > 0)
  ) THEN
    RAISE EXCEPTION 'ledger_post_many: bad item' USING ERRCODE = '22023';
  END IF;

  -- Credits to wallets not made yet: made at 0 (a concurrent maker's row is waited for).
  INSERT INTO wallets (member_id, kind, currency)
  SELECT DISTINCT i.member_id, i.wallet_kind, p_currency
  FROM json_to_recordset(p_items) AS i(member_id integer, wallet_kind text, amount bigint)
  WHERE i.amount > 0
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;

  -- The keys, claimed in the items' order; the claimed items are the legs to post.
  WITH items AS (
    SELECT i.*, encode(sha256(convert_to(json_build_array('many', p_currency, i.reference,
        i.actor, i.member_id, i.wallet_kind, i.kind, i.amount::text)::text, 'UTF8')), 'hex') AS hash
    FROM ROWS FROM (json_to_recordset(p_items) AS (key text, member_id integer,
      wallet_kind text, kind text, amount bigint, reference text, actor text))
      WITH ORDINALITY AS i(key, member_id, wallet_kind, kind, amount, reference, actor, ord)
  ), claimed AS (
    INSERT INTO ledger_postings (idempotency_key, request_hash, shape, reference, actor)
    SELECT key, hash, 'single', reference, coalesce(actor, 'system') FROM items ORDER BY ord
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  )
  -- Each claimed key's item looked up in one object (no join of two large sets, whatever the
  -- planner guesses of their sizes).
  , by_key AS (
    SELECT jsonb_object_agg(key, jsonb_build_object('m', member_id, 'w', wallet_kind,
      'k', kind, 'a', amount::text)) AS items
    FROM items
  )
  SELECT json_agg(jsonb_build_object('p', c.id) || (b.items -> c.idempotency_key)),
    count(*)::int
  INTO v_legs, v_posted
  FROM claimed c CROSS JOIN by_key b;

  IF v_posted < v_total AND EXISTS (
    SELECT 1
    FROM json_to_recordset(p_items) AS i(key text, member_id integer, wallet_kind text,
      kind text, amount bigint, reference text, actor text)
    JOIN ledger_postings p ON p.idempotency_key = i.key
    WHERE p.request_hash <> encode(sha256(convert_to(json_build_array('many', p_currency,
        i.reference, i.actor, i.member_id, i.wallet_kind, i.kind, i.amount::text)::text,
        'UTF8')), 'hex')
  ) THEN
    RAISE EXCEPTION 'idempotency_key_reused' USING ERRCODE = 'LDG02';
  END IF;
  IF v_posted = 0 THEN
    RETURN json_build_object('posted', 0, 'replayed', v_total, 'members', '[]'::json);
  END IF;

  -- The wallets, locked in (member, kind) order before any of them changes.
  PERFORM 1 FROM wallets w
  WHERE w.currency = p_currency AND (w.member_id, w.kind) IN (
    SELECT (l->>'m')::integer, l->>'w' FROM json_array_elements(v_legs) AS l)
  ORDER BY w.member_id, w.kind COLLATE "C"
  FOR UPDATE;

  -- Each wallet's entries in order (credits first, then by posting), its chain continued.
  BEGIN
    WITH legs AS (
      SELECT (l->>'p')::bigint AS posting_id, (l->>'m')::integer AS member_id,
        l->>'w' AS wallet_kind, l->>'k' AS kind, (l->>'a')::bigint AS amount
      FROM json_array_elements(v_legs) AS l
    ), chained AS (
      SELECT l.posting_id, l.kind, l.amount, w.id AS wallet_id,
        w.version + row_number() OVER win AS wallet_seq,
        w.balance + sum(l.amount) OVER win AS balance_after
      FROM legs l
      JOIN wallets w ON w.member_id = l.member_id AND w.kind = l.wallet_kind
        AND w.currency = p_currency
      WINDOW win AS (PARTITION BY w.id ORDER BY l.amount > 0 DESC, l.posting_id
        ROWS UNBOUNDED PRECEDING)
    ), entries AS (
      INSERT INTO ledger_entries (posting_id, wallet_id, wallet_seq, kind, amount, balance_after)
      SELECT posting_id, wallet_id, wallet_seq, kind, amount, balance_after
      FROM chained ORDER BY wallet_id, wallet_seq
      RETURNING wallet_id
    ), moved AS (
      UPDATE wallets w SET balance = t.balance_after, version = t.wallet_seq
      FROM (
        SELECT DISTINCT ON (wallet_id) wallet_id, wallet_seq, balance_after
        FROM chained ORDER BY wallet_id, wallet_seq DESC
      ) t
      WHERE w.id = t.wallet_id
      RETURNING w.member_id
    )
    SELECT (SELECT count(*)::int FROM entries),
      (SELECT coalesce(json_agg(DISTINCT member_id), '[]'::json) FROM moved)
    INTO v_entries, v_members;
  EXCEPTION WHEN check_violation THEN
    RAISE EXCEPTION 'insufficient_balance' USING ERRCODE = 'LDG01';
  END;
  IF v_entries <> v_posted THEN
    -- A debit on a wallet that does not exist.
    RAISE EXCEPTION 'insufficient_balance' USING ERRCODE = 'LDG01';
  END IF;
  RETURN json_build_object('posted', v_posted, 'replayed', v_total - v_posted,
    'members', v_members);
END
$$;

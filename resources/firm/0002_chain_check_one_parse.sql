-- The chain check of 0001, the same rules, cheaper per event (issue 25: sync throughput). Profiling
-- a 500-trace batch showed most of the trigger's time in `event_json::jsonb`, which builds a whole
-- binary document only to read two top-level keys. json_to_record reads them in one pass over the
-- text without building the document (measured about half the time of the jsonb cast); nested
-- values are skipped, not kept. Every rule of 0001 is kept, in the same order, with the same
-- messages: the hash, the link to the previous event, the place, the trace it names, the count
-- and the chain head.

CREATE OR REPLACE FUNCTION firm.check_event_chains() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
DECLARE
  bad record;
BEGIN
  WITH ordered AS (
    SELECT a.request_id, a.seq, a.desk, a.event_json, a.prev_hash, a.hash,
           row_number() OVER w - 1 AS place,
           coalesce(lag(a.hash) OVER w, repeat('0', 64)) AS expected_prev,
           count(*) OVER (PARTITION BY a.request_id) AS added,
           max(a.seq) OVER (PARTITION BY a.request_id) AS last_seq
    FROM added a
    WINDOW w AS (PARTITION BY a.request_id ORDER BY a.seq)
  ), problems AS (
    SELECT o.request_id, o.seq,
      CASE
        WHEN t.request_id IS NULL THEN 'its trace is not in the firm store'
        WHEN o.desk <> t.desk THEN 'the event and its trace name different desks'
        WHEN o.seq <> o.place THEN 'events are missing before it'
        WHEN o.prev_hash <> o.expected_prev THEN 'prev_hash is not the previous event''s hash'
        WHEN o.hash <> encode(sha256(convert_to(o.prev_hash || o.event_json, 'UTF8')), 'hex')
          THEN 'its hash is not sha256(prev_hash || event_json)'
        WHEN d."requestId" IS DISTINCT FROM o.request_id
          THEN 'its JSON names another trace'
        WHEN d.seq IS DISTINCT FROM o.seq::text
          THEN 'its JSON names another place in the chain'
        WHEN o.added <> t.event_count THEN 'the trace has a different number of events'
        WHEN o.seq = o.last_seq AND o.hash <> t.chain_head THEN 'the last hash is not the trace''s chain head'
      END AS reason
    FROM ordered o
    -- An event that is not a JSON object fails the cast (invalid JSON) or json_to_record (not an
    -- object): either way the statement, and so the batch, is refused, as with 0001's jsonb cast.
    CROSS JOIN LATERAL json_to_record(o.event_json::json) AS d("requestId" text, seq text)
    LEFT JOIN firm.traces t ON t.request_id = o.request_id
  )
  SELECT * INTO bad FROM problems WHERE reason IS NOT NULL ORDER BY request_id, seq LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'firm: trace % refused at event %: %', bad.request_id, bad.seq, bad.reason
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

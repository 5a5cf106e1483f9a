-- The firm's shared store on PostgreSQL (issue 25), applied by `fiskai firm init` as the firm's
-- administrator, in one transaction with its row in firm.schema_migrations.
--
-- Desks are roles: each desk logs in as its own role, a member of the group role fiskai_desk
-- (`fiskai firm init --desk NAME` creates it). Every shared table names the desk that wrote a
-- row (`desk`, the role's name, filled in by default). Row-level security lets a desk insert
-- rows in its own name only and read every desk's rows. Nothing is ever updated or deleted:
-- triggers refuse it for everyone, the owner included, and desks are granted neither.
-- Each row carries the id of the transaction that wrote it (`tx`): down-sync reads rows in
-- (tx, id) order, only below the oldest transaction still running, so a row committed late
-- under a lower id is never skipped.

CREATE SCHEMA firm;

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fiskai_desk') THEN
    CREATE ROLE fiskai_desk NOLOGIN;
  END IF;
END
$$;

GRANT USAGE ON SCHEMA firm TO fiskai_desk;

CREATE FUNCTION firm.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'firm: % rows are append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

-- One finished trace as its desk stored it: the frozen request, the summary columns the firm's
-- views read, and the chain's head and length (src-main/store/README.md, "The hash chain").
CREATE TABLE firm.traces (
  id bigserial PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  desk text NOT NULL DEFAULT current_user,
  request_id text NOT NULL UNIQUE,
  created_at text NOT NULL,
  question text NOT NULL,
  as_of_date text NOT NULL,
  request_json text NOT NULL,
  client_id text,
  counterfactual_of text,
  locale text,
  pack_id text NOT NULL,
  pack_version text NOT NULL,
  pack_hash text NOT NULL,
  outcome text,
  domain text,
  risk_tier text,
  confidence double precision,
  answer_text text,
  chain_head text NOT NULL CHECK (chain_head ~ '^[0-9a-f]{64}$'),
  event_count integer NOT NULL CHECK (event_count > 0),
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX traces_created_idx ON firm.traces (created_at DESC, id DESC);
CREATE INDEX traces_desk_created_idx ON firm.traces (desk, created_at DESC, id DESC);
CREATE INDEX traces_outcome_created_idx ON firm.traces (outcome, created_at DESC, id DESC);
CREATE INDEX traces_tx_idx ON firm.traces (tx, id);

-- A trace's events, exactly as its desk hashed them.
CREATE TABLE firm.events (
  request_id text NOT NULL,
  seq integer NOT NULL CHECK (seq >= 0),
  desk text NOT NULL DEFAULT current_user,
  event_json text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (request_id, seq)
);

-- The chain check, once per INSERT statement over all the rows it added: every event hashes to
-- its hash as sha256(prev_hash || event_json) (UTF-8, lower-case hex: the formula of
-- src-main/trace/hash-chain.ts), links to the one before it (64 zeros before seq 0), names its
-- trace and place inside its own JSON, and a trace's events arrive whole, in one statement, from
-- seq 0 to the trace's chain head after event_count events. A forged or altered event fails here.
-- (Events added later to a stored trace fail too: their first seq is not 0, or it is taken.)
-- Window functions over the statement's rows only: no per-row lookups, one pass, in memory, and
-- each event's JSON parsed once.
CREATE FUNCTION firm.check_event_chains() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
DECLARE
  bad record;
BEGIN
  WITH ordered AS (
    SELECT a.request_id, a.seq, a.desk, a.event_json, a.prev_hash, a.hash,
           a.event_json::jsonb AS doc,
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
        WHEN (o.doc ->> 'requestId') IS DISTINCT FROM o.request_id
          THEN 'its JSON names another trace'
        WHEN (o.doc ->> 'seq') IS DISTINCT FROM o.seq::text
          THEN 'its JSON names another place in the chain'
        WHEN o.added <> t.event_count THEN 'the trace has a different number of events'
        WHEN o.seq = o.last_seq AND o.hash <> t.chain_head THEN 'the last hash is not the trace''s chain head'
      END AS reason
    FROM ordered o
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

CREATE TRIGGER events_chain_checked AFTER INSERT ON firm.events
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION firm.check_event_chains();

-- A trace row must have its events by the end of its transaction (the statement check above
-- proved they are its chain).
CREATE FUNCTION firm.check_trace_has_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM firm.events e WHERE e.request_id = NEW.request_id) <> NEW.event_count THEN
    RAISE EXCEPTION 'firm: trace % refused: it arrived without its % events', NEW.request_id, NEW.event_count
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER traces_have_events AFTER INSERT ON firm.traces
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION firm.check_trace_has_events();

-- A flag raised on an answer, as raised; its decision is a review (below).
CREATE TABLE firm.flags (
  id bigserial PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  desk text NOT NULL DEFAULT current_user,
  flag_id text NOT NULL UNIQUE,
  run_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('wrong', 'unclear')),
  note text NOT NULL,
  created_at text NOT NULL
);
CREATE INDEX flags_tx_idx ON firm.flags (tx, id);

-- One decision per flag.
CREATE TABLE firm.reviews (
  id bigserial PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  desk text NOT NULL DEFAULT current_user,
  flag_id text NOT NULL UNIQUE,
  decision text NOT NULL CHECK (decision IN ('confirmed', 'rejected')),
  decided_at text NOT NULL,
  note text NOT NULL
);
CREATE INDEX reviews_tx_idx ON firm.reviews (tx, id);

-- A saved what-if scenario, as saved (what it compared is frozen at the desk too).
CREATE TABLE firm.scenarios (
  id bigserial PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  desk text NOT NULL DEFAULT current_user,
  scenario_id text NOT NULL UNIQUE,
  name text NOT NULL,
  base_request_id text NOT NULL,
  result_request_id text NOT NULL,
  changes_json text NOT NULL,
  diff_json text NOT NULL,
  created_at text NOT NULL
);

-- A published pack version with its content. The unique key is the point: the same version
-- published at two desks is refused by the database, whichever commits second.
CREATE TABLE firm.pack_versions (
  id bigserial PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  desk text NOT NULL DEFAULT current_user,
  pack_id text NOT NULL,
  version text NOT NULL,
  content_hash text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  published_at text NOT NULL,
  publisher_name text NOT NULL,
  canonical_json text NOT NULL,
  CONSTRAINT pack_versions_one_publisher UNIQUE (pack_id, version)
);
CREATE INDEX pack_versions_tx_idx ON firm.pack_versions (tx, id);

-- Append-only for everyone, and row-level security on every shared table (the desks' roles; the
-- owner, the firm's administrator, reads everything for exports and is stopped by the triggers).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['traces', 'events', 'flags', 'reviews', 'scenarios', 'pack_versions'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON firm.%I FOR EACH ROW EXECUTE FUNCTION firm.refuse_change()', t || '_append_only', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON firm.%I FOR EACH STATEMENT EXECUTE FUNCTION firm.refuse_change()', t || '_not_truncated', t);
    EXECUTE format('ALTER TABLE firm.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON firm.%I FOR SELECT TO fiskai_desk USING (true)', t || '_firm_reads', t);
    EXECUTE format('CREATE POLICY %I ON firm.%I FOR INSERT TO fiskai_desk WITH CHECK (desk = current_user)', t || '_desk_inserts_own', t);
    EXECUTE format('GRANT SELECT, INSERT ON firm.%I TO fiskai_desk', t);
  END LOOP;
END
$$;

GRANT USAGE ON ALL SEQUENCES IN SCHEMA firm TO fiskai_desk;

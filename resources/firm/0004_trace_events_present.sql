-- The check that a trace arrived with its events (0001's check_trace_has_events, deferred to the
-- commit, once per trace), cheaper and as strong (issue 25: sync throughput). It counted the
-- trace's events; it now looks up its last one, one index probe. The same thing is proved: a
-- trace's events can only be stored by a statement whose chain check (check_event_chains) proved
-- them to be all of them, seq 0 to event_count - 1, ending at the chain head; a statement that
-- adds some later fails (its first seq must be 0, which is taken, or is not 0), and stored events
-- are never changed or deleted. So the last event is there exactly when all of them are.
-- Measured on 3,000 traces, old and new alternated three times: server CPU 336 -> 320 ms per
-- 1,000 traces (load 10).

CREATE OR REPLACE FUNCTION firm.check_trace_has_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM firm.events e WHERE e.request_id = NEW.request_id AND e.seq = NEW.event_count - 1) THEN
    RAISE EXCEPTION 'firm: trace % refused: it arrived without its % events', NEW.request_id, NEW.event_count
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

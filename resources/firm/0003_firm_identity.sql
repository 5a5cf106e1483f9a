-- The firm's identity (issue 25): one id, made once when the schema is set up, that a desk keeps
-- its marks of what went up and its down-sync positions under. A desk unlinked from one firm and
-- linked to another sees another id and sends everything again; a firm's server restored from a
-- backup keeps its id (it is the same firm), and the desk finds what the server lost by counting
-- (src-main/firm/reconcile.ts). Like every firm table, it is never changed.

CREATE TABLE firm.identity (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  firm_id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO firm.identity DEFAULT VALUES;

CREATE TRIGGER identity_append_only BEFORE UPDATE OR DELETE ON firm.identity
  FOR EACH ROW EXECUTE FUNCTION firm.refuse_change();
CREATE TRIGGER identity_not_truncated BEFORE TRUNCATE ON firm.identity
  FOR EACH STATEMENT EXECUTE FUNCTION firm.refuse_change();

GRANT SELECT ON firm.identity TO fiskai_desk;

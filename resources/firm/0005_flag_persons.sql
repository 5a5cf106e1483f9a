-- Who raised a flag and who decided it (issue 25), carried with the flag and its review as the
-- desk recorded them (desk migration 0017): the local profile's id and its name at the time, so
-- another desk shows the person as the raising desk does. Nullable: a flag raised with no profile
-- chosen names nobody, and desks with an older app insert rows without these columns, as before.
-- Adding a nullable column rewrites no row, so the append-only triggers are not involved.

ALTER TABLE firm.flags ADD COLUMN raised_by text, ADD COLUMN raised_by_name text;
ALTER TABLE firm.reviews ADD COLUMN decided_by text, ADD COLUMN decided_by_name text;

ALTER TABLE `flags` ADD `raised_by` text REFERENCES profiles(id);--> statement-breakpoint
ALTER TABLE `flags` ADD `decided_by` text REFERENCES profiles(id);--> statement-breakpoint
-- Above, as drizzle-kit writes it from schema-flags.ts. Below, by hand (drizzle-kit cannot express
-- triggers): who raised a flag is recorded when it is raised and never changes; who decided it,
-- only as part of deciding it (0009's flags_frozen already keeps a decided flag, its decider
-- included, as it was decided). Flags raised before this migration name nobody (NULL).
CREATE TRIGGER `flags_decider_not_at_report` BEFORE INSERT ON `flags`
WHEN NEW.`decided_by` IS NOT NULL
BEGIN
	SELECT RAISE(ABORT, 'a flag records who decided it when it is decided, not when it is reported: INSERT rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `flags_raiser_kept` BEFORE UPDATE ON `flags`
WHEN OLD.`raised_by` IS NOT NEW.`raised_by`
	OR (NEW.`decided_by` IS NOT NULL AND NEW.`status` = 'open')
BEGIN
	SELECT RAISE(ABORT, 'a flag keeps who raised it, and names who decided it only with a decision: UPDATE rejected');
END;

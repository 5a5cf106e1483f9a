-- The desk's side of the firm connection (issue 25, src-main/firm/). Written by hand.
-- firm_link: the one firm this desk syncs with. The URL is kept without its password (that goes
-- to the OS keychain later; until then PGPASSWORD or ~/.pgpass supply it).
CREATE TABLE `firm_link` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`url` text NOT NULL,
	`last_sync_at` text,
	`last_error` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
-- What went up: one row per item the firm has (or refused as a conflict). Up-sync resumes from
-- what is not here; the digest is what was sent (a trace's chain head), so a changed item shows.
CREATE TABLE `firm_sent` (
	`kind` text NOT NULL CHECK (`kind` IN ('trace', 'flag', 'review', 'scenario', 'pack')),
	`item_id` text NOT NULL,
	`digest` text NOT NULL,
	`outcome` text NOT NULL CHECK (`outcome` IN ('sent', 'conflict')),
	`sent_at` text NOT NULL,
	PRIMARY KEY (`kind`, `item_id`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Down-sync positions, one per server table: the server row's (transaction id, id) last taken.
CREATE TABLE `firm_cursor` (
	`source` text PRIMARY KEY NOT NULL,
	`tx` text NOT NULL,
	`row_id` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
-- Other desks' work, read-only here (triggers below): traces with their events, flags, reviews,
-- published pack versions. Each row names the desk it came from.
CREATE TABLE `firm_traces` (
	`request_id` text PRIMARY KEY NOT NULL,
	`desk` text NOT NULL,
	`created_at` text NOT NULL,
	`question` text NOT NULL,
	`as_of_date` text NOT NULL,
	`locale` text,
	`outcome` text,
	`domain` text,
	`risk_tier` text,
	`confidence` real,
	`answer_text` text,
	`pack_id` text NOT NULL,
	`pack_version` text NOT NULL,
	`pack_hash` text NOT NULL,
	`chain_head` text NOT NULL,
	`event_count` integer NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `firm_traces_created_idx` ON `firm_traces` (`created_at`);
--> statement-breakpoint
CREATE TABLE `firm_events` (
	`request_id` text NOT NULL,
	`seq` integer NOT NULL,
	`event_json` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY (`request_id`, `seq`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `firm_flags` (
	`flag_id` text PRIMARY KEY NOT NULL,
	`desk` text NOT NULL,
	`run_id` text NOT NULL,
	`kind` text NOT NULL,
	`note` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `firm_reviews` (
	`flag_id` text PRIMARY KEY NOT NULL,
	`desk` text NOT NULL,
	`decision` text NOT NULL,
	`decided_at` text NOT NULL,
	`note` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `firm_pack_versions` (
	`pack_id` text NOT NULL,
	`version` text NOT NULL,
	`desk` text NOT NULL,
	`content_hash` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	`published_at` text NOT NULL,
	`publisher_name` text NOT NULL,
	`canonical_json` text NOT NULL,
	PRIMARY KEY (`pack_id`, `version`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `firm_traces_read_only` BEFORE UPDATE ON `firm_traces`
BEGIN
	SELECT RAISE(ABORT, 'a trace from the firm is read-only: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `firm_traces_kept` BEFORE DELETE ON `firm_traces`
BEGIN
	SELECT RAISE(ABORT, 'a trace from the firm is read-only: DELETE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `firm_events_read_only` BEFORE UPDATE ON `firm_events`
BEGIN
	SELECT RAISE(ABORT, 'an event from the firm is read-only: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `firm_events_kept` BEFORE DELETE ON `firm_events`
BEGIN
	SELECT RAISE(ABORT, 'an event from the firm is read-only: DELETE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `firm_pack_versions_read_only` BEFORE UPDATE ON `firm_pack_versions`
BEGIN
	SELECT RAISE(ABORT, 'a pack version from the firm is read-only: UPDATE rejected');
END;

-- Custom migration (drizzle-kit cannot express triggers or FTS5).
-- Append-only events, frozen trace context, sealed complete traces, audited purge, FTS5 index.
-- Rows of events and traces may be deleted only by an audited purge: the purge first records the
-- trace in purged_traces, in the same transaction, and these triggers check for that record.
CREATE TRIGGER `events_no_update` BEFORE UPDATE ON `events`
BEGIN
	SELECT RAISE(ABORT, 'events are append-only: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `events_no_delete` BEFORE DELETE ON `events`
WHEN NOT EXISTS (SELECT 1 FROM `purged_traces` WHERE `request_id` = OLD.`request_id`)
BEGIN
	SELECT RAISE(ABORT, 'events are append-only: DELETE rejected outside an audited purge');
END;
--> statement-breakpoint
CREATE TRIGGER `traces_frozen_context` BEFORE UPDATE ON `traces`
WHEN OLD.`id` IS NOT NEW.`id`
	OR OLD.`request_id` IS NOT NEW.`request_id`
	OR OLD.`created_at` IS NOT NEW.`created_at`
	OR OLD.`question` IS NOT NEW.`question`
	OR OLD.`as_of_date` IS NOT NEW.`as_of_date`
	OR OLD.`request_json` IS NOT NEW.`request_json`
	OR OLD.`client_id` IS NOT NEW.`client_id`
	OR OLD.`pack_id` IS NOT NEW.`pack_id`
	OR OLD.`pack_version` IS NOT NEW.`pack_version`
	OR OLD.`pack_hash` IS NOT NEW.`pack_hash`
	OR OLD.`counterfactual_of` IS NOT NEW.`counterfactual_of`
	OR (OLD.`locale` IS NOT NULL AND OLD.`locale` IS NOT NEW.`locale`)
	OR (OLD.`user_context_snapshot` IS NOT NULL AND OLD.`user_context_snapshot` IS NOT NEW.`user_context_snapshot`)
	OR (OLD.`evaluation_context` IS NOT NULL AND OLD.`evaluation_context` IS NOT NEW.`evaluation_context`)
BEGIN
	SELECT RAISE(ABORT, 'the frozen context of a trace cannot change');
END;
--> statement-breakpoint
CREATE TRIGGER `traces_sealed_when_complete` BEFORE UPDATE ON `traces`
WHEN OLD.`status` = 'complete'
BEGIN
	SELECT RAISE(ABORT, 'a complete trace is sealed: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `traces_no_delete` BEFORE DELETE ON `traces`
WHEN NOT EXISTS (SELECT 1 FROM `purged_traces` WHERE `request_id` = OLD.`request_id`)
BEGIN
	SELECT RAISE(ABORT, 'traces are kept: DELETE rejected outside an audited purge');
END;
--> statement-breakpoint
CREATE TRIGGER `rule_pack_snapshots_no_update` BEFORE UPDATE ON `rule_pack_snapshots`
BEGIN
	SELECT RAISE(ABORT, 'rule pack snapshots are immutable: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `rule_pack_snapshots_no_delete` BEFORE DELETE ON `rule_pack_snapshots`
BEGIN
	SELECT RAISE(ABORT, 'rule pack snapshots are immutable: DELETE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `purge_audit_no_update` BEFORE UPDATE ON `purge_audit`
BEGIN
	SELECT RAISE(ABORT, 'the purge audit is append-only: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `purge_audit_no_delete` BEFORE DELETE ON `purge_audit`
BEGIN
	SELECT RAISE(ABORT, 'the purge audit is append-only: DELETE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `purged_traces_no_update` BEFORE UPDATE ON `purged_traces`
BEGIN
	SELECT RAISE(ABORT, 'the purge audit is append-only: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `purged_traces_no_delete` BEFORE DELETE ON `purged_traces`
BEGIN
	SELECT RAISE(ABORT, 'the purge audit is append-only: DELETE rejected');
END;
--> statement-breakpoint
-- Full-text search over question and answer; diacritics folded so "porez" finds "porez" and
-- "placa" finds "plaća". External content: the text lives once, in traces.
CREATE VIRTUAL TABLE `traces_fts` USING fts5(
	`question`,
	`answer_text`,
	content = 'traces',
	content_rowid = 'id',
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `traces_fts_after_insert` AFTER INSERT ON `traces`
BEGIN
	INSERT INTO `traces_fts` (rowid, `question`, `answer_text`) VALUES (NEW.`id`, NEW.`question`, NEW.`answer_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `traces_fts_after_delete` AFTER DELETE ON `traces`
BEGIN
	INSERT INTO `traces_fts` (`traces_fts`, rowid, `question`, `answer_text`) VALUES ('delete', OLD.`id`, OLD.`question`, OLD.`answer_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `traces_fts_after_update` AFTER UPDATE OF `answer_text` ON `traces`
BEGIN
	INSERT INTO `traces_fts` (`traces_fts`, rowid, `question`, `answer_text`) VALUES ('delete', OLD.`id`, OLD.`question`, OLD.`answer_text`);
	INSERT INTO `traces_fts` (rowid, `question`, `answer_text`) VALUES (NEW.`id`, NEW.`question`, NEW.`answer_text`);
END;
--> statement-breakpoint
-- Index traces written before this migration (an upgrade from schema 1).
INSERT INTO `traces_fts` (`traces_fts`) VALUES ('rebuild');

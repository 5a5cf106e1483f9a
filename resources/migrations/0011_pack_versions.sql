CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`display_name` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pack_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pack_id` text NOT NULL,
	`version` text NOT NULL,
	`content_hash` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	`published_at` text NOT NULL,
	`origin` text NOT NULL,
	`published_by` text,
	`publisher_name` text NOT NULL,
	`signer_public_key` text,
	`signer_fingerprint` text,
	`signature` text,
	FOREIGN KEY (`content_hash`) REFERENCES `rule_pack_snapshots`(`hash`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`published_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "pack_versions_origin" CHECK("pack_versions"."origin" IN ('bundled', 'local', 'imported')),
	CONSTRAINT "pack_versions_signed" CHECK(("pack_versions"."origin" = 'imported') = ("pack_versions"."signer_public_key" IS NOT NULL AND "pack_versions"."signer_fingerprint" IS NOT NULL AND "pack_versions"."signature" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pack_versions_version_idx` ON `pack_versions` (`pack_id`,`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `pack_versions_content_idx` ON `pack_versions` (`pack_id`,`content_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `pack_versions_hash_idx` ON `pack_versions` (`hash`);--> statement-breakpoint
CREATE TABLE `rule_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`pack_id` text NOT NULL,
	`rule_id` text NOT NULL,
	`kind` text NOT NULL,
	`rule_json` text,
	`evidence_json` text DEFAULT '[]' NOT NULL,
	`base_version_id` integer NOT NULL,
	`author_id` text NOT NULL,
	`note` text NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`approved_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`published_version_id` integer,
	`superseded_by` text,
	FOREIGN KEY (`base_version_id`) REFERENCES `pack_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`published_version_id`) REFERENCES `pack_versions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "rule_changes_kind" CHECK("rule_changes"."kind" IN ('add', 'edit', 'retire')),
	CONSTRAINT "rule_changes_status" CHECK("rule_changes"."status" IN ('DRAFT', 'IN_REVIEW', 'PUBLISHED', 'RETIRED')),
	CONSTRAINT "rule_changes_body" CHECK(("rule_changes"."kind" = 'retire') = ("rule_changes"."rule_json" IS NULL)),
	CONSTRAINT "rule_changes_four_eyes" CHECK("rule_changes"."approved_by" IS NULL OR "rule_changes"."approved_by" <> "rule_changes"."author_id"),
	CONSTRAINT "rule_changes_published" CHECK(("rule_changes"."status" IN ('PUBLISHED', 'RETIRED')) = ("rule_changes"."published_version_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `rule_changes_status_idx` ON `rule_changes` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `rule_changes_rule_idx` ON `rule_changes` (`pack_id`,`rule_id`,`status`);--> statement-breakpoint
CREATE TABLE `rule_change_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`change_id` text NOT NULL,
	`action` text NOT NULL,
	`profile_id` text NOT NULL,
	`at` text NOT NULL,
	`detail_json` text NOT NULL,
	FOREIGN KEY (`change_id`) REFERENCES `rule_changes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rule_change_audit_change_idx` ON `rule_change_audit` (`change_id`,`id`);--> statement-breakpoint
-- Above, in drizzle-kit's form (src-main/store/schema-packs.ts). Below, by hand (drizzle-kit cannot
-- express triggers). A published pack version is append-only, and each new row must continue its
-- pack's chain (prev_hash = the last row's hash, 64 zeros for the first). A rule change keeps its
-- identity and author; its rule and note change only while it is a draft; its status moves only
-- as the status machine allows (src-main/packs/status-machine.ts); retired is final. The audit is
-- append-only. Profiles are never deleted (the audit names them).
CREATE TRIGGER `pack_versions_no_update` BEFORE UPDATE ON `pack_versions`
BEGIN
	SELECT RAISE(ABORT, 'a published pack version is immutable: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `pack_versions_no_delete` BEFORE DELETE ON `pack_versions`
BEGIN
	SELECT RAISE(ABORT, 'a published pack version is kept: DELETE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `pack_versions_chain` BEFORE INSERT ON `pack_versions`
WHEN NEW.`prev_hash` IS NOT COALESCE(
	(SELECT `hash` FROM `pack_versions` WHERE `pack_id` = NEW.`pack_id` ORDER BY `id` DESC LIMIT 1),
	'0000000000000000000000000000000000000000000000000000000000000000')
BEGIN
	SELECT RAISE(ABORT, 'a pack version must continue its pack''s chain: INSERT rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_no_delete` BEFORE DELETE ON `profiles`
BEGIN
	SELECT RAISE(ABORT, 'profiles are kept (the audit names them): DELETE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_frozen` BEFORE UPDATE ON `profiles`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
	SELECT RAISE(ABORT, 'a profile keeps its id and creation time: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `rule_changes_no_delete` BEFORE DELETE ON `rule_changes`
BEGIN
	SELECT RAISE(ABORT, 'rule changes are kept: DELETE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `rule_changes_identity` BEFORE UPDATE ON `rule_changes`
WHEN OLD.`id` IS NOT NEW.`id`
	OR OLD.`pack_id` IS NOT NEW.`pack_id`
	OR OLD.`rule_id` IS NOT NEW.`rule_id`
	OR OLD.`kind` IS NOT NEW.`kind`
	OR OLD.`base_version_id` IS NOT NEW.`base_version_id`
	OR OLD.`author_id` IS NOT NEW.`author_id`
	OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
	SELECT RAISE(ABORT, 'a rule change keeps its rule, kind, base and author: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `rule_changes_draft_only_edits` BEFORE UPDATE ON `rule_changes`
WHEN (OLD.`rule_json` IS NOT NEW.`rule_json` OR OLD.`evidence_json` IS NOT NEW.`evidence_json` OR OLD.`note` IS NOT NEW.`note`)
	AND NOT (OLD.`status` = 'DRAFT' AND NEW.`status` = 'DRAFT')
BEGIN
	SELECT RAISE(ABORT, 'only a draft can be edited: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `rule_changes_moves` BEFORE UPDATE ON `rule_changes`
WHEN OLD.`status` = 'RETIRED'
	OR NOT ((OLD.`status`, NEW.`status`) IN (VALUES
		('DRAFT', 'DRAFT'), ('DRAFT', 'IN_REVIEW'), ('IN_REVIEW', 'IN_REVIEW'), ('IN_REVIEW', 'DRAFT'),
		('IN_REVIEW', 'PUBLISHED'), ('PUBLISHED', 'RETIRED')))
	OR (NEW.`status` = 'PUBLISHED' AND NEW.`approved_by` IS NULL)
	OR (NEW.`status` = 'DRAFT' AND NEW.`approved_by` IS NOT NULL)
	OR (OLD.`status` = 'PUBLISHED' AND (OLD.`approved_by` IS NOT NEW.`approved_by` OR OLD.`published_version_id` IS NOT NEW.`published_version_id`))
	OR (OLD.`superseded_by` IS NOT NEW.`superseded_by` AND NOT (OLD.`status` = 'PUBLISHED' AND NEW.`status` = 'RETIRED'))
BEGIN
	SELECT RAISE(ABORT, 'rule change status: DRAFT -> IN_REVIEW -> PUBLISHED (approved) -> RETIRED, retired is final: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `rule_change_audit_no_update` BEFORE UPDATE ON `rule_change_audit`
BEGIN
	SELECT RAISE(ABORT, 'the rule change audit is append-only: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `rule_change_audit_no_delete` BEFORE DELETE ON `rule_change_audit`
BEGIN
	SELECT RAISE(ABORT, 'the rule change audit is append-only: DELETE rejected');
END;

CREATE TABLE `clients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`oib` text,
	`context_json` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `clients_name_idx` ON `clients` (`name`);--> statement-breakpoint
CREATE TABLE `events` (
	`request_id` text NOT NULL,
	`seq` integer NOT NULL,
	`stage` text NOT NULL,
	`status` text NOT NULL,
	`ts` text NOT NULL,
	`event_json` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`request_id`, `seq`),
	FOREIGN KEY (`request_id`) REFERENCES `traces`(`request_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `purge_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purged_at` text NOT NULL,
	`older_than` text NOT NULL,
	`trace_count` integer NOT NULL,
	`event_count` integer NOT NULL,
	`kept_count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `purged_traces` (
	`purge_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`created_at` text NOT NULL,
	`outcome` text,
	`chain_head` text,
	`event_count` integer NOT NULL,
	PRIMARY KEY(`purge_id`, `request_id`),
	FOREIGN KEY (`purge_id`) REFERENCES `purge_audit`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `purged_traces_request_idx` ON `purged_traces` (`request_id`);--> statement-breakpoint
CREATE TABLE `rule_pack_snapshots` (
	`hash` text PRIMARY KEY NOT NULL,
	`pack_id` text NOT NULL,
	`version` text NOT NULL,
	`canonical_json` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value_json` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `traces` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`question` text NOT NULL,
	`as_of_date` text NOT NULL,
	`request_json` text NOT NULL,
	`client_id` text,
	`pack_id` text NOT NULL,
	`pack_version` text NOT NULL,
	`pack_hash` text NOT NULL,
	`counterfactual_of` text,
	`locale` text,
	`user_context_snapshot` text,
	`evaluation_context` text,
	`status` text NOT NULL,
	`owner` text,
	`outcome` text,
	`domain` text,
	`risk_tier` text,
	`confidence` real,
	`source_count` integer,
	`eligible_rule_count` integer,
	`exclusion_count` integer,
	`conflict_count` integer,
	`refusal_reason` text,
	`error_code` text,
	`duration_ms` real,
	`ttfus_ms` real,
	`answer_text` text,
	`chain_head` text,
	`event_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`pack_hash`) REFERENCES `rule_pack_snapshots`(`hash`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`counterfactual_of`) REFERENCES `traces`(`request_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `traces_request_id_unique` ON `traces` (`request_id`);--> statement-breakpoint
CREATE INDEX `traces_created_idx` ON `traces` (`created_at`);--> statement-breakpoint
CREATE INDEX `traces_outcome_idx` ON `traces` (`outcome`,`created_at`);--> statement-breakpoint
CREATE INDEX `traces_risk_tier_idx` ON `traces` (`risk_tier`,`created_at`);--> statement-breakpoint
CREATE INDEX `traces_domain_idx` ON `traces` (`domain`,`created_at`);--> statement-breakpoint
CREATE INDEX `traces_client_idx` ON `traces` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `traces_status_idx` ON `traces` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `traces_counterfactual_idx` ON `traces` (`counterfactual_of`);--> statement-breakpoint
CREATE INDEX `traces_ttfus_idx` ON `traces` (`ttfus_ms`);
CREATE TABLE `scenario_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scenario_id` text NOT NULL,
	`action` text NOT NULL,
	`at` text NOT NULL,
	`detail_json` text NOT NULL,
	FOREIGN KEY (`scenario_id`) REFERENCES `scenarios`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `scenario_audit_scenario_idx` ON `scenario_audit` (`scenario_id`,`id`);--> statement-breakpoint
CREATE TABLE `scenario_rechecks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scenario_id` text NOT NULL,
	`base_request_id` text NOT NULL,
	`result_request_id` text NOT NULL,
	`pack_version` text NOT NULL,
	`pack_hash` text NOT NULL,
	`pack_changed` integer NOT NULL,
	`diff_json` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`scenario_id`) REFERENCES `scenarios`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`base_request_id`) REFERENCES `traces`(`request_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`result_request_id`) REFERENCES `traces`(`request_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `scenario_rechecks_scenario_idx` ON `scenario_rechecks` (`scenario_id`,`id`);--> statement-breakpoint
CREATE TABLE `scenarios` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`client_id` text,
	`base_request_id` text NOT NULL,
	`result_request_id` text NOT NULL,
	`changes_json` text NOT NULL,
	`diff_json` text NOT NULL,
	`base_outcome` text,
	`result_outcome` text,
	`duplicated_from` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`base_request_id`) REFERENCES `traces`(`request_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`result_request_id`) REFERENCES `traces`(`request_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `scenarios_created_idx` ON `scenarios` (`created_at`);--> statement-breakpoint
CREATE INDEX `scenarios_client_idx` ON `scenarios` (`client_id`,`created_at`);
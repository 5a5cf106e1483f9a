-- Marks and positions per firm (issue 25, src-main/firm/). Written by hand.
-- A desk unlinked from one firm and linked to another must send everything again to the new one,
-- and read the new one's history from its start: what went up (firm_sent) and where down-sync
-- stands (firm_cursor) are now kept per firm, under the id the firm's server states
-- (firm.identity, its migration 0003). Rows from before are kept under the firm id '' and taken
-- over by the first firm this desk syncs with (the one it was linked to).
CREATE TABLE `firm_sent_per_firm` (
	`firm_id` text NOT NULL,
	`kind` text NOT NULL CHECK (`kind` IN ('trace', 'flag', 'review', 'scenario', 'pack')),
	`item_id` text NOT NULL,
	`digest` text NOT NULL,
	`outcome` text NOT NULL CHECK (`outcome` IN ('sent', 'conflict')),
	`sent_at` text NOT NULL,
	PRIMARY KEY (`firm_id`, `kind`, `item_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `firm_sent_per_firm` (`firm_id`, `kind`, `item_id`, `digest`, `outcome`, `sent_at`)
	SELECT '', `kind`, `item_id`, `digest`, `outcome`, `sent_at` FROM `firm_sent`;
--> statement-breakpoint
DROP TABLE `firm_sent`;
--> statement-breakpoint
ALTER TABLE `firm_sent_per_firm` RENAME TO `firm_sent`;
--> statement-breakpoint
CREATE TABLE `firm_cursor_per_firm` (
	`firm_id` text NOT NULL,
	`source` text NOT NULL,
	`tx` text NOT NULL,
	`row_id` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY (`firm_id`, `source`)
);
--> statement-breakpoint
INSERT INTO `firm_cursor_per_firm` (`firm_id`, `source`, `tx`, `row_id`, `updated_at`)
	SELECT '', `source`, `tx`, `row_id`, `updated_at` FROM `firm_cursor`;
--> statement-breakpoint
DROP TABLE `firm_cursor`;
--> statement-breakpoint
ALTER TABLE `firm_cursor_per_firm` RENAME TO `firm_cursor`;
--> statement-breakpoint
-- The firms this desk has synced with; the one synced with last is the one `waiting` counts against.
CREATE TABLE `firm_seen` (
	`firm_id` text PRIMARY KEY NOT NULL,
	`first_sync_at` text NOT NULL,
	`last_sync_at` text NOT NULL
);

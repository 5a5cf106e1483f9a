-- Firm sync, what the desk keeps of where things came from (issue 25). Written by hand.
-- Who raised and who decided another desk's flag, as it came down (the firm's schema 0005): the
-- raising desk's profile id and name. Null for flags that name nobody, or that went up from an
-- app that did not send them.
ALTER TABLE `firm_flags` ADD `raised_by` text;
--> statement-breakpoint
ALTER TABLE `firm_flags` ADD `raised_by_name` text;
--> statement-breakpoint
ALTER TABLE `firm_reviews` ADD `decided_by` text;
--> statement-breakpoint
ALTER TABLE `firm_reviews` ADD `decided_by_name` text;
--> statement-breakpoint
-- A pack version put into force here from the firm names the desk that published it (its
-- `origin` stays 'local', which its chain hash covers: the version went through this desk's own
-- publication path). Null for every other version. pack_versions_no_update keeps it as written.
ALTER TABLE `pack_versions` ADD `origin_desk` text;
--> statement-breakpoint
-- Which incarnation of the firm's server this desk last synced with (src-main/firm/server-epoch.ts):
-- the same firm id restored into another cluster or database, or to an earlier point, shows a
-- different one, and the desk then checks every mark and reads the firm's history from the start.
ALTER TABLE `firm_seen` ADD `server_epoch` text;

CREATE TABLE `documents` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`client_id` text,
	`sha256` text NOT NULL,
	`title` text NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`page_count` integer,
	`added_at` text NOT NULL,
	`invoice_number` text,
	`metadata_json` text,
	`text` text NOT NULL,
	CONSTRAINT "documents_kind" CHECK("documents"."kind" IN ('pdf', 'xml', 'csv', 'text')),
	CONSTRAINT "documents_sha256" CHECK(length("documents"."sha256") = 64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_id_idx` ON `documents` (`id`);--> statement-breakpoint
CREATE INDEX `documents_client_idx` ON `documents` (`client_id`,`added_at`);--> statement-breakpoint
CREATE INDEX `documents_sha_idx` ON `documents` (`sha256`);--> statement-breakpoint
-- Above, as drizzle-kit writes schema-documents.ts. Below, by hand. The same bytes once per client
-- (NULL, the firm's own documents, counts as one client: a plain UNIQUE would let NULLs repeat);
-- drizzle-kit cannot write an index on an expression, so this one is here.
CREATE UNIQUE INDEX `documents_client_sha_idx` ON `documents` (ifnull(`client_id`, ''), `sha256`);--> statement-breakpoint
-- What identifies a document never changes: its id, key, client, bytes, size and when it came.
-- Its title, invoice number, metadata and text may (a later reader fills the number in).
CREATE TRIGGER `documents_frozen` BEFORE UPDATE ON `documents`
WHEN OLD.`seq` IS NOT NEW.`seq`
	OR OLD.`id` IS NOT NEW.`id`
	OR OLD.`client_id` IS NOT NEW.`client_id`
	OR OLD.`sha256` IS NOT NEW.`sha256`
	OR OLD.`size_bytes` IS NOT NEW.`size_bytes`
	OR OLD.`added_at` IS NOT NEW.`added_at`
BEGIN
	SELECT RAISE(ABORT, 'a document keeps its id, client, bytes and time of adding: UPDATE rejected');
END;
--> statement-breakpoint
-- The search indexes read the documents through this view. SQLite's unicode61 and trigram
-- tokenizers fold č, ć, š, ž to c, s, z (remove_diacritics) but not đ, which has no decomposition;
-- Croatian typed without diacritics writes it d ("Dakovo"), so the view folds đ/Đ to d/D first.
-- The view is the indexes' external content: the text is stored once, in `documents`.
CREATE VIEW `documents_search_source` AS
SELECT `seq`,
	replace(replace(`title`, 'đ', 'd'), 'Đ', 'D') AS `title`,
	replace(replace(ifnull(`invoice_number`, ''), 'đ', 'd'), 'Đ', 'D') AS `invoice_number`,
	replace(replace(`text`, 'đ', 'd'), 'Đ', 'D') AS `text`
FROM `documents`;
--> statement-breakpoint
-- Full text: words match by their beginning (prefix indexes for 2 to 4 characters), diacritics folded.
CREATE VIRTUAL TABLE `documents_fts` USING fts5(
	`title`, `invoice_number`, `text`,
	content='documents_search_source', content_rowid='seq',
	tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
);
--> statement-breakpoint
-- @-mention completion: any three characters of a title or an invoice number, anywhere in it
-- ("2025-0" finds "R-2025-017"), diacritics folded; documents-repo.ts ranks what it finds.
CREATE VIRTUAL TABLE `documents_names` USING fts5(
	`title`, `invoice_number`,
	content='documents_search_source', content_rowid='seq',
	tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
CREATE TRIGGER `documents_index_insert` AFTER INSERT ON `documents`
BEGIN
	INSERT INTO `documents_fts` (rowid, `title`, `invoice_number`, `text`)
		SELECT `seq`, `title`, `invoice_number`, `text` FROM `documents_search_source` WHERE `seq` = NEW.`seq`;
	INSERT INTO `documents_names` (rowid, `title`, `invoice_number`)
		SELECT `seq`, `title`, `invoice_number` FROM `documents_search_source` WHERE `seq` = NEW.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `documents_index_delete` AFTER DELETE ON `documents`
BEGIN
	INSERT INTO `documents_fts` (`documents_fts`, rowid, `title`, `invoice_number`, `text`) VALUES ('delete', OLD.`seq`,
		replace(replace(OLD.`title`, 'đ', 'd'), 'Đ', 'D'),
		replace(replace(ifnull(OLD.`invoice_number`, ''), 'đ', 'd'), 'Đ', 'D'),
		replace(replace(OLD.`text`, 'đ', 'd'), 'Đ', 'D'));
	INSERT INTO `documents_names` (`documents_names`, rowid, `title`, `invoice_number`) VALUES ('delete', OLD.`seq`,
		replace(replace(OLD.`title`, 'đ', 'd'), 'Đ', 'D'),
		replace(replace(ifnull(OLD.`invoice_number`, ''), 'đ', 'd'), 'Đ', 'D'));
END;
--> statement-breakpoint
CREATE TRIGGER `documents_index_update` AFTER UPDATE OF `title`, `invoice_number`, `text` ON `documents`
BEGIN
	INSERT INTO `documents_fts` (`documents_fts`, rowid, `title`, `invoice_number`, `text`) VALUES ('delete', OLD.`seq`,
		replace(replace(OLD.`title`, 'đ', 'd'), 'Đ', 'D'),
		replace(replace(ifnull(OLD.`invoice_number`, ''), 'đ', 'd'), 'Đ', 'D'),
		replace(replace(OLD.`text`, 'đ', 'd'), 'Đ', 'D'));
	INSERT INTO `documents_names` (`documents_names`, rowid, `title`, `invoice_number`) VALUES ('delete', OLD.`seq`,
		replace(replace(OLD.`title`, 'đ', 'd'), 'Đ', 'D'),
		replace(replace(ifnull(OLD.`invoice_number`, ''), 'đ', 'd'), 'Đ', 'D'));
	INSERT INTO `documents_fts` (rowid, `title`, `invoice_number`, `text`)
		SELECT `seq`, `title`, `invoice_number`, `text` FROM `documents_search_source` WHERE `seq` = NEW.`seq`;
	INSERT INTO `documents_names` (rowid, `title`, `invoice_number`)
		SELECT `seq`, `title`, `invoice_number` FROM `documents_search_source` WHERE `seq` = NEW.`seq`;
END;

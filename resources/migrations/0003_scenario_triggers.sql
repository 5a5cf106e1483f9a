-- Custom migration (drizzle-kit cannot express triggers): saved scenarios are never deleted (a
-- delete only sets deleted_at), what a scenario compared is frozen once saved, and the scenario
-- audit and re-check records are append-only.
CREATE TRIGGER `scenarios_no_delete` BEFORE DELETE ON `scenarios`
BEGIN
	SELECT RAISE(ABORT, 'scenarios are kept: set deleted_at instead of deleting');
END;
--> statement-breakpoint
CREATE TRIGGER `scenarios_frozen` BEFORE UPDATE ON `scenarios`
WHEN OLD.`id` IS NOT NEW.`id`
	OR OLD.`base_request_id` IS NOT NEW.`base_request_id`
	OR OLD.`result_request_id` IS NOT NEW.`result_request_id`
	OR OLD.`changes_json` IS NOT NEW.`changes_json`
	OR OLD.`diff_json` IS NOT NEW.`diff_json`
	OR OLD.`base_outcome` IS NOT NEW.`base_outcome`
	OR OLD.`result_outcome` IS NOT NEW.`result_outcome`
	OR OLD.`duplicated_from` IS NOT NEW.`duplicated_from`
	OR OLD.`created_at` IS NOT NEW.`created_at`
	OR (OLD.`deleted_at` IS NOT NULL AND OLD.`deleted_at` IS NOT NEW.`deleted_at`)
BEGIN
	SELECT RAISE(ABORT, 'a saved scenario keeps what it compared: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `scenario_audit_no_update` BEFORE UPDATE ON `scenario_audit`
BEGIN
	SELECT RAISE(ABORT, 'the scenario audit is append-only: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `scenario_audit_no_delete` BEFORE DELETE ON `scenario_audit`
BEGIN
	SELECT RAISE(ABORT, 'the scenario audit is append-only: DELETE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `scenario_rechecks_no_update` BEFORE UPDATE ON `scenario_rechecks`
BEGIN
	SELECT RAISE(ABORT, 'scenario re-checks are append-only: UPDATE rejected');
END;
--> statement-breakpoint
CREATE TRIGGER `scenario_rechecks_no_delete` BEFORE DELETE ON `scenario_rechecks`
BEGIN
	SELECT RAISE(ABORT, 'scenario re-checks are append-only: DELETE rejected');
END;

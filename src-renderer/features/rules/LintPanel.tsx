import { useI18n } from "../../i18n/i18n-context"
import type { LiveLint } from "./use-live-lint"

// The live pack check under the editor: checking, clean, why the draft cannot be built, or the
// findings `fiskai pack check` would newly report (code, where, message as the check says them).

export function LintPanel({ lint, conditionsBroken }: { lint: LiveLint; conditionsBroken: boolean }) {
  const { t } = useI18n()
  if (conditionsBroken)
    return (
      <p className="lint-panel notice notice-warning" data-testid="rule-lint" data-state="conditions">
        {t("rules.lint.conditions")}
      </p>
    )
  if (lint.state === "idle") return null
  if (lint.state === "checking")
    return (
      <p className="lint-panel muted" role="status" data-testid="rule-lint" data-state="checking">
        {t("rules.lint.checking")}
      </p>
    )
  if (lint.state === "failed")
    return (
      <p className="lint-panel notice notice-error" data-testid="rule-lint" data-state="failed">
        {t("rules.lint.failed")}
      </p>
    )
  const { problem, findings } = lint.result
  if (problem === null && findings.length === 0)
    return (
      <p className="lint-panel notice notice-info" role="status" data-testid="rule-lint" data-state="clean">
        {t("rules.lint.clean")}
      </p>
    )
  return (
    <div
      className="lint-panel notice notice-error"
      role="status"
      data-testid="rule-lint"
      data-state="findings"
    >
      <p>{t(problem === null ? "rules.lint.findings" : "rules.lint.problem")}</p>
      {problem !== null && <p data-testid="rule-lint-problem">{problem}</p>}
      <ul>
        {findings.map((f) => (
          <li key={`${f.code} ${f.where} ${f.message}`} data-testid="rule-lint-finding">
            <code>{f.code}</code> {f.where}: {f.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

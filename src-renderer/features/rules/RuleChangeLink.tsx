import { Link } from "@tanstack/react-router"
import { useId } from "react"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { useLoad } from "./use-load"

// A confirmed flag linked to the rule change that fixes it (the review queue's decision form):
// the open changes to choose from, and a way to propose one. The link is stored with the decision
// (the flag's rule_change_id, migration 0014): the queue links to the change, the change lists it.

export function RuleChangeLink({ value, onChange }: { value: string; onChange(changeId: string): void }) {
  const { t } = useI18n()
  const { api } = useStores()
  const id = useId()
  const changes = useLoad(async () => {
    const all = await call("rules.changes", {}, api)
    return all.filter((c) => c.status === "DRAFT" || c.status === "IN_REVIEW")
  }, [api])
  return (
    <div className="field rule-change-link">
      <label htmlFor={id}>{t("rules.link.label")}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="decision-rule-change"
      >
        <option value="">{t("rules.link.none")}</option>
        {(changes.value ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.ruleId} · {c.note.slice(0, 60)}
          </option>
        ))}
      </select>
      <Link to="/rules" className="hint" data-testid="decision-propose-rule">
        {t("rules.link.propose")}
      </Link>
    </div>
  )
}

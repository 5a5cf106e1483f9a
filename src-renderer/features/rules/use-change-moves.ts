import { useCallback } from "react"
import type {
  EditableRule,
  PublishResult,
  RuleChangeView,
  RuleProfile,
} from "../../../src-shared/rule-changes"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { evidenceToSend, type DraftState } from "./draft"
import type { Move } from "./ReviewActions"

// The review's moves as the change screen makes them, as the current profile, in the window's
// language: the main process decides (four eyes, the status machine, the pack check) and its
// refusal is shown as it says it. Saving or submitting writes the author's edits first, if any.

export interface MoveDeps {
  change: RuleChangeView
  draft: DraftState | null
  /** The draft's rule as the pack writes it; null while a condition has a problem. */
  rule: EditableRule | null
  dirty: boolean
  me: RuleProfile | null
  onPublished(result: PublishResult): void
  onError(message: string | null): void
  reload(): void
}

export function useChangeMoves(deps: MoveDeps): (move: Move, note?: string) => Promise<void> {
  const { t, locale } = useI18n()
  const { api } = useStores()
  const { change, draft, rule, dirty, me, onPublished, onError, reload } = deps
  return useCallback(
    async (which: Move, note?: string) => {
      if (me === null) return onError(t("rules.profile.required"))
      onError(null)
      const base = { changeId: change.id, actor: me.id, locale }
      try {
        if (which === "save" || which === "submit") {
          if (draft !== null && rule === null) return onError(t("rules.lint.conditions"))
          // Only what the author changed is written (every edit is a line in the trail).
          if (dirty && rule !== null && draft !== null)
            await call("rules.edit", { ...base, rule, evidence: evidenceToSend(draft) }, api)
          if (which === "submit") await call("rules.submit", base, api)
        } else if (which === "approve") await call("rules.approve", base, api)
        else if (which === "sendBack") await call("rules.sendBack", { ...base, note: note ?? "" }, api)
        else onPublished(await call("rules.publish", { changeIds: [change.id], actor: me.id, locale }, api))
        if (which !== "publish") reload()
      } catch (e) {
        onError(e instanceof Error ? e.message : String(e))
      }
    },
    [api, change.id, dirty, draft, locale, me, onError, onPublished, reload, rule, t],
  )
}

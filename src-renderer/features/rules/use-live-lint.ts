import { useEffect, useRef, useState } from "react"
import type {
  ChangeKindName,
  EditableRule,
  EvidenceRecord,
  LintResult,
} from "../../../src-shared/rule-changes"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"

// The pack check of a draft as the author types (`fiskai pack check` on the latest version with
// the draft): asked a moment after the last keystroke, and only the answer to the latest draft is
// shown (an older answer arriving late is dropped).

export const LINT_DELAY_MS = 400

export type LiveLint =
  { state: "idle" } | { state: "checking" } | { state: "done"; result: LintResult } | { state: "failed" }

export interface LintDraft {
  kind: ChangeKindName
  ruleId: string
  rule: EditableRule | null
  evidence: readonly EvidenceRecord[]
}

export function useLiveLint(draft: LintDraft | null): LiveLint {
  const { api } = useStores()
  const { locale } = useI18n()
  const [lint, setLint] = useState<LiveLint>({ state: "idle" })
  const generation = useRef(0)
  const key = draft === null ? null : JSON.stringify(draft)

  useEffect(() => {
    const mine = ++generation.current
    if (key === null || draft === null) {
      setLint({ state: "idle" })
      return
    }
    setLint({ state: "checking" })
    const timer = setTimeout(() => {
      const input = {
        kind: draft.kind,
        ruleId: draft.ruleId,
        ...(draft.rule === null ? {} : { rule: draft.rule }),
        evidence: [...draft.evidence],
        locale,
      }
      call("rules.lint", input, api).then(
        (result) => mine === generation.current && setLint({ state: "done", result }),
        () => mine === generation.current && setLint({ state: "failed" }),
      )
    }, LINT_DELAY_MS)
    return () => clearTimeout(timer)
    // `key` stands for the draft: the effect runs when its content changes, not its identity.
  }, [api, key, locale])

  return lint
}

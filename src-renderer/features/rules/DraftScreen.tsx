import { Link, useNavigate, useParams } from "@tanstack/react-router"
import { useId, useState } from "react"
import type { EvidenceRecord, RuleCatalog } from "../../../src-shared/rule-changes"
import { call } from "../../api/client"
import { todayIso } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { conditionProblems } from "./conditions"
import { draftOf, evidenceToSend, ruleToSend, type DraftState } from "./draft"
import { LintPanel } from "./LintPanel"
import { ProfilePicker } from "./ProfilePicker"
import { RuleEditor } from "./RuleEditor"
import { blankRule } from "./rule-form"
import { useLiveLint } from "./use-live-lint"
import { useLoad } from "./use-load"
import { useProfiles } from "./use-profiles"
import "./rules.css"

// A new rule change: an existing rule (/rules/rule/ID) opened in the editor, or a new rule
// (/rules/new); checked live as the author types and proposed, with a note saying why, as a draft
// of the current profile.

export function DraftScreen() {
  const params = useParams({ strict: false })
  const ruleId = typeof params.ruleId === "string" ? params.ruleId : null
  const { api } = useStores()
  const catalog = useLoad(() => call("rules.catalog", {}, api), [api])
  const existing = useLoad(
    () => (ruleId === null ? Promise.resolve(null) : call("rules.rule", { ruleId }, api)),
    [api, ruleId],
  )
  const { t } = useI18n()
  if (catalog.error || existing.error)
    return (
      <section className="screen" data-testid="draft-missing">
        <BackLink />
        <p className="notice notice-error" role="alert">
          {existing.error ? t("rules.ruleNotFound") : t("rules.loadFailed")}
        </p>
      </section>
    )
  if (catalog.value === null || (ruleId !== null && existing.value === null))
    return <p className="muted">{t("common.loading")}</p>
  const start = existing.value
    ? draftOf(existing.value.rule)
    : draftOf(blankRule(catalog.value.concepts[0]?.slug ?? "", todayIso()))
  const packEvidence = new Map((existing.value?.evidence ?? []).map((e) => [e.id, e] as const))
  return (
    <DraftView
      key={ruleId ?? "new"}
      catalog={catalog.value}
      start={start}
      packEvidence={packEvidence}
      isNew={ruleId === null}
    />
  )
}

function BackLink() {
  const { t } = useI18n()
  return (
    <Link to="/rules" className="back-link">
      ← {t("rules.back")}
    </Link>
  )
}

function DraftView({
  catalog,
  start,
  packEvidence,
  isNew,
}: {
  catalog: RuleCatalog
  start: DraftState
  packEvidence: ReadonlyMap<string, EvidenceRecord>
  isNew: boolean
}) {
  const { t, locale } = useI18n()
  const { api } = useStores()
  const navigate = useNavigate()
  const profiles = useProfiles()
  const [draft, setDraft] = useState(start)
  const [note, setNote] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const rule = ruleToSend(draft)
  const kind = isNew ? "add" : "edit"
  const lint = useLiveLint(
    rule === null ? null : { kind, ruleId: rule.id, rule, evidence: evidenceToSend(draft) },
  )
  const author = profiles.current

  async function propose() {
    if (author === null) return setError(t("rules.profile.required"))
    if (note.trim() === "") return setError(t("rules.noteRequired"))
    if (rule === null) return setError(t("rules.lint.conditions"))
    setBusy(true)
    setError(null)
    try {
      const change = await call(
        "rules.propose",
        { kind, ruleId: rule.id, rule, evidence: evidenceToSend(draft), actor: author.id, note, locale },
        api,
      )
      await navigate({ to: "/rules/change/$changeId", params: { changeId: change.id } })
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setBusy(false)
    }
  }

  return (
    <section className="screen rules-screen" aria-labelledby="draft-heading" data-testid="draft-screen">
      <BackLink />
      <header className="screen-head">
        <h1 id="draft-heading">
          {isNew ? t("rules.draft.newTitle") : t("rules.draft.title", { rule: start.rule.id })}
        </h1>
        <ProfilePicker profiles={profiles} />
      </header>
      <RuleEditor
        draft={draft}
        catalog={catalog}
        packEvidence={packEvidence}
        isNew={isNew}
        readOnly={false}
        onChange={setDraft}
      />
      <LintPanel lint={lint} conditionsBroken={conditionProblems(draft.conditions).size > 0} />
      <ProposeFooter
        note={note}
        error={error}
        busy={busy}
        onNote={setNote}
        onPropose={() => void propose()}
      />
    </section>
  )
}

function ProposeFooter(props: {
  note: string
  error: string | null
  busy: boolean
  onNote(note: string): void
  onPropose(): void
}) {
  const { t } = useI18n()
  const noteId = useId()
  return (
    <>
      <div className="field">
        <label htmlFor={noteId}>{t("rules.note")}</label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={2000}
          value={props.note}
          onChange={(e) => props.onNote(e.target.value)}
          data-testid="draft-note"
        />
        <p className="hint">{t("rules.noteHint")}</p>
      </div>
      {props.error && (
        <p className="notice notice-error" role="alert" data-testid="draft-error">
          {props.error}
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button-primary"
          disabled={props.busy}
          onClick={props.onPropose}
          data-testid="draft-propose"
        >
          {t("rules.propose")}
        </button>
      </div>
    </>
  )
}

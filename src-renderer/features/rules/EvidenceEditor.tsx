import { useId, useState } from "react"
import type { EvidenceRecord } from "../../../src-shared/rule-changes"
import { todayIso } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { blankEvidence, evidenceProblems, QUOTE_MAX, type EvidenceProblem } from "./rule-form"
import { DateInput } from "../../components/DateInput"

// The rule's evidence: the records it cites (the first is its primary citation), and a form for a
// new record (url, title, the verbatim quote, when it was fetched, from which source). A record
// is added only once every field holds; the pack check then compares the quote with the value.

export interface EvidenceEditorProps {
  evidenceIds: readonly string[]
  /** Every record the editor knows, by id: the pack's the rule cites and the ones this change brings. */
  known: ReadonlyMap<string, EvidenceRecord>
  sources: ReadonlyArray<{ id: string; name: string }>
  readOnly: boolean
  onChange(evidenceIds: string[], added: EvidenceRecord | null): void
}

export function EvidenceEditor({ evidenceIds, known, sources, readOnly, onChange }: EvidenceEditorProps) {
  const { t } = useI18n()
  const [adding, setAdding] = useState(false)
  return (
    <fieldset className="rule-evidence" data-testid="rule-evidence" disabled={readOnly}>
      <legend>{t("rules.evidence")}</legend>
      {evidenceIds.length === 0 && <p className="field-error">{t("rules.evidence.none")}</p>}
      <ol className="evidence-list">
        {evidenceIds.map((id, index) => {
          const record = known.get(id)
          return (
            <li key={id} data-testid="evidence-item">
              <span className="evidence-id">{id}</span>
              {index === 0 && <span className="badge">{t("rules.evidence.primary")}</span>}
              {record && (
                <>
                  <a href={record.url} target="_blank" rel="noreferrer noopener">
                    {record.title}
                  </a>
                  <blockquote className="evidence-quote">{record.quote}</blockquote>
                </>
              )}
              {!readOnly && (
                <button
                  type="button"
                  className="button-quiet"
                  onClick={() =>
                    onChange(
                      evidenceIds.filter((e) => e !== id),
                      null,
                    )
                  }
                >
                  {t("rules.evidence.remove")}
                </button>
              )}
            </li>
          )
        })}
      </ol>
      {!readOnly &&
        (adding ? (
          <NewEvidenceForm
            sources={sources}
            takenIds={new Set(known.keys())}
            onAdd={(record) => {
              onChange([...evidenceIds, record.id], record)
              setAdding(false)
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <button type="button" onClick={() => setAdding(true)} data-testid="evidence-add">
            {t("rules.evidence.add")}
          </button>
        ))}
    </fieldset>
  )
}

function NewEvidenceForm({
  sources,
  takenIds,
  onAdd,
  onCancel,
}: {
  sources: ReadonlyArray<{ id: string; name: string }>
  takenIds: ReadonlySet<string>
  onAdd(record: EvidenceRecord): void
  onCancel(): void
}) {
  const { t } = useI18n()
  const id = useId()
  const [record, setRecord] = useState<EvidenceRecord>(() => blankEvidence(todayIso()))
  const [tried, setTried] = useState(false)
  const problems = evidenceProblems(record, takenIds)
  const shown = tried ? problems : []
  const set = (field: keyof EvidenceRecord, value: string) => setRecord({ ...record, [field]: value })
  const field = (name: "id" | "url" | "title", problem: EvidenceProblem[], type = "text") => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{t(`rules.evidence.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={record[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={problem.some((p) => shown.includes(p)) || undefined}
        data-testid={`evidence-${name}`}
      />
    </div>
  )
  return (
    <div className="evidence-form" data-testid="evidence-form">
      {field("id", ["id", "id-taken"])}
      <SourceSelect
        id={`${id}-source`}
        value={record.sourceId}
        invalid={shown.includes("source")}
        sources={sources}
        onSet={set}
      />
      {field("url", ["url"], "url")}
      {field("title", ["title"])}
      <div className="field">
        <label htmlFor={`${id}-quote`}>{t("rules.evidence.quote")}</label>
        <textarea
          id={`${id}-quote`}
          rows={3}
          value={record.quote}
          onChange={(e) => set("quote", e.target.value)}
          aria-invalid={shown.some((p) => p.startsWith("quote")) || undefined}
          data-testid="evidence-quote"
        />
        <p className="hint">
          {t("rules.evidence.quoteHint", { max: String(QUOTE_MAX), count: String(record.quote.length) })}
        </p>
      </div>
      <FetchedRow id={id} record={record} onSet={set} />
      <ProblemList problems={shown} />
      <div className="form-actions">
        <button
          type="button"
          className="button-primary"
          onClick={() => {
            setTried(true)
            if (problems.length === 0)
              onAdd({ ...record, id: record.id.trim(), url: record.url.trim(), title: record.title.trim() })
          }}
          data-testid="evidence-save"
        >
          {t("rules.evidence.save")}
        </button>
        <button type="button" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </div>
  )
}

function SourceSelect(props: {
  id: string
  value: string
  invalid: boolean
  sources: ReadonlyArray<{ id: string; name: string }>
  onSet(field: "sourceId", value: string): void
}) {
  const { t } = useI18n()
  return (
    <div className="field">
      <label htmlFor={props.id}>{t("rules.evidence.source")}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onSet("sourceId", e.target.value)}
        aria-invalid={props.invalid || undefined}
        data-testid="evidence-source"
      >
        <option value="">{t("rules.evidence.chooseSource")}</option>
        {props.sources.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  )
}

function ProblemList({ problems }: { problems: readonly EvidenceProblem[] }) {
  const { t } = useI18n()
  if (problems.length === 0) return null
  return (
    <ul className="field-error" role="alert" data-testid="evidence-problems">
      {problems.map((p) => (
        <li key={p}>{t(`rules.evidence.problem.${p}`)}</li>
      ))}
    </ul>
  )
}

function FetchedRow({
  id,
  record,
  onSet,
}: {
  id: string
  record: EvidenceRecord
  onSet(field: keyof EvidenceRecord, value: string): void
}) {
  const { t } = useI18n()
  return (
    <div className="row">
      <div className="field">
        <label htmlFor={`${id}-fetched`}>{t("rules.evidence.fetchedAt")}</label>
        <DateInput id={`${id}-fetched`} value={record.fetchedAt} onChange={(next) => onSet("fetchedAt", next)} testId="evidence-fetched" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-language`}>{t("rules.evidence.language")}</label>
        <select
          id={`${id}-language`}
          value={record.language}
          onChange={(e) => onSet("language", e.target.value === "en" ? "en" : "hr")}
        >
          <option value="hr">hrvatski</option>
          <option value="en">English</option>
        </select>
      </div>
    </div>
  )
}

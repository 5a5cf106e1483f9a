import { useId, type ReactNode } from "react"
import type { EditableRule, EvidenceRecord, RuleCatalog } from "../../../src-shared/rule-changes"
import { useI18n } from "../../i18n/i18n-context"
import type { MessageKey } from "../../i18n/catalog"
import { conditionProblems } from "./conditions"
import { ConditionsEditor } from "./ConditionsEditor"
import type { DraftState } from "./draft"
import { EvidenceEditor } from "./EvidenceEditor"
import { AUTHORITIES, RULE_KINDS } from "./rule-form"
import { ValueEditor } from "./ValueEditor"
import { DateInput } from "../../components/DateInput"

// The rule editor: what the rule is about (concept, value key, kind, authority), its titles, value
// and effective period, its plain statement, the law it applies, when it applies (conditions as
// rows) and its evidence. Read-only for anyone but the author of a draft.

export interface RuleEditorProps {
  draft: DraftState
  catalog: RuleCatalog
  /** The pack's evidence records the rule cites, by id (the change's own are in the draft). */
  packEvidence: ReadonlyMap<string, EvidenceRecord>
  /** A new rule: its id can be typed; an existing rule's id is fixed. */
  isNew: boolean
  readOnly: boolean
  onChange(draft: DraftState): void
}

export function RuleEditor({ draft, catalog, packEvidence, isNew, readOnly, onChange }: RuleEditorProps) {
  const { rule } = draft
  const set = (patch: Partial<EditableRule>) => onChange({ ...draft, rule: { ...rule, ...patch } })
  const known = new Map([...packEvidence, ...draft.added.map((e) => [e.id, e] as const)])
  return (
    <div className="rule-editor" data-testid="rule-editor">
      <AboutFields rule={rule} set={set} readOnly={readOnly} catalog={catalog} isNew={isNew} />
      <ValueFields rule={rule} set={set} readOnly={readOnly} />
      <LegalBasisFields rule={rule} set={set} readOnly={readOnly} />
      <ConditionsEditor
        root={draft.conditions}
        problems={conditionProblems(draft.conditions)}
        facts={catalog.facts}
        readOnly={readOnly}
        onChange={(conditions) => onChange({ ...draft, conditions })}
      />
      <EvidenceEditor
        evidenceIds={rule.evidenceIds}
        known={known}
        sources={catalog.sources}
        readOnly={readOnly}
        onChange={(evidenceIds, added) =>
          onChange({
            ...draft,
            rule: { ...rule, evidenceIds },
            added: added === null ? draft.added : [...draft.added.filter((e) => e.id !== added.id), added],
          })
        }
      />
    </div>
  )
}

interface SectionProps {
  rule: EditableRule
  set(patch: Partial<EditableRule>): void
  readOnly: boolean
}

function AboutFields({
  rule,
  set,
  readOnly,
  catalog,
  isNew,
}: SectionProps & { catalog: RuleCatalog; isNew: boolean }) {
  const { t, locale } = useI18n()
  return (
    <fieldset disabled={readOnly}>
      <legend>{t("rules.editor.about")}</legend>
      <div className="rule-grid">
        <TextField
          label="rules.field.id"
          value={rule.id}
          readOnly={!isNew}
          onChange={(id) => set({ id })}
          testId="rule-id"
        />
        <Field label="rules.field.concept">
          {(id) => (
            <select
              id={id}
              value={rule.conceptSlug}
              onChange={(e) => set({ conceptSlug: e.target.value })}
              data-testid="rule-concept"
            >
              {catalog.concepts.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {locale === "hr" ? c.nameHr : c.nameEn}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label="rules.field.valueKey"
          value={rule.valueKey}
          onChange={(valueKey) => set({ valueKey })}
          testId="rule-value-key"
        />
        <Choice
          label="rules.field.kind"
          value={rule.kind}
          options={RULE_KINDS}
          prefix="rules.kind."
          onChange={(kind) => set({ kind })}
          testId="rule-kind"
        />
        <Choice
          label="rules.field.authority"
          value={rule.authority}
          options={AUTHORITIES}
          prefix="rules.authority."
          onChange={(authority) => set({ authority })}
          testId="rule-authority"
        />
      </div>
      <TextField
        label="rules.field.titleHr"
        value={rule.titleHr}
        onChange={(titleHr) => set({ titleHr })}
        testId="rule-title-hr"
      />
      <TextField
        label="rules.field.titleEn"
        value={rule.titleEn}
        onChange={(titleEn) => set({ titleEn })}
        testId="rule-title-en"
      />
    </fieldset>
  )
}

function ValueFields({ rule, set, readOnly }: SectionProps) {
  const { t } = useI18n()
  return (
    <fieldset disabled={readOnly}>
      <legend>{t("rules.editor.value")}</legend>
      <ValueEditor value={rule.value} onChange={(value) => set({ value })} />
      <div className="rule-grid">
        <TextField
          label="rules.field.effectiveFrom"
          type="date"
          value={rule.effectiveFrom}
          onChange={(effectiveFrom) => set({ effectiveFrom })}
          testId="rule-from"
        />
        <TextField
          label="rules.field.effectiveUntil"
          type="date"
          value={rule.effectiveUntil ?? ""}
          onChange={(until) => set({ effectiveUntil: until === "" ? null : until })}
          testId="rule-until"
          hint="rules.field.effectiveUntilHint"
        />
      </div>
      <TextArea
        label="rules.field.statementHr"
        value={rule.statement.hr}
        onChange={(hr) => set({ statement: { ...rule.statement, hr } })}
        testId="rule-statement-hr"
      />
      <TextArea
        label="rules.field.statementEn"
        value={rule.statement.en}
        onChange={(en) => set({ statement: { ...rule.statement, en } })}
        testId="rule-statement-en"
      />
    </fieldset>
  )
}

function LegalBasisFields({ rule, set, readOnly }: SectionProps) {
  const { t } = useI18n()
  const part = (name: "act" | "gazette" | "article") => (
    <TextField
      label={`rules.field.${name}`}
      value={rule.legalBasis?.[name] ?? ""}
      onChange={(text) => set({ legalBasis: basis(rule, { [name]: text }) })}
      testId={`rule-${name}`}
    />
  )
  return (
    <fieldset disabled={readOnly}>
      <legend>{t("rules.editor.legalBasis")}</legend>
      <div className="rule-grid">
        {part("act")}
        {part("gazette")}
        {part("article")}
      </div>
    </fieldset>
  )
}

/** The legal basis with one part changed; none at all when every part is empty. */
function basis(
  rule: EditableRule,
  patch: { act?: string; gazette?: string; article?: string },
): EditableRule["legalBasis"] {
  const next = { act: "", gazette: "", ...rule.legalBasis, ...patch }
  if (next.act === "" && next.gazette === "" && (next.article ?? "") === "") return undefined
  const { article, ...rest } = next
  return article === undefined || article === "" ? rest : { ...rest, article }
}

function Field({
  label,
  hint,
  children,
}: {
  label: MessageKey
  hint?: MessageKey
  children: (id: string) => ReactNode
}) {
  const { t } = useI18n()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      {children(id)}
      {hint && <p className="hint">{t(hint)}</p>}
    </div>
  )
}

function TextField(props: {
  label: MessageKey
  value: string
  onChange(v: string): void
  testId: string
  type?: string
  readOnly?: boolean
  hint?: MessageKey
}) {
  return (
    <Field label={props.label} {...(props.hint ? { hint: props.hint } : {})}>
      {(id) =>
        props.type === "date" ? (
          <DateInput id={id} value={props.value} disabled={props.readOnly} onChange={props.onChange} testId={props.testId} />
        ) : (
          <input
            id={id}
            type={props.type ?? "text"}
            value={props.value}
            readOnly={props.readOnly}
            onChange={(e) => props.onChange(e.target.value)}
            data-testid={props.testId}
          />
        )
      }
    </Field>
  )
}

function TextArea(props: { label: MessageKey; value: string; onChange(v: string): void; testId: string }) {
  return (
    <Field label={props.label}>
      {(id) => (
        <textarea
          id={id}
          rows={2}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.testId}
        />
      )}
    </Field>
  )
}

function Choice<T extends string>(props: {
  label: MessageKey
  value: string
  options: readonly T[]
  prefix: "rules.kind." | "rules.authority."
  onChange(v: T): void
  testId: string
}) {
  const { t } = useI18n()
  return (
    <Field label={props.label}>
      {(id) => (
        <select
          id={id}
          value={props.value}
          onChange={(e) => {
            const chosen = props.options.find((o) => o === e.target.value)
            if (chosen !== undefined) props.onChange(chosen)
          }}
          data-testid={props.testId}
        >
          {props.options.map((o) => (
            <option key={o} value={o}>
              {t(`${props.prefix}${o}` as MessageKey)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

import { useId } from "react"
import { useI18n } from "../../i18n/i18n-context"
import type { MessageKey } from "../../i18n/catalog"
import {
  emptyGroup,
  emptyRow,
  OPERATORS,
  replaceNode,
  VALUE_TYPES,
  type ConditionGroup,
  type ConditionNode,
  type ConditionProblem,
  type ConditionRow,
} from "./conditions"

// appliesWhen as rows: fact, operator, value (with its type), each row and group negatable, groups
// "all of" or "any of" nested as deep as the rule needs. A row's problem is said under it, in
// the user's language, as they type.

export interface ConditionsEditorProps {
  root: ConditionGroup
  problems: ReadonlyMap<string, ConditionProblem>
  facts: readonly string[]
  readOnly: boolean
  onChange(root: ConditionGroup): void
}

export function ConditionsEditor({ root, problems, facts, readOnly, onChange }: ConditionsEditorProps) {
  const { t } = useI18n()
  const listId = useId()
  const update = (node: ConditionNode | null, key: string) => onChange(replaceNode(root, key, node))
  return (
    <fieldset className="conditions" data-testid="rule-conditions" disabled={readOnly}>
      <legend>{t("rules.conditions")}</legend>
      <p className="hint">
        {t(root.children.length === 0 ? "rules.conditions.none" : "rules.conditions.hint")}
      </p>
      <datalist id={listId}>
        {facts.map((fact) => (
          <option key={fact} value={fact} />
        ))}
      </datalist>
      <GroupEditor
        group={root}
        isRoot
        problems={problems}
        factList={listId}
        onChange={(next) => onChange(next)}
        onUpdate={update}
      />
    </fieldset>
  )
}

interface GroupProps {
  group: ConditionGroup
  isRoot: boolean
  problems: ReadonlyMap<string, ConditionProblem>
  factList: string
  onChange(group: ConditionGroup): void
  onUpdate(node: ConditionNode | null, key: string): void
}

function GroupEditor({ group, isRoot, problems, factList, onChange, onUpdate }: GroupProps) {
  const { t } = useI18n()
  const problem = problems.get(group.key)
  return (
    <div className="condition-group" data-testid="condition-group" data-mode={group.mode}>
      <div className="condition-group-head">
        <label className="inline-field">
          <span className="sr-only">{t("rules.conditions.mode")}</span>
          <select
            value={group.mode}
            onChange={(e) => onChange({ ...group, mode: e.target.value === "any" ? "any" : "all" })}
            data-testid="condition-mode"
          >
            <option value="all">{t("rules.conditions.all")}</option>
            <option value="any">{t("rules.conditions.any")}</option>
          </select>
        </label>
        <NegateBox checked={group.negate} onChange={(negate) => onChange({ ...group, negate })} />
        {!isRoot && (
          <button type="button" className="button-quiet" onClick={() => onUpdate(null, group.key)}>
            {t("rules.conditions.removeGroup")}
          </button>
        )}
      </div>
      <ul className="condition-list">
        {group.children.map((child) => (
          <li key={child.key}>
            {child.kind === "group" ? (
              <GroupEditor
                group={child}
                isRoot={false}
                problems={problems}
                factList={factList}
                onChange={(next) => onUpdate(next, child.key)}
                onUpdate={onUpdate}
              />
            ) : (
              <RowEditor
                row={child}
                problem={problems.get(child.key)}
                factList={factList}
                onChange={(next) => onUpdate(next, child.key)}
              />
            )}
          </li>
        ))}
      </ul>
      {problem && <p className="field-error">{t(problemKey(problem))}</p>}
      <div className="condition-actions">
        <button
          type="button"
          onClick={() => onChange({ ...group, children: [...group.children, emptyRow()] })}
          data-testid="condition-add"
        >
          {t("rules.conditions.addRow")}
        </button>
        <button
          type="button"
          className="button-quiet"
          onClick={() =>
            onChange({
              ...group,
              children: [...group.children, { ...emptyGroup("any"), children: [emptyRow()] }],
            })
          }
        >
          {t("rules.conditions.addGroup")}
        </button>
      </div>
    </div>
  )
}

function NegateBox({ checked, onChange }: { checked: boolean; onChange(negate: boolean): void }) {
  const { t } = useI18n()
  return (
    <label className="choice condition-negate">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {t("rules.conditions.not")}
    </label>
  )
}

function RowEditor({
  row,
  problem,
  factList,
  onChange,
}: {
  row: ConditionRow
  problem: ConditionProblem | undefined
  factList: string
  onChange(row: ConditionRow | null): void
}) {
  const { t } = useI18n()
  const id = useId()
  const errorId = `${id}-error`
  const invalid = (which: "fact" | "value") =>
    problem !== undefined && (problem === "fact") === (which === "fact") ? true : undefined
  return (
    <div className="condition-row" data-testid="condition-row">
      <NegateBox checked={row.negate} onChange={(negate) => onChange({ ...row, negate })} />
      <input
        aria-label={t("rules.conditions.fact")}
        placeholder="counters.revenueYtd"
        list={factList}
        value={row.fact}
        onChange={(e) => onChange({ ...row, fact: e.target.value })}
        aria-invalid={invalid("fact")}
        aria-describedby={problem ? errorId : undefined}
        data-testid="condition-fact"
      />
      <select
        aria-label={t("rules.conditions.operator")}
        value={row.op}
        onChange={(e) => onChange({ ...row, op: OPERATORS.find((o) => o === e.target.value) ?? "eq" })}
        data-testid="condition-op"
      >
        {OPERATORS.map((op) => (
          <option key={op} value={op}>
            {t(`rules.op.${op}`)}
          </option>
        ))}
      </select>
      {row.op !== "exists" && (
        <RowValue
          row={row}
          invalid={invalid("value")}
          describedBy={problem ? errorId : undefined}
          onChange={onChange}
        />
      )}
      <button
        type="button"
        className="button-quiet"
        aria-label={t("rules.conditions.removeRow")}
        onClick={() => onChange(null)}
      >
        ✕
      </button>
      {problem && (
        <p className="field-error condition-error" id={errorId} data-testid="condition-error">
          {t(problemKey(problem))}
        </p>
      )}
    </div>
  )
}

function RowValue({
  row,
  invalid,
  describedBy,
  onChange,
}: {
  row: ConditionRow
  invalid: true | undefined
  describedBy: string | undefined
  onChange(row: ConditionRow): void
}) {
  const { t } = useI18n()
  return (
    <>
      <select
        aria-label={t("rules.conditions.valueType")}
        value={row.valueType}
        onChange={(e) =>
          onChange({ ...row, valueType: VALUE_TYPES.find((v) => v === e.target.value) ?? "text" })
        }
        data-testid="condition-type"
      >
        {VALUE_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`rules.valueType.${type}`)}
          </option>
        ))}
      </select>
      <input
        aria-label={t(row.op === "in" ? "rules.conditions.values" : "rules.conditions.value")}
        value={row.value}
        placeholder={row.op === "in" ? "OBRT, DOO" : ""}
        onChange={(e) => onChange({ ...row, value: e.target.value })}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        data-testid="condition-value"
      />
    </>
  )
}

function problemKey(problem: ConditionProblem): MessageKey {
  return `rules.conditions.problem.${problem}`
}

import { useId } from "react"
import type { EditableRule } from "../../../src-shared/rule-changes"
import { useI18n } from "../../i18n/i18n-context"
import { isLocalized, valueOfType, VALUE_TYPES } from "./rule-form"
import { DateInput } from "../../components/DateInput"

// The rule's value by its type: a percentage or an amount (a number), a date, yes/no, or a
// deadline or text in both languages. Changing the type keeps what carries over.

type Value = EditableRule["value"]

interface ValueProps {
  value: Value
  onChange(value: Value): void
}

export function ValueEditor({ value, onChange }: ValueProps) {
  const { t } = useI18n()
  const id = useId()
  const type = VALUE_TYPES.find((v) => v === value.type) ?? "text"
  return (
    <div className="rule-grid rule-value" data-testid="rule-value">
      <div className="field">
        <label htmlFor={`${id}-type`}>{t("rules.value.type")}</label>
        <select
          id={`${id}-type`}
          value={type}
          onChange={(e) =>
            onChange(valueOfType(VALUE_TYPES.find((v) => v === e.target.value) ?? type, value))
          }
          data-testid="rule-value-type"
        >
          {VALUE_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(`rules.value.${v}`)}
            </option>
          ))}
        </select>
      </div>
      {(type === "percentage" || type === "currency") && <NumberValue value={value} onChange={onChange} />}
      {type === "date" && <DateValue value={value} onChange={onChange} />}
      {type === "boolean" && <YesNoValue value={value} onChange={onChange} />}
      {(type === "deadline" || type === "text") && <TextValues value={value} onChange={onChange} />}
    </div>
  )
}

function NumberValue({ value, onChange }: ValueProps) {
  const { t } = useI18n()
  const id = useId()
  const number = typeof value["value"] === "number" ? value["value"] : Number.NaN
  return (
    <div className="field">
      <label htmlFor={id}>
        {t(value.type === "percentage" ? "rules.value.percent" : "rules.value.amount")}
      </label>
      <input
        id={id}
        type="number"
        step="any"
        value={Number.isFinite(number) ? number : ""}
        // An empty field stays empty (not 0): the pack check then says the value is missing.
        onChange={(e) =>
          onChange({ ...value, value: e.target.value === "" ? Number.NaN : Number(e.target.value) })
        }
        data-testid="rule-value-number"
      />
    </div>
  )
}

function DateValue({ value, onChange }: ValueProps) {
  const { t } = useI18n()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{t("rules.value.date")}</label>
      <DateInput
        id={id}
        value={typeof value["value"] === "string" ? value["value"] : ""}
        onChange={(next) => onChange({ ...value, value: next })}
        testId="rule-value-date"
      />
    </div>
  )
}

function YesNoValue({ value, onChange }: ValueProps) {
  const { t } = useI18n()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{t("rules.value.boolean")}</label>
      <select
        id={id}
        value={value["value"] === false ? "false" : "true"}
        onChange={(e) => onChange({ ...value, value: e.target.value === "true" })}
        data-testid="rule-value-boolean"
      >
        <option value="true">{t("rules.value.yes")}</option>
        <option value="false">{t("rules.value.no")}</option>
      </select>
    </div>
  )
}

function TextValues({ value, onChange }: ValueProps) {
  const { t } = useI18n()
  const id = useId()
  const text = isLocalized(value["text"]) ? value["text"] : { hr: "", en: "" }
  return (
    <>
      {(["hr", "en"] as const).map((lang) => (
        <div className="field" key={lang}>
          <label htmlFor={`${id}-${lang}`}>
            {t(lang === "hr" ? "rules.value.textHr" : "rules.value.textEn")}
          </label>
          <input
            id={`${id}-${lang}`}
            value={text[lang]}
            onChange={(e) => onChange({ ...value, text: { ...text, [lang]: e.target.value } })}
            data-testid={`rule-value-${lang}`}
          />
        </div>
      ))}
    </>
  )
}

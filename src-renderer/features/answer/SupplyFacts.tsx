import { useId, useState, type FormEvent } from "react"
import { EntityType, ObrtSubtype } from "../../../src-shared/context"
import { useI18n } from "../../i18n/i18n-context"
import { isMessageKey } from "../../i18n/translate"
import type { MessageKey } from "../../i18n/catalog"
import { capitalize, factLabel } from "../../reasoning/explain"
import { controlFor, type FactControl, type SuppliedFact } from "./missing-facts"
import { readFact } from "./supply-fact-input"
import { DateInput } from "../../components/DateInput"

// The refusal's missing facts, each named once with a control to supply it where it stands (a date
// field, an amount, a count, yes/no, a choice, the item's name), and one button that asks the
// question again with them. The refused run stays as it is, in history.

export interface SupplyFactsProps {
  /** Fact paths the refusal needs that the question can carry (see missing-facts.ts). */
  paths: readonly string[]
  onSupply: (facts: SuppliedFact[]) => Promise<void>
}

type Errors = Readonly<Record<string, MessageKey>>

export function SupplyFacts({ paths, onSupply }: SupplyFactsProps) {
  const { t, locale } = useI18n()
  const [values, setValues] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const hintId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const facts: SuppliedFact[] = []
    const found: Record<string, MessageKey> = {}
    for (const path of paths) {
      const control = controlFor(path)
      if (control === null) continue
      const read = readFact(path, control, values[path] ?? "", locale)
      if (read.ok) facts.push(read.fact)
      else found[path] = read.error
    }
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await onSupply(facts)
    } catch (e) {
      setFailure(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="supply-facts" onSubmit={(e) => void submit(e)} aria-describedby={hintId} data-testid="supply-facts" noValidate>
      {paths.map((path) => {
        const control = controlFor(path)
        if (control === null) return null
        return (
          <FactField
            key={path}
            path={path}
            control={control}
            value={values[path] ?? ""}
            error={errors[path]}
            disabled={busy}
            onChange={(value) => setValues((v) => ({ ...v, [path]: value }))}
          />
        )
      })}
      <p className="muted supply-hint" id={hintId}>
        {t(paths.every((path) => path === "asOf") ? "supply.hintDate" : "supply.hint")}
      </p>
      <button type="submit" className="button-primary" disabled={busy} data-testid="supply-submit">
        {t("supply.submit")}
      </button>
      {failure && (
        <p className="field-error" role="alert" data-testid="supply-failed">
          {failure}
        </p>
      )}
    </form>
  )
}

interface FactFieldProps {
  path: string
  control: FactControl
  value: string
  error: MessageKey | undefined
  disabled: boolean
  onChange: (value: string) => void
}

function FactField({ path, control, value, error, disabled, onChange }: FactFieldProps) {
  const { t, locale } = useI18n()
  const id = useId()
  const errorId = `${id}-error`
  const label = capitalize(factLabel(path, locale))
  const common = {
    id,
    disabled,
    "aria-invalid": error !== undefined,
    "aria-describedby": error ? errorId : undefined,
    "data-testid": "supply-input",
  }
  return (
    <div className="supply-fact" data-testid="supply-fact" data-fact={path}>
      {control.kind === "yesno" ? (
        <YesNo path={path} legend={label} value={value} common={common} onChange={onChange} />
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          <FactInput control={control} value={value} common={common} onChange={onChange} />
        </>
      )}
      {error && (
        <p className="field-error" id={errorId} data-testid="supply-error">
          {t(error)}
        </p>
      )}
    </div>
  )
}

type CommonProps = {
  id: string
  disabled: boolean
  "aria-invalid": boolean
  "aria-describedby": string | undefined
  "data-testid": string
}

function FactInput({ control, value, common, onChange }: { control: FactControl; value: string; common: CommonProps; onChange: (v: string) => void }) {
  const { t } = useI18n()
  switch (control.kind) {
    case "date":
      return (
        <DateInput
          id={common.id}
          disabled={common.disabled}
          value={value}
          onChange={onChange}
          testId={common["data-testid"]}
          {...(common["aria-describedby"] === undefined ? {} : { describedBy: common["aria-describedby"] })}
        />
      )
    case "money":
      return (
        <span className="supply-amount">
          <input type="text" inputMode="decimal" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} {...common} />
          <span aria-hidden="true">EUR</span>
        </span>
      )
    case "count":
      return <input type="text" inputMode="decimal" autoComplete="off" className="supply-count" value={value} onChange={(e) => onChange(e.target.value)} {...common} />
    case "text":
      return <input type="text" autoComplete="off" value={value} placeholder={t("supply.itemExample")} onChange={(e) => onChange(e.target.value)} {...common} />
    case "choice":
      return (
        <select value={value} onChange={(e) => onChange(e.target.value)} {...common}>
          <option value="">{t("supply.choose")}</option>
          {control.options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option, t)}
            </option>
          ))}
        </select>
      )
    case "yesno":
      return null
  }
}

/** An entity type or obrt subtype by its name in the UI language. */
function optionLabel(option: string, t: (key: MessageKey) => string): string {
  const prefix = EntityType.safeParse(option).success ? "entityType" : ObrtSubtype.safeParse(option).success ? "obrtSubtype" : ""
  const key = `${prefix}.${option}`
  return isMessageKey(key) ? t(key) : option
}

function YesNo({ path, legend, value, common, onChange }: { path: string; legend: string; value: string; common: CommonProps; onChange: (v: string) => void }) {
  const { t } = useI18n()
  const question = path === "entity.vat.status" ? t("supply.vatQuestion") : legend
  return (
    <fieldset className="supply-yesno" aria-invalid={common["aria-invalid"]} aria-describedby={common["aria-describedby"]} data-testid="supply-input">
      <legend>{question}</legend>
      {(["yes", "no"] as const).map((answer) => (
        <label key={answer}>
          <input type="radio" name={common.id} value={answer} checked={value === answer} disabled={common.disabled} onChange={() => onChange(answer)} />
          {t(answer === "yes" ? "common.yes" : "common.no")}
        </label>
      ))}
    </fieldset>
  )
}

import { useState } from "react"
import type { AppliedChange, FactValue, WhatIfFact } from "../../../src-shared/whatif"
import type { Locale } from "../../../src-shared/events/stages"
import { isIsoDate } from "../../../src-shared/format/dates"
import { DateInput } from "../../components/DateInput"
import { formatAmount, parseAmountInput } from "../../format/money"
import { useI18n } from "../../i18n/i18n-context"
import type { UiChange } from "./use-counterfactual"

// The facts a run depended on, each with its current value (and its hypothetical one once
// changed), the conditions it decided, a flip per condition, and a field to set an exact value.

export interface DriverListProps {
  facts: readonly WhatIfFact[]
  applied: readonly AppliedChange[]
  busy: boolean
  onChange(change: UiChange): void
}

export function DriverList({ facts, applied, busy, onChange }: DriverListProps) {
  const { t, locale } = useI18n()
  return (
    <ul className="whatif-drivers" data-testid="whatif-drivers">
      {facts.map((fact) => {
        const changed = applied.find((c) => c.path === fact.path)
        return (
          <li
            key={fact.path}
            className={`whatif-fact${changed ? " is-changed" : ""}`}
            data-testid={`whatif-fact-${fact.path}`}
          >
            <div className="whatif-fact-head">
              <strong>{fact.label[locale]}</strong>
              <span data-testid={`whatif-value-${fact.path}`}>
                {t("whatif.panel.current")}: {fact.valueText[locale]}
              </span>
              {changed && (
                <span className="whatif-hypo-value" data-testid={`whatif-hypo-${fact.path}`}>
                  {t("whatif.panel.hypothetical")}: <strong>{changed.toText[locale]}</strong>
                </span>
              )}
            </div>
            <ul className="whatif-conditions">
              {fact.drivers.map((driver) => (
                <li key={driver.id} data-testid={`whatif-driver-${driver.id}`} data-held={driver.held}>
                  <span className={driver.held ? "whatif-held" : "whatif-not-held"}>
                    {driver.held ? "✓" : "✗"}
                  </span>{" "}
                  {driver.label[locale]}{" "}
                  <span className="muted">
                    ({driver.held ? t("whatif.panel.holds") : t("whatif.panel.fails")})
                  </span>
                  {driver.flip && driver.canToggle && (
                    <button
                      type="button"
                      className="button-quiet"
                      disabled={busy}
                      title={driver.flip.explanation[locale]}
                      data-testid={`whatif-flip-${driver.id}`}
                      onClick={() =>
                        onChange({ path: fact.path, change: { kind: "flip", driverId: driver.id } })
                      }
                    >
                      {t("whatif.panel.flip", { value: driver.flip.text[locale] })}
                    </button>
                  )}
                  {driver.flip && (
                    <div className="muted whatif-explain">{driver.flip.explanation[locale]}</div>
                  )}
                </li>
              ))}
            </ul>
            <SetValue
              fact={fact}
              busy={busy}
              onSet={(value) =>
                onChange({ path: fact.path, change: { kind: "set", path: fact.path, value } })
              }
            />
          </li>
        )
      })}
    </ul>
  )
}

function SetValue({ fact, busy, onSet }: { fact: WhatIfFact; busy: boolean; onSet(value: FactValue): void }) {
  const { t, locale } = useI18n()
  const [text, setText] = useState(() => initialText(fact, locale))
  const label = t("whatif.panel.setLabel", { fact: fact.label[locale] })
  const parsed = parseInput(fact, text, locale)
  const submit = () => {
    if (parsed !== null) onSet(parsed)
  }
  return (
    <form
      className="whatif-set"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      {fact.options ? (
        <select
          aria-label={label}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid={`whatif-set-input-${fact.path}`}
        >
          <option value="">—</option>
          {fact.options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label[locale]}
            </option>
          ))}
        </select>
      ) : fact.kind === "date" ? (
        <DateInput ariaLabel={label} value={text} onChange={setText} testId={`whatif-set-input-${fact.path}`} />
      ) : (
        <input
          aria-label={label}
          // Money is typed the way the UI writes it ("65.000,00" / "65,000.00"), not as a bare number.
          type={fact.kind === "number" ? "number" : "text"}
          inputMode={fact.kind === "money" ? "decimal" : undefined}
          min={fact.kind === "number" ? 0 : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid={`whatif-set-input-${fact.path}`}
        />
      )}
      <button
        type="submit"
        className="button-quiet"
        disabled={busy || parsed === null}
        data-testid={`whatif-set-${fact.path}`}
      >
        {t("whatif.panel.set")}
      </button>
    </form>
  )
}

/** The field's starting text: the current value, money in the UI's own format. */
function initialText(fact: WhatIfFact, locale: Locale): string {
  if (fact.value === null) return ""
  return fact.kind === "money" && typeof fact.value === "number" ? formatAmount(fact.value, locale) : String(fact.value)
}

/** The typed value of the field, or null when it is empty or not a value of the fact's kind. */
function parseInput(fact: WhatIfFact, text: string, locale: Locale): FactValue | null {
  if (text.trim() === "") return null
  if (fact.kind === "money") {
    const value = parseAmountInput(text, locale)
    return value !== null && value >= 0 ? value : null
  }
  if (fact.kind === "number") {
    const value = Number(text)
    return Number.isFinite(value) && value >= 0 ? value : null
  }
  if (fact.kind === "boolean") return text === "true" ? true : text === "false" ? false : null
  // DateInput hands over the ISO day, or the typed text when it is not a day.
  if (fact.kind === "date") return isIsoDate(text) ? text : null
  const option = fact.options?.find((o) => String(o.value) === text)
  return option ? option.value : text
}

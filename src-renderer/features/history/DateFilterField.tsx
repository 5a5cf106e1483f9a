import { useEffect, useId, useState } from "react"
import { useI18n } from "../../i18n/i18n-context"
import { dateInputText, missingDayText, parseDateInput, type DateInputResult } from "../../components/date-text"

// A From/To date typed in the UI language's format (a plain text field: the browser's own date
// field shows the operating system's format, mm/dd/yyyy on an English system, whatever the app's
// language). A date that cannot be read keeps the last good filter and says how to write it.

export interface DateFilterFieldProps {
  label: string
  /** ISO date, or "" for none. */
  value: string
  onChange: (iso: string) => void
  testId: string
}

export function DateFilterField({ label, value, onChange, testId }: DateFilterFieldProps) {
  const { t, locale } = useI18n()
  const [text, setText] = useState(() => dateInputText(value, locale))
  const [problem, setProblem] = useState<DateInputResult | null>(null)
  const invalid = problem !== null
  const errorId = useId()
  const hintId = useId()

  // A new language, or the filters cleared elsewhere: show the value in the language's format.
  useEffect(() => {
    setText(dateInputText(value, locale))
    setProblem(null)
  }, [value, locale])

  const commit = (typed: string) => {
    const parsed = parseDateInput(typed, locale)
    if (parsed.kind === "invalid" || parsed.kind === "missing") {
      setProblem(parsed)
      return
    }
    setProblem(null)
    const iso = parsed.kind === "date" ? parsed.iso : ""
    if (iso !== value) onChange(iso)
    else setText(dateInputText(iso, locale))
  }

  return (
    <label className="filter filter-date">
      <span>{label}</span>
      <input
        type="text"
        inputMode="text"
        autoComplete="off"
        value={text}
        placeholder={t("history.date.placeholder")}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : hintId}
        onChange={(e) => {
          setText(e.target.value)
          if (invalid) setProblem(problemOf(parseDateInput(e.target.value, locale)))
        }}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit(e.currentTarget.value)
        }}
        data-testid={testId}
      />
      {invalid ? (
        <span id={errorId} className="field-error" role="alert" data-testid={`${testId}-error`}>
          {problem?.kind === "missing"
            ? t("date.missing", { date: missingDayText(problem, locale), days: problem.daysInMonth })
            : t("history.date.invalid")}
        </span>
      ) : (
        <span id={hintId} className="sr-only">
          {t("history.date.hint")}
        </span>
      )}
    </label>
  )
}

function problemOf(result: DateInputResult): DateInputResult | null {
  return result.kind === "invalid" || result.kind === "missing" ? result : null
}

import { useEffect, useId, useState } from "react"
import { isIsoDate } from "../../src-shared/format/dates"
import { useI18n } from "../i18n/i18n-context"
import { dateInputText, missingDayText, parseDateInput, type DateInputResult } from "./date-text"
import "./date-input.css"

// One date field for the app's forms (issue 23: Ask's as-of date, What-if's date): typed in the
// UI's own format (hr "26. 11. 2026.", en "26 November 2026"; ISO is understood too), not in the
// browser's (its date picker shows mm/dd/yyyy on an English system, whatever the app's language).
// A plain text field, so the keyboard works as in any field. The caller's value is the ISO day, ""
// when empty, or the typed text when it is not a day (which the caller's own ISO check refuses, so
// a wrong date is never sent as an older good one). What is wrong is said under the field when the
// user leaves it or presses Enter: text that is not a date, or a day the month does not have.

export interface DateInputProps {
  /** ISO day, "" for none, or the text typed when it is not a day. */
  value: string
  onChange: (value: string) => void
  testId: string
  /** The field's name for assistive technology when no <label> wraps it. */
  ariaLabel?: string
  /** More description (e.g. what an empty field means), by element id. */
  describedBy?: string
  className?: string
  /** For a <label htmlFor> outside the component. */
  id?: string
  disabled?: boolean
}

function valueOf(result: DateInputResult, typed: string): string {
  if (result.kind === "date") return result.iso
  return result.kind === "empty" ? "" : typed.trim()
}

export function DateInput({ value, onChange, testId, ariaLabel, describedBy, className, id, disabled }: DateInputProps) {
  const { t, locale } = useI18n()
  const [text, setText] = useState(() => (isIsoDate(value) ? dateInputText(value, locale) : value))
  const [shownError, setShownError] = useState<DateInputResult | null>(null)
  const errorId = useId()
  const hintId = useId()

  // The value changed from outside (cleared, carried over): show it in the format. Text that
  // already reads as the value is left as typed, so typing is never rewritten under the cursor;
  // leaving the field (check) writes it the language's way.
  useEffect(() => {
    if (!isIsoDate(value) && value !== "") return
    setText((current) => {
      const shown = parseDateInput(current, locale)
      const same = value === "" ? shown.kind === "empty" : shown.kind === "date" && shown.iso === value
      return same ? current : dateInputText(value, locale)
    })
    setShownError(null)
  }, [value, locale])

  // A new language: the day in that language's format.
  useEffect(() => {
    if (isIsoDate(value)) setText(dateInputText(value, locale))
    // Only the language's change re-formats (the value's own changes are handled above), so
    // `value` is deliberately not a dependency.
  }, [locale])

  const check = (typed: string) => {
    const result = parseDateInput(typed, locale)
    setShownError(result.kind === "invalid" || result.kind === "missing" ? result : null)
    if (result.kind === "date") setText(dateInputText(result.iso, locale))
  }

  const error =
    shownError === null
      ? null
      : shownError.kind === "missing"
        ? t("date.missing", { date: missingDayText(shownError, locale), days: shownError.daysInMonth })
        : t("date.invalid")

  return (
    <>
      <input
        id={id}
        disabled={disabled}
        type="text"
        inputMode="text"
        autoComplete="off"
        className={["date-input", className].filter(Boolean).join(" ")}
        value={text}
        placeholder={t("date.placeholder")}
        aria-label={ariaLabel}
        aria-invalid={error !== null}
        aria-describedby={[error !== null ? errorId : hintId, describedBy].filter(Boolean).join(" ")}
        onChange={(e) => {
          const typed = e.target.value
          setText(typed)
          const result = parseDateInput(typed, locale)
          // An error already shown follows the typing, so it goes away as soon as the date is right.
          if (shownError !== null)
            setShownError(result.kind === "invalid" || result.kind === "missing" ? result : null)
          onChange(valueOf(result, typed))
        }}
        onBlur={(e) => check(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") check(e.currentTarget.value)
        }}
        data-testid={testId}
      />
      {error !== null ? (
        <span
          id={errorId}
          className="field-error date-input-error"
          role="alert"
          data-testid={`${testId}-error`}
        >
          {error}
        </span>
      ) : (
        <span id={hintId} className="sr-only">
          {t("date.hint")}
        </span>
      )}
    </>
  )
}

import { useId, type Ref } from "react"
import { useI18n } from "../../i18n/i18n-context"

// A file path typed as text (the browser host has no file dialog), with a "Choose…" button where
// the host can open a native dialog (Electron), and the field's error or warning beneath it.

export interface PathFieldProps {
  label: string
  hint?: string
  value: string
  onChange(value: string): void
  onBlur?(): void
  disabled?: boolean
  error?: string | null
  warning?: string | null
  /** Shown only when the host has a native dialog. */
  onChoose?: () => void
  inputRef?: Ref<HTMLInputElement>
  testId: string
}

export function PathField(props: PathFieldProps) {
  const { t } = useI18n()
  const id = useId()
  const described = [
    props.hint ? `${id}-hint` : null,
    props.error ? `${id}-error` : null,
    props.warning ? `${id}-warning` : null,
  ]
    .filter((part): part is string => part !== null)
    .join(" ")
  return (
    <div className={`field export-path${props.error ? " has-error" : ""}`}>
      <label htmlFor={id}>{props.label}</label>
      <div className="export-path-row">
        <input
          id={id}
          ref={props.inputRef}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described || undefined}
          data-testid={props.testId}
        />
        {props.onChoose && (
          <button
            type="button"
            onClick={props.onChoose}
            disabled={props.disabled}
            data-testid={`${props.testId}-choose`}
          >
            {t("export.path.choose")}
          </button>
        )}
      </div>
      {props.hint && (
        <p className="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${id}-error`} data-testid={`${props.testId}-error`}>
          {props.error}
        </p>
      )}
      {props.warning && (
        <p className="field-warning" id={`${id}-warning`} data-testid={`${props.testId}-warning`}>
          {props.warning}
        </p>
      )}
    </div>
  )
}

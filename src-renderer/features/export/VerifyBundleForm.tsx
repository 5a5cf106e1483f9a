import { useEffect, useId, useRef, type FormEvent } from "react"
import { useI18n } from "../../i18n/i18n-context"
import { PathField } from "./PathField"
import { useBundleVerification } from "./use-bundle-verification"
import { VerdictView } from "./VerdictView"
import { useExportHostActions, useExportLocation } from "./use-export-host"

// "Verify bundle": a path (typed, or chosen in Electron's dialog) -> the verifier's verdict. By
// default the bundle must also be signed by this installation's key; unticked, a bundle signed
// with another valid key can pass every check but is shown as signed by an untrusted signer, with
// the fingerprint to compare with the one its firm published (one this installation signed still
// counts as trusted: the main process knows its own key).

export interface VerifyBundleFormProps {
  initialPath?: string
  /** Verify `initialPath` at once (the user asked for it with "Verify this file"). */
  runNow?: boolean
}

export function VerifyBundleForm({ initialPath = "", runNow = false }: VerifyBundleFormProps) {
  const { t } = useI18n()
  const bundle = useBundleVerification(initialPath, runNow)
  const location = useExportLocation()
  const host = useExportHostActions()
  const { path, check } = bundle
  const resultRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (check.state === "done" || check.state === "failed") resultRef.current?.focus()
  }, [check.state])

  async function choose() {
    const chosen = await host.choosePath("openBundle", path).catch(() => null)
    if (chosen !== null) bundle.setPath(chosen)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (check.state !== "running") void bundle.verify(path.trim())
  }

  const canChoose = location.state === "ready" && location.value.canChooseFile
  return (
    <div className="verify-bundle" data-testid="verify-bundle">
      <form onSubmit={submit} noValidate>
        <PathField
          label={t("verify.path.label")}
          value={path}
          onChange={(value) => {
            bundle.setPath(value)
            bundle.setPathError(null)
          }}
          error={bundle.pathError}
          {...(canChoose ? { onChoose: () => void choose() } : {})}
          testId="verify-path"
        />
        <RequireOwnKey
          checked={bundle.requireOwnKey && bundle.ownKey !== null}
          disabled={bundle.ownKey === null}
          onChange={bundle.setRequireOwnKey}
        />
        <div className="form-actions">
          <button
            type="submit"
            className="button-primary"
            disabled={check.state === "running"}
            data-testid="verify-submit"
          >
            {check.state === "running" ? t("verify.running") : t("verify.submit")}
          </button>
        </div>
      </form>
      <div ref={resultRef} tabIndex={-1} className="verify-result">
        {check.state === "done" && <VerdictView verdict={check.verdict} />}
        {check.state === "failed" && (
          <p className="notice notice-error" role="alert" data-testid="verify-error">
            {t("verify.failedToRun", { message: check.message })}
          </p>
        )}
      </div>
    </div>
  )
}

/** "Must be signed by this installation's key", with why; off (and unticked) when there is no key. */
function RequireOwnKey({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}) {
  const { t } = useI18n()
  const hintId = useId()
  return (
    <>
      <label className="choice">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hintId}
          data-testid="verify-trusted"
        />
        {t("verify.trusted")}
      </label>
      <p className="hint" id={hintId}>
        {t("verify.trusted.hint")}
      </p>
    </>
  )
}

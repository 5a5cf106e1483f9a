import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import type { BundleVerdict } from "../../../src-shared/export"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { PathField } from "./PathField"
import { VerdictView } from "./VerdictView"
import { useExportHostActions, useExportLocation, useSigningKey } from "./use-export-host"

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

type Check =
  | { state: "idle" }
  | { state: "running" }
  | { state: "done"; verdict: BundleVerdict }
  | { state: "failed"; message: string }

export function VerifyBundleForm({ initialPath = "", runNow = false }: VerifyBundleFormProps) {
  const { t } = useI18n()
  const { api } = useStores()
  const key = useSigningKey()
  const location = useExportLocation()
  const host = useExportHostActions()
  const [path, setPath] = useState(initialPath)
  const [pathError, setPathError] = useState<string | null>(null)
  const [requireOwnKey, setRequireOwnKey] = useState(true)
  const [check, setCheck] = useState<Check>({ state: "idle" })
  const resultRef = useRef<HTMLDivElement>(null)
  const hintId = useId()
  const ownKey = key.state === "ready" ? key.value.publicKeyPem : null
  const keyKnown = key.state !== "loading"

  async function verify(value: string) {
    if (value === "") {
      setPathError(t("export.path.empty"))
      return
    }
    setPathError(null)
    setCheck({ state: "running" })
    try {
      const trusted = requireOwnKey && ownKey !== null ? { trustedKeyPem: ownKey } : {}
      setCheck({ state: "done", verdict: await call("verifyBundle", { path: value, ...trusted }, api) })
    } catch (e) {
      setCheck({ state: "failed", message: e instanceof Error ? e.message : String(e) })
    }
  }

  // "Verify this file": run once the signing key is known, so the key requirement applies.
  const started = useRef(false)
  useEffect(() => {
    if (!runNow || started.current || !keyKnown) return
    started.current = true
    void verify(initialPath.trim())
  })

  useEffect(() => {
    if (check.state === "done" || check.state === "failed") resultRef.current?.focus()
  }, [check.state])

  async function choose() {
    const chosen = await host.choosePath("openBundle", path).catch(() => null)
    if (chosen !== null) setPath(chosen)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (check.state !== "running") void verify(path.trim())
  }

  const canChoose = location.state === "ready" && location.value.canChooseFile
  return (
    <div className="verify-bundle" data-testid="verify-bundle">
      <form onSubmit={submit} noValidate>
        <PathField
          label={t("verify.path.label")}
          value={path}
          onChange={(value) => {
            setPath(value)
            setPathError(null)
          }}
          error={pathError}
          {...(canChoose ? { onChoose: () => void choose() } : {})}
          testId="verify-path"
        />
        <label className="choice">
          <input
            type="checkbox"
            checked={requireOwnKey && ownKey !== null}
            disabled={ownKey === null}
            onChange={(e) => setRequireOwnKey(e.target.checked)}
            aria-describedby={hintId}
            data-testid="verify-trusted"
          />
          {t("verify.trusted")}
        </label>
        <p className="hint" id={hintId}>
          {t("verify.trusted.hint")}
        </p>
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

import { useEffect, useRef, useState } from "react"
import type { BundleVerdict } from "../../../src-shared/export"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { useSigningKey } from "./use-export-host"

// Verifying one bundle: the path, whether this installation's key must have signed it (by default,
// once the key is known), and the check's state. With `runNow` the initial path is verified as
// soon as the signing key is known, so the key requirement applies.

export type BundleCheck =
  | { state: "idle" }
  | { state: "running" }
  | { state: "done"; verdict: BundleVerdict }
  | { state: "failed"; message: string }

export function useBundleVerification(initialPath: string, runNow: boolean) {
  const { t } = useI18n()
  const { api } = useStores()
  const key = useSigningKey()
  const [path, setPath] = useState(initialPath)
  const [pathError, setPathError] = useState<string | null>(null)
  const [requireOwnKey, setRequireOwnKey] = useState(true)
  const [check, setCheck] = useState<BundleCheck>({ state: "idle" })
  /** This installation's public key, once known (null: none, or not loaded). */
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
      setCheck({ state: "done", verdict: await call("exports.verify", { path: value, ...trusted }, api) })
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

  return { path, setPath, pathError, setPathError, requireOwnKey, setRequireOwnKey, ownKey, check, verify }
}

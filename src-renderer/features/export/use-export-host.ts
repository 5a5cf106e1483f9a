import { useEffect, useState } from "react"
import type { ExportLocation, ExportPathCheck, SigningKeyInfo } from "../../../src-shared/export"
import { ApiError, call } from "../../api/client"
import { useStores } from "../../state/stores"

// What the export screens ask the host once: where bundles go by default, whether a native file
// dialog exists, the installation's signing key; and the checks and dialogs they ask for on demand.

export type Loaded<T> =
  { state: "loading" } | { state: "ready"; value: T } | { state: "failed"; message: string }

export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" })
  useEffect(() => {
    let live = true
    load().then(
      (value) => {
        if (live) setLoaded({ state: "ready", value })
      },
      (e: unknown) => {
        if (live) setLoaded({ state: "failed", message: e instanceof Error ? e.message : String(e) })
      },
    )
    return () => {
      live = false
    }
    // The loader is a new closure every render; `deps` says when it really changes.
  }, deps)
  return loaded
}

export function useExportLocation(): Loaded<ExportLocation> {
  const { api } = useStores()
  return useLoaded(() => call("exports.location", {}, api), [api])
}

export function useSigningKey(): Loaded<SigningKeyInfo> {
  const { api } = useStores()
  return useLoaded(() => call("exports.signingKey", {}, api), [api])
}

export interface ExportHostActions {
  checkPath(path: string): Promise<ExportPathCheck>
  /** The chosen path, or null when the dialog was closed or there is none (browser host). */
  choosePath(purpose: "saveBundle" | "openBundle", defaultPath: string): Promise<string | null>
}

export function useExportHostActions(): ExportHostActions {
  const { api } = useStores()
  return {
    checkPath: (path) => call("exports.checkPath", { path }, api),
    async choosePath(purpose, defaultPath) {
      try {
        const chosen = await call(
          "exports.chooseFile",
          { purpose, ...(defaultPath.trim() === "" ? {} : { defaultPath }) },
          api,
        )
        return chosen.path
      } catch (error) {
        if (error instanceof ApiError && error.code === "UNAVAILABLE") return null
        throw error
      }
    },
  }
}

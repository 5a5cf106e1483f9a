import { useMemo, useState } from "react"
import type { ExportLocation, ExportPathProblem } from "../../../src-shared/export"
import { useI18n } from "../../i18n/i18n-context"
import { folderOf, joinPath, suggestedFileName } from "./export-paths"
import type { ExportHostActions, Loaded } from "./use-export-host"

// Where the bundle goes: a fresh suggestion in the host's export folder (per export, so a second
// export never silently replaces the first) until the user types or chooses another path. The host
// checks the path, so a folder that does not exist is said in words at once, and an existing file
// is warned about.

export interface BundlePath {
  path: string
  error: string | null
  /** The file exists already (it would be replaced). */
  exists: boolean
  /** The user typed a path. */
  edit(value: string): void
  /** Asks the host about a path; true when it can be written. */
  check(value: string): Promise<boolean>
  /** Opens the host's file dialog (only where it has one). */
  choose(): Promise<void>
  /** Back to a fresh suggestion, for the next export. */
  next(): void
}

export function useBundlePath(
  location: Loaded<ExportLocation>,
  host: ExportHostActions,
  requestId: string | undefined,
): BundlePath {
  const { t } = useI18n()
  const folder = location.state === "ready" ? location.value : null
  const [generation, setGeneration] = useState(0)
  const suggested = useMemo(
    () => (folder === null ? "" : joinPath(folder, suggestedFileName(new Date(), requestId, generation + 1))),
    [folder, requestId, generation],
  )
  const [edited, setEdited] = useState<string | null>(null)
  const path = edited ?? suggested
  const [error, setError] = useState<string | null>(null)
  const [exists, setExists] = useState(false)

  const problemText = (problem: ExportPathProblem, value: string) =>
    t(`export.path.problem.${problem}`, { folder: folderOf(value) })

  async function check(value: string): Promise<boolean> {
    if (value === "") {
      setError(t("export.path.empty"))
      return false
    }
    try {
      const result = await host.checkPath(value)
      setError(result.problem === null ? null : problemText(result.problem, value))
      setExists(result.exists)
      return result.problem === null
    } catch {
      // The host did not answer the check; starting will say why in the outcome.
      setError(null)
      return true
    }
  }

  async function choose() {
    const chosen = await host.choosePath("saveBundle", path).catch(() => null)
    if (chosen === null) return
    setEdited(chosen)
    void check(chosen)
  }

  function edit(value: string) {
    setEdited(value)
    setError(null)
    setExists(false)
  }

  function next() {
    setEdited(null)
    setExists(false)
    setGeneration((n) => n + 1)
  }

  return { path, error, exists, edit, check, choose, next }
}

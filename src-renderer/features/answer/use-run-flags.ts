import { useCallback, useEffect, useState } from "react"
import type { Flag, FlagKind } from "../../../src-shared/flags"
import { call } from "../../api/client"
import { useStores } from "../../state/stores"
import { useProfiles } from "../rules/use-profiles"

// The reports made on one run (each with its review status), and sending a new one, raised by the
// window's current profile when one is chosen (the rules screen's choice). A list that cannot be
// read shows no reports rather than an error: reporting still works, and says so if not.

export interface RunFlags {
  /** Null until loaded; oldest first. */
  flags: Flag[] | null
  /** Sends a report; throws ApiError when the host refuses it (the form shows why). */
  report(kind: FlagKind, note: string): Promise<Flag>
}

export function useRunFlags(runId: string): RunFlags {
  const { api } = useStores()
  const profileId = useProfiles().current?.id
  const [flags, setFlags] = useState<Flag[] | null>(null)

  useEffect(() => {
    let current = true
    call("flags.list", { runId, status: "all" }, api).then(
      (items) => {
        if (current) setFlags(items.map((item) => item.flag))
      },
      () => {
        if (current) setFlags([])
      },
    )
    return () => {
      current = false
    }
  }, [api, runId])

  const report = useCallback(
    async (kind: FlagKind, note: string) => {
      const flag = await call("flags.create", { runId, kind, note, ...(profileId === undefined ? {} : { profileId }) }, api)
      setFlags((known) => [...(known ?? []), flag])
      return flag
    },
    [api, runId, profileId],
  )
  return { flags, report }
}

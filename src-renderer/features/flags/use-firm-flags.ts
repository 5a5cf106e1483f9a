import { useEffect, useRef, useState } from "react"
import type { FirmFlagQueue } from "../../../src-shared/firm"
import { call } from "../../api/client"
import type { MessageKey } from "../../i18n/catalog"
import { useStores } from "../../state/stores"
import { flagErrorKey } from "../../ui/flag-error"
import type { QueueShow } from "./use-flag-queue"

// Other desks' flags (issue 25) as the review queue shows them: open or all, as this desk last took
// them from the firm. Read-only here; read again when the firm's state changes (a sync may have
// brought new ones down, an unlink ends the link). An answer to an older request arriving late
// never replaces the current list.

export interface FirmFlags {
  queue: FirmFlagQueue | null
  /** Why the list could not be read, as a catalog message. */
  error: MessageKey | null
}

export function useFirmFlags(show: QueueShow): FirmFlags {
  const { api } = useStores()
  const [queue, setQueue] = useState<FirmFlagQueue | null>(null)
  const [error, setError] = useState<MessageKey | null>(null)
  const [version, setVersion] = useState(0)
  const generation = useRef(0)

  useEffect(() => api.on("firm.changed", () => setVersion((v) => v + 1)), [api])

  useEffect(() => {
    const mine = ++generation.current
    call("firm.flags", { status: show }, api).then(
      (next) => {
        if (mine !== generation.current) return
        setQueue(next)
        setError(null)
      },
      (e: unknown) => {
        if (mine === generation.current) setError(flagErrorKey(e, "list"))
      },
    )
  }, [api, show, version])

  return { queue, error }
}

import { useCallback, useEffect, useRef, useState } from "react"
import type { FlagQueueItem } from "../../../src-shared/flags"
import { call } from "../../api/client"
import type { MessageKey } from "../../i18n/catalog"
import { flagErrorKey } from "../../ui/flag-error"
import { useStores } from "../../state/stores"

// The review queue as the screen shows it: the open flags (or all), read again after every
// decision. An answer to an older request arriving late never replaces the current list.

export type QueueShow = "open" | "all"

export interface FlagQueue {
  items: FlagQueueItem[] | null
  /** Why the list could not be read, as a catalog message. */
  error: MessageKey | null
  reload(): void
}

export function useFlagQueue(show: QueueShow): FlagQueue {
  const { api } = useStores()
  const [items, setItems] = useState<FlagQueueItem[] | null>(null)
  const [error, setError] = useState<MessageKey | null>(null)
  const [version, setVersion] = useState(0)
  const generation = useRef(0)

  useEffect(() => {
    const mine = ++generation.current
    call("flags.list", { status: show }, api).then(
      (list) => {
        if (mine !== generation.current) return
        setItems(list)
        setError(null)
      },
      (e: unknown) => {
        if (mine === generation.current) setError(flagErrorKey(e, "list"))
      },
    )
  }, [api, show, version])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { items, error, reload }
}

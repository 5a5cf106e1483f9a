import { useEffect, useRef, useState } from "react"
import type { Scenario, ScenarioFilter } from "../../../src-shared/whatif"
import { call } from "../../api/client"
import { useStores } from "../../state/stores"

// The saved scenarios that match a filter; typing in the search waits a moment before asking.
// An answer to an older filter arriving late never replaces the current list.

const SEARCH_DELAY_MS = 250

export function useScenarioList(filter: ScenarioFilter): { items: Scenario[] | null; error: string | null } {
  const { api } = useStores()
  const [items, setItems] = useState<Scenario[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const generation = useRef(0)

  useEffect(() => {
    const mine = ++generation.current
    const timer = setTimeout(
      () => {
        call("scenarios.list", filter, api).then(
          (list) => {
            if (mine === generation.current) {
              setItems(list)
              setError(null)
            }
          },
          (e: unknown) => {
            if (mine === generation.current) setError(e instanceof Error ? e.message : String(e))
          },
        )
      },
      filter.search ? SEARCH_DELAY_MS : 0,
    )
    return () => clearTimeout(timer)
  }, [api, filter])

  return { items, error }
}

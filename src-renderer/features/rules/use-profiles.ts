import { useCallback, useEffect, useState } from "react"
import type { RuleProfile } from "../../../src-shared/rule-changes"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"

// The local profiles and which one is working at this window. The choice is remembered in the
// window's storage (a desk is usually one person); the main process records the profile with
// every move of a rule change, and four eyes compares it with the change's author.

const STORAGE_KEY = "fiskai.rules.profile"

function remembered(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY)
  } catch {
    // Storage can be unavailable (a locked-down profile): the choice then lasts for this screen.
    return null
  }
}

function remember(id: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, id)
  } catch {
    // See remembered().
  }
}

export interface Profiles {
  profiles: RuleProfile[] | null
  current: RuleProfile | null
  choose(id: string): void
  /** Adds a profile and makes it current; rejects with the main process's reason. */
  add(displayName: string): Promise<RuleProfile>
  loadError: boolean
}

export function useProfiles(): Profiles {
  const { api } = useStores()
  const { locale } = useI18n()
  const [profiles, setProfiles] = useState<RuleProfile[] | null>(null)
  const [currentId, setCurrentId] = useState<string | null>(remembered)
  const [loadError, setLoadError] = useState(false)

  useEffect(() => {
    call("profiles.list", {}, api).then(setProfiles, () => setLoadError(true))
  }, [api])

  const choose = useCallback((id: string) => {
    setCurrentId(id)
    remember(id)
  }, [])

  const add = useCallback(
    async (displayName: string) => {
      const profile = await call("profiles.create", { displayName, locale }, api)
      setProfiles((list) => [...(list ?? []), profile])
      choose(profile.id)
      return profile
    },
    [api, choose, locale],
  )

  const current = profiles?.find((p) => p.id === currentId) ?? null
  return { profiles, current, choose, add, loadError }
}

import { useEffect, useSyncExternalStore, type ReactNode } from "react"
import { I18nProvider } from "../i18n/i18n-context"
import { useSettings, useStores } from "../state/stores"

// Applies the user's settings to the whole window: the UI language, and reduced motion (from the
// setting or from the operating system) as a class on <html> that the styles honour.

const motionQuery = "(prefers-reduced-motion: reduce)"

function useSystemReducedMotion(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(motionQuery)
      query.addEventListener("change", notify)
      return () => query.removeEventListener("change", notify)
    },
    () => window.matchMedia(motionQuery).matches,
  )
}

export function Preferences({ children }: { children: ReactNode }) {
  const stores = useStores()
  const { settings, loaded } = useSettings()
  const systemReduced = useSystemReducedMotion()
  const reduced = settings.reducedMotion || systemReduced

  useEffect(() => {
    if (!loaded) void stores.settings.load()
  }, [loaded, stores])

  useEffect(() => {
    document.documentElement.lang = settings.locale
  }, [settings.locale])

  useEffect(() => {
    document.documentElement.classList.toggle("reduce-motion", reduced)
  }, [reduced])

  return <I18nProvider locale={settings.locale}>{children}</I18nProvider>
}

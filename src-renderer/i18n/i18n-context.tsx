import { createContext, useContext, useMemo, type ReactNode } from "react"
import type { Locale } from "../../src-shared/events/stages"
import { translator, type Translate } from "./translate"

// The UI locale for components. It comes from the user's settings (Croatian by default).

interface I18n {
  locale: Locale
  t: Translate
}

const I18nContext = createContext<I18n>({ locale: "hr", t: translator("hr") })

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: translator(locale) }), [locale])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  return useContext(I18nContext)
}

import { createContext, useContext, useMemo, type ReactNode } from "react"
import type { Locale } from "../../src-shared/events/stages"
import { translateCount, type CountKey } from "./plural"
import { translator, type MessageParams, type Translate } from "./translate"

// The UI locale for components. It comes from the user's settings (Croatian by default).

/** A counted message: `tn("whatif.conclusion.removed", 2)` → "2 uklonjene" (see plural.ts). */
export type TranslateCount = (base: CountKey, count: number, params?: MessageParams) => string

interface I18n {
  locale: Locale
  t: Translate
  tn: TranslateCount
}

function i18nFor(locale: Locale): I18n {
  return {
    locale,
    t: translator(locale),
    tn: (base, count, params) => translateCount(locale, base, count, params),
  }
}

const I18nContext = createContext<I18n>(i18nFor("hr"))

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => i18nFor(locale), [locale])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  return useContext(I18nContext)
}

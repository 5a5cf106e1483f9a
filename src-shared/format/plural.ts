import type { Locale } from "../events/stages"

// Counts that agree with their noun. Croatian has three forms: one (1, 21, 101 provjera → "1
// provjera"), few (2-4, 22-24: "2 provjere") and other (5-20, 25…, and 11-14: "5 provjera");
// English two (one, other).

export type PluralForm = "one" | "few" | "other"

/** The forms of one noun phrase: Croatian one/few/other, English one/other. */
export interface PluralForms {
  hr: { one: string; few: string; other: string }
  en: { one: string; other: string }
}

export function pluralForm(count: number, locale: Locale): PluralForm {
  const n = Math.abs(Math.trunc(count))
  if (locale === "en") return n === 1 ? "one" : "other"
  const last = n % 10
  const lastTwo = n % 100
  if (last === 1 && lastTwo !== 11) return "one"
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return "few"
  return "other"
}

/** The noun for `count` in `locale`, without the number: plural(5, "hr", PROVJERA) → "provjera". */
export function plural(count: number, locale: Locale, forms: PluralForms): string {
  const form = pluralForm(count, locale)
  if (locale === "en") return form === "one" ? forms.en.one : forms.en.other
  return forms.hr[form]
}

/** The count and its noun: countOf(2, "hr", PROVJERA) → "2 provjere", countOf(1, "en", …) → "1 check". */
export function countOf(count: number, locale: Locale, forms: PluralForms): string {
  return `${count} ${plural(count, locale, forms)}`
}

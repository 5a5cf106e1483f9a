import type { Locale } from "../../src-shared/events/stages"
import { pluralForm, type PluralForm } from "../../src-shared/format/plural"
import type { MessageKey } from "./catalog"
import { translate, type MessageParams } from "./translate"

// Counts in the UI agree with their noun: a counted message is three catalog keys, `BASE.one`,
// `BASE.few` and `BASE.other` ("1 provjera", "2 provjere", "5 provjera"; English uses one and
// other, its `few` repeats `other`), and {n} is the count. The forms come from src-shared/format/plural.ts.

/** A key family of the catalog with all three plural forms. */
export type CountKey = {
  [K in MessageKey]: K extends `${infer Base}.other`
    ? `${Base}.one` extends MessageKey
      ? `${Base}.few` extends MessageKey
        ? Base
        : never
      : never
    : never
}[MessageKey]

export function translateCount(
  locale: Locale,
  base: CountKey,
  count: number,
  params: MessageParams = {},
): string {
  const form: PluralForm = pluralForm(count, locale)
  const key: MessageKey = `${base}.${form}`
  return translate(locale, key, { ...params, n: count })
}

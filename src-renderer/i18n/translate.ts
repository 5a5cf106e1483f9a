import type { Locale } from "../../src-shared/events/stages"
import { catalog, type MessageKey } from "./catalog"

// Looking up and filling a catalog message. Pure, so formatters and selectors can use it in tests.

export type MessageParams = Readonly<Record<string, string | number>>

export type Translate = (key: MessageKey, params?: MessageParams) => string

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template: string = catalog[key][locale]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name]
    return value === undefined ? whole : String(value)
  })
}

export function translator(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params)
}

/** The keys of a template-literal family, checked against the catalog (e.g. `stage.${ReasoningStage}`). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalog, key)
}

/** Placeholder names of a template, sorted; both languages of a key must agree. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "").sort()
}

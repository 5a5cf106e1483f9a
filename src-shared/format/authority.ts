import type { Authority, Locale } from "../events/stages"

// What kind of source a citation rests on, in words a reader knows: the answer text never shows
// the pack's codes (LAW, GUIDANCE, ...). The window's catalog uses the same words.

const AUTHORITY_NAMES: Record<Authority, { hr: string; en: string }> = {
  LAW: { hr: "zakon", en: "law" },
  REGULATION: { hr: "pravilnik", en: "regulation" },
  GUIDANCE: { hr: "službena uputa", en: "official guidance" },
  PRACTICE: { hr: "praksa", en: "practice" },
}

export function authorityName(authority: Authority, locale: Locale): string {
  return AUTHORITY_NAMES[authority][locale]
}

import type { Locale } from "../../src-shared/events/stages"
import type { ShadowProgress } from "../../src-shared/shadow"

// One line of progress while a shadow runs (the CLI redraws it on standard error).

export function shadowProgressLine(p: ShadowProgress, locale: Locale): string {
  const percent = Math.floor((100 * p.done) / Math.max(1, p.total))
  return locale === "hr"
    ? `probni prolaz: ${p.done}/${p.total} istraživanja (${percent} %), promjena: ${p.changed}`
    : `shadow run: ${p.done}/${p.total} runs (${percent}%), changed: ${p.changed}`
}

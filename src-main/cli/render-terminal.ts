import type { TerminalEvent } from "../../src-shared/events/event"
import type { Citation } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"
import { authorityName } from "../../src-shared/format/authority"
import { formatDate } from "../../src-shared/format/dates"

// The outcome of a run as plain text: the answer with its citations, or the refusal with next
// steps, or the error with its correlation id.

export function renderTerminal(event: TerminalEvent, locale: Locale): string[] {
  const t = (hr: string, en: string) => (locale === "hr" ? hr : en)
  const lines: string[] = []
  switch (event.stage) {
    case "REFUSAL": {
      const d = event.data
      lines.push(`${t("ODBIJENO", "REFUSED")}: ${d.message}`)
      if (d.detail) lines.push(`  ${d.detail}`)
      if (d.requiredFields?.length)
        lines.push(`  ${t("Potrebni podaci", "Required facts")}: ${d.requiredFields.join(", ")}`)
      for (const step of d.nextSteps) lines.push(`  → ${step}`)
      return lines
    }
    case "ERROR": {
      const d = event.data
      lines.push(`${t("GREŠKA", "ERROR")} (${d.code}): ${d.message}`)
      lines.push(
        `  ${t("Identifikator", "Correlation id")}: ${d.correlationId}${d.failedStage ? ` · ${d.failedStage}` : ""}`,
      )
      return lines
    }
    default: {
      const d = event.data
      const label =
        event.stage === "ANSWER"
          ? t("ODGOVOR", "ANSWER")
          : event.stage === "QUALIFIED_ANSWER"
            ? t("ODGOVOR S NAPOMENAMA", "QUALIFIED ANSWER")
            : t("UVJETNI ODGOVOR", "CONDITIONAL ANSWER")
      lines.push(`${label}: ${d.headline}`, "")
      // An English run's English text may be empty (the headline said it all): never fall back to
      // the Croatian text under an English headline.
      const body = locale === "en" && d.answerEn !== undefined ? d.answerEn : d.answerHr
      if (body) lines.push(...wrap(body, 100, ""))
      if (event.stage === "QUALIFIED_ANSWER") {
        for (const warning of event.data.conflictWarnings) {
          lines.push("", `⚠ ${warning.description}`)
          lines.push(
            `    A: ${warning.sourceA.name}: ${warning.sourceA.says}`,
            `    B: ${warning.sourceB.name}: ${warning.sourceB.says}`,
          )
          if (warning.practicalResolution) lines.push(...wrap(warning.practicalResolution, 96, "    "))
        }
      }
      // Each possibility once, in words: the answer text only says what it depends on. A single
      // possibility is the headline itself, and listing it again would say it twice.
      if (event.stage === "CONDITIONAL_ANSWER" && event.data.branches.length > 1)
        for (const branch of event.data.branches)
          lines.push(...wrap(`• ${branch.condition}: ${branch.answer || t("nijedno pravilo", "no rule")}`, 96, "  "))
      const s = d.structured
      for (const [title, items] of [
        [t("Obveze", "Obligations"), s?.obligations],
        [t("Rokovi", "Deadlines"), s?.deadlines],
        [t("Pragovi", "Thresholds"), s?.thresholds],
      ] as const)
        if (items && items.length > 0) lines.push("", `${title}:`, ...items.map((i) => `  • ${i}`))
      lines.push("", `${t("Izvori", "Sources")}:`)
      d.citations.forEach((c, i) => lines.push(...citation(c, i, locale)))
      lines.push("", `${t("Stanje na dan", "As of")}: ${formatDate(d.asOfDate, locale)}`)
      if (d.limits?.length) lines.push(`${t("Ograničenja", "Limits")}:`, ...d.limits.map((l) => `  - ${l}`))
      return lines
    }
  }
}

function citation(c: Citation, i: number, locale: Locale): string[] {
  const t = (hr: string, en: string) => (locale === "hr" ? hr : en)
  return [
    `  [${i + 1}] ${c.title} — ${c.sourceName} (${authorityName(c.authority, locale)}${c.role === "primary" ? t(", glavni izvor", ", main source") : ""})`,
    `      ${c.url}`,
    // The evidence id is the pack's key, kept in --json and the trace, not in the reader's text.
    // A quote keeps the page's words, not its line breaks: the list stays one block per source.
    `      ${t("„", "“")}${c.quote.replace(/\s+/g, " ").trim()}” (${t("dohvaćeno", "fetched")} ${formatDate(c.fetchedAt, locale)})`,
  ]
}

function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = []
  let line = ""
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(indent + line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(indent + line)
  return lines
}

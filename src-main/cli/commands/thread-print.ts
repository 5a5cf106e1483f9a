import type { InheritedPart } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"
import { formatDate } from "../../../src-shared/format/dates"
import { countOf, type PluralForms } from "../../../src-shared/format/plural"
import { threadDeletedText, type Thread, type ThreadDeleteResult, type ThreadDetail, type ThreadTurn } from "../../../src-shared/threads"
import type { PendingMention } from "../../../src-shared/thread-mentions"
import type { CliStream } from "../io"

// What `fiskai thread list|show|delete` print: one line per thread; a thread's turns with how each
// ended, its headline, and the parts a follow-up inherited from the turn before (the chips the
// window shows); --json prints the contract's objects as they are.

const TURNS: PluralForms = {
  hr: { one: "pitanje", few: "pitanja", other: "pitanja" },
  en: { one: "turn", other: "turns" },
}

const PART_NAMES: Record<InheritedPart, Record<Locale, string>> = {
  subject: { hr: "predmet", en: "subject" },
  attribute: { hr: "što se pita", en: "what is asked" },
  date: { hr: "datum", en: "date" },
  entity: { hr: "obveznik", en: "entity" },
}

interface PrintOptions {
  json: boolean
  locale: Locale
}

export function printThreadList(out: CliStream, threads: readonly Thread[], { json, locale }: PrintOptions): void {
  if (json) {
    out.write(`${JSON.stringify(threads)}\n`)
    return
  }
  if (threads.length === 0) {
    out.write(locale === "hr" ? "Nema razgovora.\n" : "No threads.\n")
    return
  }
  for (const thread of threads)
    out.write(`${thread.id}  ${thread.updatedAt.slice(0, 16).replace("T", " ")}  ${countOf(thread.turnCount, locale, TURNS)}  ${titleOf(thread, locale)}\n`)
}

export function printThread(out: CliStream, detail: ThreadDetail, { json, locale }: PrintOptions): void {
  if (json) {
    out.write(`${JSON.stringify(detail)}\n`)
    return
  }
  const { thread } = detail
  const hr = locale === "hr"
  const facts = [
    thread.clientId === null ? null : `${hr ? "klijent" : "client"} ${thread.clientId}`,
    thread.asOfDate === null ? null : `${hr ? "na dan" : "as of"} ${formatDate(thread.asOfDate, locale)}`,
    countOf(thread.turnCount, locale, TURNS),
  ].filter((fact): fact is string => fact !== null)
  out.write(`${titleOf(thread, locale)}  (${thread.id})\n${facts.join(" · ")}\n`)
  for (const turn of detail.turns) out.write(turnLines(turn, locale).join("\n") + "\n")
}

export function printThreadDeleted(out: CliStream, result: ThreadDeleteResult, locale: Locale): void {
  out.write(`${threadDeletedText(result, locale)}\n`)
}

function turnLines(turn: ThreadTurn, locale: Locale): string[] {
  const hr = locale === "hr"
  const lines = [`\n${turn.seq}. ${turn.question}`]
  if (turn.effectiveQuestion !== null && turn.effectiveQuestion !== turn.question)
    lines.push(`   ${hr ? "pročitano kao" : "read as"}: ${turn.effectiveQuestion}`)
  if (turn.inherited.length > 0)
    lines.push(`   ${hr ? "preuzeto" : "inherited"}: ${turn.inherited.map((chip) => `${PART_NAMES[chip.part][locale]} „${chip.text}“`).join(", ")}`)
  if (turn.dropped.length > 0)
    lines.push(`   ${hr ? "uklonjeno" : "cleared"}: ${turn.dropped.map((part) => PART_NAMES[part][locale]).join(", ")}`)
  lines.push(`   → ${endOf(turn, locale)}${turn.headline === null ? "" : `: ${turn.headline}`}`)
  lines.push(`   ${turn.requestId}`)
  return lines
}

function endOf(turn: ThreadTurn, locale: Locale): string {
  if (turn.outcome !== null) return turn.outcome
  const hr = locale === "hr"
  if (turn.status === "awaiting_input") return hr ? "čeka pojašnjenje" : "waiting for a clarification"
  if (turn.status === "interrupted") return hr ? "prekinuto" : "interrupted"
  return hr ? "u tijeku" : "running"
}

function titleOf(thread: Thread, locale: Locale): string {
  if (thread.title !== "") return thread.title
  return locale === "hr" ? "(bez naslova)" : "(untitled)"
}

/** The mentions a question could not resolve, each with the documents it may mean (stderr of `thread ask`). */
export function unclearMentionsText(paused: PendingMention, locale: Locale): string {
  const head =
    locale === "hr"
      ? "fiskai thread: nije jasno na koje dokumente pitanje misli; ništa nije pokrenuto. Ponovite pitanje s točnim brojem ili naslovom:"
      : "fiskai thread: it is not clear which documents the question means; nothing ran. Ask again with the exact number or title:"
  const lines = paused.unresolved.flatMap(({ mention, candidates }) => [
    `  @${mention}${locale === "hr" ? " može značiti:" : " may mean:"}`,
    ...candidates.map((c) => `    - ${c.invoiceNumber === null ? c.title : `${c.invoiceNumber} (${c.title})`} [${c.id}]`),
  ])
  return `${[head, ...lines].join("\n")}\n`
}

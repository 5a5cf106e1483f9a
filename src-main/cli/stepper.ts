import { isTerminal, type ReasoningEvent } from "../../src-shared/events/event"
import type { Locale, ReasoningStage } from "../../src-shared/events/stages"
import type { CliStream } from "./io"
import { printableText } from "../util/printable"
import { renderTerminal } from "./render-terminal"

// The terminal stepper: one line per stage (✓ with its summary once done; the current stage with
// its messages and sources as they arrive). On a TTY the block is redrawn in place; otherwise
// every event appends plain lines, so logs and pipes stay readable.

const LABELS: Record<string, { hr: string; en: string }> = {
  QUESTION_INTAKE: { hr: "Pitanje", en: "Question" },
  CONTEXT_RESOLUTION: { hr: "Kontekst", en: "Context" },
  CLARIFICATION: { hr: "Pojašnjenje", en: "Clarification" },
  SOURCES: { hr: "Izvori", en: "Sources" },
  RETRIEVAL: { hr: "Pravila", en: "Rules" },
  APPLICABILITY: { hr: "Primjenjivost", en: "Applicability" },
  CONFLICTS: { hr: "Sukobi", en: "Conflicts" },
  ANALYSIS: { hr: "Analiza", en: "Analysis" },
  CONFIDENCE: { hr: "Pouzdanost", en: "Confidence" },
}

interface StageLine {
  stage: ReasoningStage
  done: boolean
  text: string
  details: string[]
}

export interface EventPrinter {
  onEvent(event: ReasoningEvent): void
  /** The locale the printer settled on (from the run's events, unless fixed). */
  readonly locale: Locale
}

export function stageLabel(stage: string, locale: Locale): string {
  return LABELS[stage]?.[locale] ?? stage
}

export function createEventPrinter(
  out: CliStream,
  options: { locale?: Locale; live?: boolean } = {},
): EventPrinter {
  let locale: Locale = options.locale ?? "hr"
  const fixedLocale = options.locale !== undefined
  const live = options.live ?? out.isTTY === true
  const stages: StageLine[] = []
  let drawn = 0

  const lineOf = (s: StageLine) =>
    `${s.done ? "✓" : "…"} ${stageLabel(s.stage, locale)}${s.text ? ` — ${s.text}` : ""}`
  const redraw = () => {
    const lines: string[] = []
    for (const s of stages) {
      lines.push(lineOf(s))
      if (!s.done) lines.push(...s.details.map((d) => `    · ${d}`))
    }
    // Move up over the previous block, clear it, draw the new one. Lines are cut to the
    // terminal's width so that none wraps and the count of lines to move up stays right.
    const width = Math.max(20, (out.columns || 120) - 1)
    const fitted = lines.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l))
    const terminal = out.raw ?? out
    terminal.write(`${drawn > 0 ? `\x1b[${drawn}A` : ""}\x1b[J${printableText(fitted.join("\n"))}\n`)
    drawn = lines.length
  }

  const stageLine = (stage: ReasoningStage) => {
    let line = stages.find((s) => s.stage === stage)
    if (!line) {
      line = { stage, done: false, text: "", details: [] }
      stages.push(line)
    }
    return line
  }

  return {
    get locale() {
      return locale
    },
    onEvent(event) {
      // The question's language is known from the intake on; a run refused right there (off
      // topic) must not print its English refusal under Croatian labels.
      if (!fixedLocale && (event.stage === "QUESTION_INTAKE" || event.stage === "CONTEXT_RESOLUTION") && event.status === "complete")
        locale = event.data.language
      if (isTerminal(event)) {
        if (live) drawn = 0
        out.write(`\n${renderTerminal(event, locale).join("\n")}\n`)
        return
      }
      const line = stageLine(event.stage)
      if (event.status === "awaiting_input") {
        line.text = event.message ?? ""
        const options = event.data.options ?? []
        line.details = options.map((o, i) => `${i + 1}) ${o.label}  [${o.value}]`)
        if (!live)
          out.write(
            `? ${stageLabel(event.stage, locale)}: ${line.text}\n${line.details.map((d) => `    ${d}\n`).join("")}`,
          )
      } else if (event.status === "complete") {
        line.done = true
        line.text = event.message ?? ""
        if (!live) out.write(`${lineOf(line)}\n`)
      } else {
        if (event.message && event.status !== "started") line.details.push(event.message)
        else if (event.message) line.text = event.message
        if (!live)
          out.write(event.status === "started" ? `${lineOf(line)}\n` : `    · ${event.message ?? ""}\n`)
      }
      if (live) redraw()
    },
  }
}

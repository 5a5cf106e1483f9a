import { z } from "zod"
import { IsoDate } from "../../../src-shared/context"
import type { Locale } from "../../../src-shared/events/stages"
import { formatMoney, formatNumber, neededDecimals } from "../../../src-shared/format/numbers"
import { pluralForm } from "../../../src-shared/format/plural"
import type { AskInput } from "../../state/run-store"

// Supplying a refused run's missing fact where the refusal stands (issue 23). The new run goes the
// one way every question goes, runs.ask: the date as the as-of date, every other fact as a short
// sentence added to the question, in the question's language. The question tells the engine's
// interpreter the fact the way a user would ("Promet 65.000,00 EUR."), and the new run's trace
// shows exactly what was asked. Facts the question cannot carry (the NKD activity, last year's
// turnover) belong in the client profile; those get no control here.

/** Entity types a question can name; "other" has no words the interpreter reads. */
export const SUPPLIABLE_ENTITY_TYPES = ["DOO", "JDOO", "OBRT", "UDRUGA"] as const
export const SUPPLIABLE_OBRT_SUBTYPES = ["PAUSALNI", "DOHODAS", "DOBITAS"] as const

/** The control a missing fact gets on the refusal card. */
export type FactControl =
  | { kind: "date" }
  | { kind: "money" }
  | { kind: "count"; unit: "hours" | "years" }
  | { kind: "yesno" }
  | { kind: "choice"; options: readonly string[] }
  | { kind: "text" }

const CONTROLS: Readonly<Record<string, FactControl>> = {
  asOf: { kind: "date" },
  "counters.revenueYtd": { kind: "money" },
  "query.tripHours": { kind: "count", unit: "hours" },
  "query.serviceYears": { kind: "count", unit: "years" },
  "entity.vat.status": { kind: "yesno" },
  "entity.type": { kind: "choice", options: SUPPLIABLE_ENTITY_TYPES },
  "entity.obrtSubtype": { kind: "choice", options: SUPPLIABLE_OBRT_SUBTYPES },
  "query.item": { kind: "text" },
}

/** The control for a fact path, or null when only the client profile can carry the fact. */
export function controlFor(path: string): FactControl | null {
  return CONTROLS[path] ?? null
}

/** One fact as the user supplied it, checked. */
export const SuppliedFact = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("date"), path: z.literal("asOf"), value: IsoDate }),
  z.object({ kind: z.literal("money"), path: z.string(), value: z.number().nonnegative().max(1e12) }),
  z.object({ kind: z.literal("count"), path: z.string(), value: z.number().nonnegative().max(1000) }),
  z.object({ kind: z.literal("yesno"), path: z.string(), value: z.boolean() }),
  z.object({ kind: z.literal("choice"), path: z.string(), value: z.string().min(1) }),
  z.object({ kind: z.literal("text"), path: z.string(), value: z.string().trim().min(1).max(120) }),
])
export type SuppliedFact = z.infer<typeof SuppliedFact>

const ENTITY_WORDS: Record<string, { hr: string; en: string }> = {
  DOO: { hr: "d.o.o.", en: "d.o.o." },
  JDOO: { hr: "j.d.o.o.", en: "j.d.o.o." },
  OBRT: { hr: "Obrt.", en: "Sole trader." },
  UDRUGA: { hr: "Udruga.", en: "Association." },
  // The interpreter knows "obrt na dohodak/dobit" in Croatian only; an English question reads them too.
  PAUSALNI: { hr: "Paušalni obrt.", en: "Lump sum taxed sole trader." },
  DOHODAS: { hr: "Obrt na dohodak.", en: "Obrt na dohodak." },
  DOBITAS: { hr: "Obrt na dobit.", en: "Obrt na dobit." },
}

const HOURS = { hr: { one: "sat", few: "sata", other: "sati" }, en: { one: "hour", other: "hours" } }
const YEARS = { hr: { one: "godina", few: "godine", other: "godina" }, en: { one: "year", other: "years" } }

function countSentence(unit: "hours" | "years", value: number, language: Locale): string {
  const decimals = neededDecimals(value)
  const n = formatNumber(value, language, decimals)
  const form = decimals > 0 ? (language === "hr" ? "few" : "other") : pluralForm(value, language)
  const words = unit === "hours" ? HOURS : YEARS
  const noun = language === "hr" ? words.hr[form] : form === "one" ? words.en.one : words.en.other
  if (unit === "hours") return language === "hr" ? `Put ${n} ${noun}.` : `Trip of ${n} ${noun}.`
  return language === "hr" ? `${n} ${noun} staža.` : `${n} ${noun} of service.`
}

/** The sentence that states the fact in the question's language; null for the date (not a sentence). */
export function factSentence(fact: SuppliedFact, language: Locale): string | null {
  switch (fact.kind) {
    case "date":
      return null
    case "money":
      return language === "hr" ? `Promet ${formatMoney(fact.value, "hr")}.` : `Turnover ${formatMoney(fact.value, "en")}.`
    case "count":
      return countSentence(fact.path === "query.tripHours" ? "hours" : "years", fact.value, language)
    case "yesno":
      if (language === "hr") return fact.value ? "U sustavu PDV-a." : "Izvan sustava PDV-a."
      return fact.value ? "In the VAT system." : "Not in the VAT system."
    case "choice":
      return ENTITY_WORDS[fact.value]?.[language] ?? null
    case "text": {
      const item = fact.value.trim().replace(/[.!?]+$/, "")
      return `${item.charAt(0).toLocaleUpperCase()}${item.slice(1)}.`
    }
  }
}

/** The question asked again with the facts: the date as the as-of date, the rest added as sentences. */
export function rerunInput(base: AskInput, facts: readonly SuppliedFact[], language: Locale): AskInput {
  let input: AskInput = { ...base }
  for (const fact of facts) {
    if (fact.kind === "date") {
      input = { ...input, asOfDate: fact.value }
      continue
    }
    const sentence = factSentence(fact, language)
    if (sentence !== null) input = { ...input, question: `${input.question.trimEnd()} ${sentence}` }
  }
  return input
}

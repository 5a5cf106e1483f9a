import type { Locale } from "../../src-shared/events/stages"
import { formatDate } from "../../src-shared/format/dates"
import { countOf, type PluralForms } from "../../src-shared/format/plural"
import type { ShadowClient, ShadowEntry, ShadowFlip, ShadowOutcome, ShadowReport } from "../../src-shared/shadow"

// The impact report as text for the command line, in Croatian or English: what was compared, the
// counts, then by client each run whose answer would change, with what changed and the rules
// responsible. Question and headline texts are printed as stored (the CLI escapes control characters).

interface Words {
  title: string
  baselineRecorded: string
  baselineRerun: (pack: string) => string
  stopped: string
  looked: (done: number, total: number) => string
  changed: (n: number) => string
  none: string
  flips: (c: ShadowReport["counts"]) => string
  kinds: (c: ShadowReport["counts"]) => string
  skipped: (n: number) => string
  failed: (n: number) => string
  noClient: string
  clientLine: (name: string, changed: number, runs: number) => string
  outcome: string
  value: string
  obligationAdded: string
  obligationRemoved: string
  primary: string
  rules: string
  rulesNone: string
  rerun: string
  outcomes: Record<ShadowOutcome, string>
  flipWords: Record<ShadowFlip, string>
  absent: string
}

const RUNS: PluralForms = { hr: { one: "istraživanje", few: "istraživanja", other: "istraživanja" }, en: { one: "run", other: "runs" } }

/** After "od" (genitive): "od 1 istraživanja", "od 5 istraživanja". */
const OF_RUNS: PluralForms = { hr: { one: "istraživanja", few: "istraživanja", other: "istraživanja" }, en: RUNS.en }

/** "u 1 istraživanju", "u 2 istraživanja", "u 5 istraživanja". */
const IN_RUNS: PluralForms = { hr: { one: "istraživanju", few: "istraživanja", other: "istraživanja" }, en: RUNS.en }

const HR: Words = {
  title: "Probni prolaz paketa propisa",
  baselineRecorded: "uspoređeno sa zabilježenim odgovorima",
  baselineRerun: (pack) => `uspoređeno s ponovljenim istraživanjima na paketu ${pack}`,
  stopped: "ZAUSTAVLJENO: izvještaj pokriva samo dosad pregledana istraživanja.",
  looked: (done, total) => `Pregledano ${done} od ${countOf(total, "hr", OF_RUNS)}.`,
  changed: (n) => `Odgovor bi se promijenio u ${countOf(n, "hr", IN_RUNS)}.`,
  none: "Nijedan odgovor se ne bi promijenio.",
  flips: (c) => `  odgovor → bez odgovora: ${c.answerToRefusal}, bez odgovora → odgovor: ${c.refusalToAnswer}, da ↔ ne: ${c.yesNoFlips}, drugi ishod: ${c.otherOutcomeChanges}`,
  kinds: (c) => `  vrijednost: ${c.valueChanges}, obveze: ${c.obligationChanges}, primarno pravilo: ${c.primaryRuleChanges}`,
  skipped: (n) => `Preskočeno (prekinuto bez odgovora): ${n}.`,
  failed: (n) => `Nije se moglo provjeriti: ${n}.`,
  noClient: "Bez klijenta",
  clientLine: (name, changed, runs) => `${name}: promjena u ${changed} od ${countOf(runs, "hr", OF_RUNS)}`,
  outcome: "ishod",
  value: "vrijednost",
  obligationAdded: "nova obveza",
  obligationRemoved: "otpada obveza",
  primary: "primarno pravilo",
  rules: "pravila",
  rulesNone: "(izmijenjena pravila nisu među onima koje je istraživanje dotaklo)",
  rerun: "uspoređeno s ponovljenim istraživanjem",
  outcomes: {
    ANSWER: "Odgovor",
    QUALIFIED_ANSWER: "Odgovor s upozorenjem",
    CONDITIONAL_ANSWER: "Uvjetni odgovor",
    REFUSAL: "Bez odgovora",
    ERROR: "Pogreška",
    AWAITING_INPUT: "Traži pojašnjenje",
  },
  flipWords: {
    ANSWER_TO_REFUSAL: "odgovor → bez odgovora",
    REFUSAL_TO_ANSWER: "bez odgovora → odgovor",
    YES_TO_NO: "da → ne",
    NO_TO_YES: "ne → da",
    OUTCOME_CHANGED: "drugi ishod",
  },
  absent: "—",
}

const EN: Words = {
  title: "Shadow run of a rule pack",
  baselineRecorded: "compared with the recorded answers",
  baselineRerun: (pack) => `compared with the runs asked again on pack ${pack}`,
  stopped: "STOPPED: the report covers only the runs looked at so far.",
  looked: (done, total) => `Looked at ${done} of ${countOf(total, "en", RUNS)}.`,
  changed: (n) => `The answer would change in ${countOf(n, "en", RUNS)}.`,
  none: "No answer would change.",
  flips: (c) => `  answer → no answer: ${c.answerToRefusal}, no answer → answer: ${c.refusalToAnswer}, yes ↔ no: ${c.yesNoFlips}, other outcome: ${c.otherOutcomeChanges}`,
  kinds: (c) => `  value: ${c.valueChanges}, obligations: ${c.obligationChanges}, primary rule: ${c.primaryRuleChanges}`,
  skipped: (n) => `Skipped (ended without an answer): ${n}.`,
  failed: (n) => `Could not be checked: ${n}.`,
  noClient: "No client",
  clientLine: (name, changed, runs) => `${name}: changes in ${changed} of ${countOf(runs, "en", RUNS)}`,
  outcome: "outcome",
  value: "value",
  obligationAdded: "new obligation",
  obligationRemoved: "obligation dropped",
  primary: "primary rule",
  rules: "rules",
  rulesNone: "(none of the changed rules is among those the run met)",
  rerun: "compared with the run asked again",
  outcomes: {
    ANSWER: "Answer",
    QUALIFIED_ANSWER: "Qualified answer",
    CONDITIONAL_ANSWER: "Conditional answer",
    REFUSAL: "No answer",
    ERROR: "Error",
    AWAITING_INPUT: "Asks for a clarification",
  },
  flipWords: {
    ANSWER_TO_REFUSAL: "answer → no answer",
    REFUSAL_TO_ANSWER: "no answer → answer",
    YES_TO_NO: "yes → no",
    NO_TO_YES: "no → yes",
    OUTCOME_CHANGED: "other outcome",
  },
  absent: "—",
}

export function shadowReportText(report: ShadowReport, locale: Locale): string {
  const w = locale === "hr" ? HR : EN
  const candidate = `${report.candidate.id} ${report.candidate.version} (${report.candidate.hash.slice(0, 12)})`
  const baseline = report.baseline === "as-recorded" ? w.baselineRecorded : w.baselineRerun(`${report.baseline.id} ${report.baseline.version}`)
  const lines = [`${w.title}: ${candidate}, ${baseline}`]
  if (report.status === "stopped") lines.push(w.stopped)
  lines.push(w.looked(report.done, report.total))
  lines.push(report.counts.changed === 0 ? w.none : w.changed(report.counts.changed))
  if (report.counts.changed > 0) lines.push(w.flips(report.counts), w.kinds(report.counts))
  const skipped = report.skipped.reduce((sum, s) => sum + s.count, 0)
  if (skipped > 0) lines.push(w.skipped(skipped))
  if (report.failureCount > 0) {
    lines.push(w.failed(report.failureCount))
    for (const f of report.failures) lines.push(`  ${f.requestId}: ${f.message}`)
  }
  for (const client of report.clients) lines.push("", ...clientLines(client, w, locale))
  return `${lines.join("\n")}\n`
}

function clientLines(client: ShadowClient, w: Words, locale: Locale): string[] {
  const name = client.clientId === null ? w.noClient : client.clientName === null ? client.clientId : `${client.clientName} (${client.clientId})`
  return [w.clientLine(name, client.counts.changed, client.counts.runs), ...client.entries.flatMap((e) => entryLines(e, w, locale))]
}

function entryLines(entry: ShadowEntry, w: Words, locale: Locale): string[] {
  const lines = [`  ${entry.requestId}  ${formatDate(entry.asOfDate, locale)}  "${entry.question}"`]
  const detail = (label: string, text: string) => lines.push(`      ${label}: ${text}`)
  if (entry.flip !== null || entry.before.outcome !== entry.after.outcome) {
    const turned = entry.flip === null ? "" : ` (${w.flipWords[entry.flip]})`
    detail(w.outcome, `${w.outcomes[entry.before.outcome]} → ${w.outcomes[entry.after.outcome]}${turned}`)
  }
  for (const v of entry.values) detail(w.value, `${v.label[locale]}: ${v.before?.[locale] ?? w.absent} → ${v.after?.[locale] ?? w.absent}`)
  for (const o of entry.obligations.added) detail(w.obligationAdded, o)
  for (const o of entry.obligations.removed) detail(w.obligationRemoved, o)
  if (entry.primaryRuleChanged) detail(w.primary, `${entry.before.primaryRuleId ?? w.absent} → ${entry.after.primaryRuleId ?? w.absent}`)
  detail(w.rules, entry.ruleIds.length > 0 ? entry.ruleIds.join(", ") : w.rulesNone)
  if (entry.baseline === "rerun") lines.push(`      (${w.rerun})`)
  return lines
}

import type { Locale } from "../../../src-shared/events/stages"
import { formatDate } from "../../../src-shared/format/dates"
import { countOf, type PluralForms } from "../../../src-shared/format/plural"
import type { FirmStatus, KindCounts, SyncReport } from "../../firm/contract"

// The words of `fiskai firm`, in Croatian and English.

const KINDS: Record<keyof KindCounts, PluralForms> = {
  trace: { hr: { one: "izračun", few: "izračuna", other: "izračuna" }, en: { one: "run", other: "runs" } },
  flag: { hr: { one: "prijava", few: "prijave", other: "prijava" }, en: { one: "report", other: "reports" } },
  review: { hr: { one: "odluka", few: "odluke", other: "odluka" }, en: { one: "decision", other: "decisions" } },
  scenario: { hr: { one: "scenarij", few: "scenarija", other: "scenarija" }, en: { one: "scenario", other: "scenarios" } },
  pack: { hr: { one: "verzija paketa", few: "verzije paketa", other: "verzija paketa" }, en: { one: "pack version", other: "pack versions" } },
}

function counts(values: KindCounts, locale: Locale): string {
  return (Object.keys(KINDS) as (keyof KindCounts)[]).map((kind) => countOf(values[kind], locale, KINDS[kind])).join(", ")
}

export function syncReportText(report: SyncReport, locale: Locale): string {
  const received = report.received
  const down = locale === "hr"
    ? `s drugih stolova primljeno: ${countOf(received.traces, locale, KINDS.trace)}, ${countOf(received.flags, locale, KINDS.flag)}, ${countOf(received.reviews, locale, KINDS.review)}, ${countOf(received.packVersions, locale, KINDS.pack)}`
    : `received from other desks: ${countOf(received.traces, locale, KINDS.trace)}, ${countOf(received.flags, locale, KINDS.flag)}, ${countOf(received.reviews, locale, KINDS.review)}, ${countOf(received.packVersions, locale, KINDS.pack)}`
  const lines = [
    ...(report.serverRestored
      ? [
          locale === "hr"
            ? "Poslužitelj ureda obnovljen je ili zamijenjen od zadnje sinkronizacije: provjereno je sve što je ovaj stol poslao, a nedostajuće je poslano ponovno."
            : "The firm's server was restored or replaced since the last sync: everything this desk sent was checked, and what it lacked was sent again.",
        ]
      : []),
    locale === "hr" ? `Stol ${report.desk}: poslano ${counts(report.sent, locale)}` : `Desk ${report.desk}: sent ${counts(report.sent, locale)}`,
    down,
  ]
  for (const conflict of report.conflicts)
    lines.push(locale === "hr" ? `ODBIJENO ${conflict.kind} ${conflict.id}: ${conflict.reason}` : `REFUSED ${conflict.kind} ${conflict.id}: ${conflict.reason}`)
  return lines.join("\n")
}

const STATES: Record<FirmStatus["state"], Record<Locale, string>> = {
  "not-connected": { hr: "nije povezan s uredom", en: "not connected to a firm" },
  idle: { hr: "povezan", en: "connected" },
  syncing: { hr: "sinkronizira", en: "syncing" },
  offline: { hr: "izvan mreže (radi lokalno)", en: "offline (working locally)" },
  failed: { hr: "zadnja sinkronizacija nije uspjela", en: "the last sync failed" },
}

export function statusText(status: FirmStatus, locale: Locale): string {
  const hr = locale === "hr"
  const last = status.lastSyncAt === null ? "—" : `${formatDate(status.lastSyncAt.slice(0, 10), locale)} ${status.lastSyncAt.slice(11, 16)} UTC`
  const lines = [
    `${hr ? "Ured" : "Firm"}: ${status.url ?? "—"}`,
    `${hr ? "Stanje" : "State"}: ${STATES[status.state][locale]}`,
    `${hr ? "Zadnja sinkronizacija" : "Last sync"}: ${last}`,
    `${hr ? "Čeka slanje" : "Waiting to go up"}: ${counts(status.waiting, locale)}`,
    `${hr ? "S drugih stolova" : "From other desks"}: ${countOf(status.fromOtherDesks.traces, locale, KINDS.trace)}, ${countOf(status.fromOtherDesks.packVersions, locale, KINDS.pack)}`,
  ]
  if (status.conflicts > 0) lines.push(`${hr ? "Odbijeno (sukob)" : "Refused (conflict)"}: ${status.conflicts}`)
  if (status.lastError !== null) lines.push(`${hr ? "Zadnja greška" : "Last error"}: ${status.lastError}`)
  return lines.join("\n")
}

export function initText(applied: number[], desks: { name: string; created: boolean }[], where: string, locale: Locale): string {
  const hr = locale === "hr"
  const lines = [
    applied.length === 0
      ? hr ? `Baza ureda (${where}) je već ažurna.` : `The firm's database (${where}) is up to date.`
      : hr ? `Baza ureda (${where}): primijenjena shema ${applied.join(", ")}.` : `The firm's database (${where}): applied schema ${applied.join(", ")}.`,
  ]
  for (const desk of desks)
    lines.push(
      desk.created
        ? hr ? `Stol ${desk.name} dodan. Lozinku postavlja IT (u psql-u: \\password ${desk.name}).` : `Desk ${desk.name} added. IT sets its password (in psql: \\password ${desk.name}).`
        : hr ? `Stol ${desk.name} već postoji.` : `Desk ${desk.name} already exists.`,
    )
  return lines.join("\n")
}

export function exportedText(count: number, out: string, locale: Locale): string {
  const runs = countOf(count, locale, KINDS.trace)
  return locale === "hr" ? `Izvezeno iz ureda: ${runs} u ${out}` : `Exported from the firm: ${runs} to ${out}`
}

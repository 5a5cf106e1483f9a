import type { MessageTable } from "./message-table"

// The dashboard (issue 23): the firm's own use measured as seed 001 §11 defines it. Targets are
// the seed's (§11 "Success Metrics"); shares are shown with their counts ("6 od 10").

export const dashboardMessages = {
  "nav.dashboard": { hr: "Nadzorna ploča", en: "Dashboard" },
  "dashboard.title": { hr: "Nadzorna ploča", en: "Dashboard" },
  "dashboard.intro": {
    hr: "Kako ured koristi FiskAI: ishodi, pokrivenost izvorima, pojašnjenja, prijave i brzina, za odabrano razdoblje. Hipotetska pitanja (Što ako) nisu uračunata.",
    en: "How the office uses FiskAI: outcomes, source coverage, clarifications, reports and speed over the chosen period. Hypothetical (What-if) runs are not counted.",
  },
  "dashboard.controls": { hr: "Razdoblje", en: "Period" },
  "dashboard.period": { hr: "Razdoblje", en: "Period" },
  "dashboard.period.7": { hr: "Zadnjih 7 dana", en: "Last 7 days" },
  "dashboard.period.30": { hr: "Zadnjih 30 dana", en: "Last 30 days" },
  "dashboard.period.90": { hr: "Zadnjih 90 dana", en: "Last 90 days" },
  "dashboard.bucket": { hr: "Grupiraj po", en: "Group by" },
  "dashboard.bucket.day": { hr: "danu", en: "day" },
  "dashboard.bucket.week": { hr: "tjednu", en: "week" },
  "dashboard.range": { hr: "{since} – {until}", en: "{since} – {until}" },
  "dashboard.runs": { hr: "Završenih istraživanja: {count}", en: "Finished research runs: {count}" },
  "dashboard.empty": {
    hr: "U ovom razdoblju nema završenih istraživanja. Postavite pitanje pa se vratite ovamo.",
    en: "No research finished in this period. Ask a question and come back here.",
  },

  "dashboard.kpi.title": { hr: "Pokazatelji", en: "Indicators" },
  "dashboard.kpi.metric": { hr: "Pokazatelj", en: "Indicator" },
  "dashboard.kpi.value": { hr: "Vrijednost", en: "Value" },
  "dashboard.kpi.counts": { hr: "Broj", en: "Count" },
  "dashboard.kpi.target": { hr: "Cilj", en: "Target" },
  "dashboard.kpi.of": { hr: "{part} od {whole}", en: "{part} of {whole}" },
  "dashboard.kpi.none": { hr: "nema podataka", en: "no data" },
  "dashboard.kpi.track": { hr: "pratiti", en: "track" },
  "dashboard.kpi.coverage": { hr: "Pokrivenost citatima", en: "Citable coverage" },
  "dashboard.kpi.coverage.hint": {
    hr: "pitanja s barem jednim primjenjivim pravilom",
    en: "questions with at least one eligible rule",
  },
  "dashboard.kpi.freshness": { hr: "Svježina izvora", en: "Source freshness" },
  "dashboard.kpi.freshness.hint": {
    hr: "odgovori čiji je glavni izvor preuzet unutar 30 dana; medijan starosti {p50}, p95 {p95}",
    en: "answers whose top source was fetched within 30 days; median age {p50}, p95 {p95}",
  },
  "dashboard.kpi.temporal": { hr: "Vremenska provjera", en: "Temporal enforcement" },
  "dashboard.kpi.temporal.hint": {
    hr: "odgovori s datumom primjene i provjerenim uvjetima pravila",
    en: "answers with an as-of date and the rules' conditions evaluated",
  },
  "dashboard.kpi.clarification": { hr: "Udio pojašnjenja", en: "Clarification rate" },
  "dashboard.kpi.clarification.hint": { hr: "pitanja na koja je trebalo odgovoriti pitanjem", en: "questions that needed a clarification" },
  "dashboard.kpi.recovery": { hr: "Oporavak nakon odbijanja", en: "Refusal recovery" },
  "dashboard.kpi.recovery.hint": {
    hr: "odbijanja nakon kojih je stigao odgovor unutar {followUps} sljedeća pitanja u razgovoru ili za istog klijenta unutar {minutes} min",
    en: "refusals followed by an answer within the next {followUps} questions of the thread, or for the same client within {minutes} min",
  },
  "dashboard.kpi.dispute": { hr: "Udio prijava", en: "Dispute rate" },
  "dashboard.kpi.dispute.hint": { hr: "odgovori koje je netko prijavio kao netočne ili nejasne", en: "answers reported as wrong or unclear" },
  "dashboard.kpi.incorrect": { hr: "Potvrđeno netočni", en: "Confirmed incorrect" },
  "dashboard.kpi.incorrect.hint": { hr: "odgovori za koje je recenzent potvrdio da su netočni", en: "answers a reviewer confirmed wrong" },
  "dashboard.kpi.triage": { hr: "Vrijeme do odluke o prijavi", en: "Time to triage" },
  "dashboard.kpi.triage.hint": { hr: "od prijave do odluke recenzenta; otvorenih prijava: {open}", en: "from a report to the reviewer's decision; open reports: {open}" },
  "dashboard.kpi.ttfus": { hr: "Prvi izvor vidljiv (TTFUS)", en: "First source visible (TTFUS)" },
  "dashboard.kpi.ttfus.hint": { hr: "od pitanja do prvog izvora na zaslonu", en: "from the question to the first source on screen" },
  "dashboard.kpi.percentiles": { hr: "medijan {p50}, p95 {p95}", en: "median {p50}, p95 {p95}" },
  "dashboard.kpi.decided": { hr: "odlučeno: {count}", en: "decided: {count}" },
  "dashboard.kpi.timed": { hr: "izmjereno: {count}", en: "measured: {count}" },

  "dashboard.outcomes.title": { hr: "Ishodi po razini rizika", en: "Outcomes by risk tier" },
  "dashboard.outcomes.tier": { hr: "Razina rizika", en: "Risk tier" },
  "dashboard.outcomes.allTiers": { hr: "Sve razine", en: "All tiers" },
  "dashboard.outcomes.noTier": { hr: "bez razine", en: "no tier" },
  "dashboard.outcomes.summary": {
    hr: "Stupčasti graf: broj istraživanja po ishodu za svaki {bucket}.",
    en: "Bar chart: research runs by outcome for each {bucket}.",
  },
  "dashboard.rates.title": { hr: "Udjeli kroz vrijeme", en: "Shares over time" },
  "dashboard.rates.summary": {
    hr: "Linijski graf: pokrivenost, pojašnjenja, vremenska provjera i svježina izvora u postocima.",
    en: "Line chart: coverage, clarification, temporal enforcement and source freshness in percent.",
  },
  "dashboard.timings.title": { hr: "Trajanje faza (p50 i p95)", en: "Stage durations (p50 and p95)" },
  "dashboard.timings.summary": {
    hr: "Stupčasti graf: medijan i 95. percentil trajanja svake faze u milisekundama.",
    en: "Bar chart: median and 95th percentile of each stage's duration in milliseconds.",
  },
  "dashboard.timings.stage": { hr: "Faza", en: "Stage" },
  "dashboard.timings.count": { hr: "Mjerenja", en: "Measured" },
  "dashboard.timings.TTFUS": { hr: "Prvi izvor vidljiv", en: "First source visible" },
  "dashboard.timings.RUN": { hr: "Cijelo istraživanje", en: "Whole run" },
  "dashboard.col.bucket.day": { hr: "Dan", en: "Day" },
  "dashboard.col.bucket.week": { hr: "Tjedan od", en: "Week of" },
  "dashboard.col.total": { hr: "Ukupno", en: "Total" },

  "dashboard.table.show": { hr: "Prikaži tablicu", en: "Show table" },
  "dashboard.table.hide": { hr: "Sakrij tablicu", en: "Hide table" },
  "dashboard.csv": { hr: "Preuzmi CSV", en: "Download CSV" },
} as const satisfies MessageTable

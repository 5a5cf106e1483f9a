import type { Locale } from "../../../src-shared/events/stages"
import { useI18n } from "../../i18n/i18n-context"

// The copy of the "What if…" panel and the scenarios screens, Croatian and English side by side
// (kept with the feature; same placeholder rules as the app catalog: {name}, same in both).

export const whatifMessages = {
  "panel.title": { hr: "Što ako…", en: "What if…" },
  "panel.intro": {
    hr: "Činjenice o kojima je odgovor ovisio. Promijenite jednu ili više njih i odmah vidite kako bi glasio hipotetski odgovor.",
    en: "The facts this answer depended on. Change one or more and see at once what the hypothetical answer would be.",
  },
  "panel.noDrivers": {
    hr: "Ovaj izračun nema činjenica koje bi se mogle mijenjati.",
    en: "This run has no facts that could be changed.",
  },
  "panel.unavailable": {
    hr: "Za ovaj izračun „što ako” nije moguć: {message}",
    en: "“What if” is not available for this run: {message}",
  },
  "panel.current": { hr: "Trenutno", en: "Current" },
  "panel.hypothetical": { hr: "Hipotetski", en: "Hypothetical" },
  "panel.flip": { hr: "Obrni → {value}", en: "Flip → {value}" },
  "panel.set": { hr: "Postavi", en: "Set" },
  "panel.setLabel": { hr: "Točna vrijednost za: {fact}", en: "Exact value for: {fact}" },
  "panel.holds": { hr: "vrijedi", en: "holds" },
  "panel.fails": { hr: "ne vrijedi", en: "does not hold" },
  "panel.rules": { hr: "pravila: {ids}", en: "rules: {ids}" },
  "panel.changes": { hr: "Promjene u ovoj kombinaciji", en: "Changes in this combination" },
  "panel.removeChange": { hr: "Ukloni promjenu: {fact}", en: "Remove change: {fact}" },
  "panel.reset": { hr: "Poništi sve promjene", en: "Clear all changes" },
  "panel.running": { hr: "Izračunavam hipotetski odgovor…", en: "Computing the hypothetical answer…" },
  "panel.failed": {
    hr: "Hipotetski izračun nije uspio: {message}",
    en: "The hypothetical run failed: {message}",
  },
  "panel.needsRerun": { hr: "Ova promjena traži druge izvore", en: "This change needs other sources" },
  "panel.rerun": { hr: "Istraži ponovno u cijelosti", en: "Research again in full" },
  "panel.notCarried": {
    hr: "Ne prenosi se u novo istraživanje: {paths}",
    en: "Not carried into the new research: {paths}",
  },
  "panel.openResult": { hr: "Otvori hipotetski izračun", en: "Open the hypothetical run" },
  "banner.hypothetical": { hr: "HIPOTETSKI", en: "HYPOTHETICAL" },
  "banner.text": {
    hr: "Ovo nije savjet koji je dan, nego izračun „što ako” izveden iz izvornog odgovora.",
    en: "Not advice that was given: a “what if” derived from the original answer.",
  },
  "banner.openBase": { hr: "Otvori izvorni izračun", en: "Open the original run" },
  "stepper.label": { hr: "Hipotetski izračun: koraci", en: "Hypothetical run: stages" },
  "compare.title": { hr: "Usporedba", en: "Comparison" },
  "compare.original": { hr: "Izvorno", en: "Original" },
  "compare.other": { hr: "Hipotetski", en: "Hypothetical" },
  "compare.left": { hr: "Lijevo", en: "Left" },
  "compare.right": { hr: "Desno", en: "Right" },
  "compare.outcome": { hr: "Ishod", en: "Outcome" },
  "compare.outcomeSame": { hr: "Ishod je isti.", en: "Same outcome." },
  "compare.confidence": { hr: "Pouzdanost", en: "Confidence" },
  "compare.answer": { hr: "Odgovor", en: "Answer" },
  "compare.facts": { hr: "Promijenjene činjenice", en: "Changed facts" },
  "compare.entered": { hr: "Pravila koja se sada primjenjuju", en: "Rules that now apply" },
  "compare.leftRules": { hr: "Pravila koja se više ne primjenjuju", en: "Rules that no longer apply" },
  "compare.reasonChanged": { hr: "Promijenjeni razlozi isključenja", en: "Changed exclusion reasons" },
  "compare.because": {
    hr: "Isključeno: {actual} (uvjet {expected})",
    en: "Excluded: {actual} (condition {expected})",
  },
  "compare.noRuleChanges": { hr: "Ista pravila se primjenjuju.", en: "The same rules apply." },
  "compare.obligations": { hr: "Obveze", en: "Obligations" },
  "compare.thresholds": { hr: "Pragovi", en: "Thresholds" },
  "compare.deadlines": { hr: "Rokovi", en: "Deadlines" },
  "compare.conflicts": { hr: "Sukobi izvora", en: "Source conflicts" },
  "compare.conflictsAppeared": { hr: "Novi: {n}", en: "New: {n}" },
  "compare.conflictsGone": { hr: "Nestali: {n}", en: "Gone: {n}" },
  "save.title": { hr: "Spremi kao scenarij", en: "Save as scenario" },
  "save.name": { hr: "Naziv", en: "Name" },
  "save.notes": { hr: "Bilješke", en: "Notes" },
  "save.client": { hr: "Klijent", en: "Client" },
  "save.noClient": { hr: "Bez klijenta", en: "No client" },
  "save.submit": { hr: "Spremi scenarij", en: "Save scenario" },
  "save.saved": { hr: "Spremljeno: {name}", en: "Saved: {name}" },
  "save.open": { hr: "Otvori scenarij", en: "Open the scenario" },
  "save.nameRequired": { hr: "Upišite naziv.", en: "Please enter a name." },
  "scenarios.title": { hr: "Scenariji", en: "Scenarios" },
  "scenarios.intro": {
    hr: "Spremljene usporedbe „što ako”. Otvaraju se iz pohrane, bez ponovnog izračuna.",
    en: "Saved “what if” comparisons. They open from the store, without recomputing.",
  },
  "scenarios.empty": {
    hr: "Još nema spremljenih scenarija. Spremite ih iz panela „Što ako…” na izračunu.",
    en: "No saved scenarios yet. Save one from the “What if…” panel of a run.",
  },
  "scenarios.search": { hr: "Pretraži", en: "Search" },
  "scenarios.client": { hr: "Klijent", en: "Client" },
  "scenarios.allClients": { hr: "Svi klijenti", en: "All clients" },
  "scenarios.since": { hr: "Od", en: "From" },
  "scenarios.until": { hr: "Do", en: "Until" },
  "scenarios.compareSelected": { hr: "Usporedi označena dva", en: "Compare the two selected" },
  "scenarios.selectTwo": {
    hr: "Označite dva scenarija za usporedbu.",
    en: "Select two scenarios to compare.",
  },
  "scenarios.select": { hr: "Označi za usporedbu: {name}", en: "Select for comparison: {name}" },
  "scenarios.created": { hr: "Spremljeno {date}", en: "Saved {date}" },
  "scenarios.back": { hr: "Svi scenariji", en: "All scenarios" },
  "scenario.notFound": {
    hr: "Scenarij ne postoji ili je obrisan.",
    en: "The scenario does not exist or was deleted.",
  },
  "scenario.question": { hr: "Pitanje", en: "Question" },
  "scenario.asSaved": { hr: "Prikazano točno kako je spremljeno.", en: "Shown exactly as saved." },
  "scenario.rename": { hr: "Preimenuj", en: "Rename" },
  "scenario.saveName": { hr: "Spremi naziv i bilješke", en: "Save name and notes" },
  "scenario.duplicate": { hr: "Dupliciraj", en: "Duplicate" },
  "scenario.delete": { hr: "Obriši", en: "Delete" },
  "scenario.confirmDelete": {
    hr: "Obrisati scenarij „{name}”? Izračuni ostaju u povijesti, a brisanje se bilježi.",
    en: "Delete the scenario “{name}”? Its runs stay in history, and the deletion is recorded.",
  },
  "scenario.recheck": {
    hr: "Provjeri s trenutnim paketom pravila",
    en: "Re-check against the current rule pack",
  },
  "scenario.rechecking": { hr: "Provjeravam…", en: "Re-checking…" },
  "scenario.rechecks": { hr: "Ponovne provjere", en: "Re-checks" },
  "scenario.recheckPack": { hr: "Paket {version}{changed}", en: "Pack {version}{changed}" },
  "scenario.packChanged": { hr: " (promijenjen od spremanja)", en: " (changed since saved)" },
  "scenario.openBase": { hr: "Izvorni izračun", en: "Original run" },
  "scenario.openResult": { hr: "Hipotetski izračun", en: "Hypothetical run" },
  "scenario.changes": { hr: "Promjene", en: "Changes" },
  "scenario.savedResult": { hr: "Spremljeni rezultat", en: "Saved result" },
  "scenario.recheckedResult": { hr: "Uz trenutni paket", en: "With the current pack" },
} as const

export type WhatIfMessageKey = keyof typeof whatifMessages

export function whatifText(
  locale: Locale,
  key: WhatIfMessageKey,
  params?: Readonly<Record<string, string | number>>,
): string {
  const template: string = whatifMessages[key][locale]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name]
    return value === undefined ? whole : String(value)
  })
}

/** The feature's translate function and the UI locale. */
export function useWhatIfText() {
  const { locale } = useI18n()
  return {
    locale,
    w: (key: WhatIfMessageKey, params?: Readonly<Record<string, string | number>>) =>
      whatifText(locale, key, params),
  }
}

import type { MessageTable } from "./message-table"

// The Scenarios screens: the list of saved scenarios, one scenario, and comparing two.

export const scenarioMessages = {
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
} as const satisfies MessageTable

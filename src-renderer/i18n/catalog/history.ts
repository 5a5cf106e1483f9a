import type { MessageTable } from "./message-table"

// The History screen and one trace opened from it.

export const historyMessages = {
  "history.title": { hr: "Povijest istraživanja", en: "Research history" },
  "history.filters": { hr: "Filtri", en: "Filters" },
  "history.filter.outcome": { hr: "Ishod", en: "Outcome" },
  "history.filter.tier": { hr: "Rizik", en: "Risk" },
  "history.filter.client": { hr: "Klijent", en: "Client" },
  "history.filter.since": { hr: "Od", en: "From" },
  "history.filter.until": { hr: "Do", en: "To" },
  "history.filter.any": { hr: "Sve", en: "Any" },
  "history.search": { hr: "Pretraži pitanja", en: "Search questions" },
  "history.search.placeholder": { hr: "Upišite riječ iz pitanja…", en: "Type a word from the question…" },
  "history.clear": { hr: "Očisti filtre", en: "Clear filters" },
  "history.loadMore": { hr: "Učitaj još", en: "Load more" },
  "history.empty": {
    hr: "Nema istraživanja koja odgovaraju filtrima.",
    en: "No research matches these filters.",
  },
  "history.count": { hr: "Prikazano: {count}", en: "Showing: {count}" },
  "history.col.question": { hr: "Pitanje", en: "Question" },
  "history.col.outcome": { hr: "Ishod", en: "Outcome" },
  "history.col.tier": { hr: "Rizik", en: "Risk" },
  "history.col.client": { hr: "Klijent", en: "Client" },
  "history.col.date": { hr: "Postavljeno", en: "Asked" },
  "history.hypothetical": { hr: "Hipotetski", en: "Hypothetical" },

  "trace.back": { hr: "Natrag na povijest", en: "Back to history" },
  "trace.notFound": { hr: "Ovo istraživanje nije pronađeno.", en: "This research was not found." },
  "trace.asked": { hr: "Postavljeno {date}", en: "Asked {date}" },
  "trace.client": { hr: "Klijent: {name}", en: "Client: {name}" },
  "trace.pack": { hr: "Paket pravila {id} {version}", en: "Rule pack {id} {version}" },
  "trace.duration": { hr: "Trajanje {duration}", en: "Took {duration}" },
  "trace.askAgain": { hr: "Postavi ponovno", en: "Ask again" },
  "trace.panels": { hr: "Dodatni alati", en: "More tools" },
} as const satisfies MessageTable

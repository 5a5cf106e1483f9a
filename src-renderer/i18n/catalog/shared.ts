import type { MessageTable } from "./message-table"

// The app shell (name, navigation, connection) and words every screen uses.

export const sharedMessages = {
  "app.name": { hr: "FiskAI Workstation", en: "FiskAI Workstation" },
  "app.tagline": {
    hr: "Regulatorna istraživanja s vidljivim obrazloženjem",
    en: "Regulatory research with visible reasoning",
  },
  "nav.label": { hr: "Glavna navigacija", en: "Main navigation" },
  "nav.skip": { hr: "Preskoči na sadržaj", en: "Skip to content" },
  "nav.ask": { hr: "Pitaj", en: "Ask" },
  "nav.history": { hr: "Povijest", en: "History" },
  "nav.review": { hr: "Pregled prijava", en: "Review queue" },
  "nav.clients": { hr: "Klijenti", en: "Clients" },
  "nav.scenarios": { hr: "Scenariji", en: "Scenarios" },
  "nav.export": { hr: "Izvoz za reviziju", en: "Audit export" },
  "nav.settings": { hr: "Postavke", en: "Settings" },
  "connection.lost": {
    hr: "Veza s FiskAI poslužiteljem je prekinuta. Ponovno spajanje…",
    en: "Lost the connection to the FiskAI host. Reconnecting…",
  },
  "connection.restored": { hr: "Veza je ponovno uspostavljena.", en: "Connection restored." },

  "common.loading": { hr: "Učitavanje…", en: "Loading…" },
  "common.retry": { hr: "Pokušaj ponovno", en: "Try again" },
  "common.cancel": { hr: "Odustani", en: "Cancel" },
  "common.save": { hr: "Spremi", en: "Save" },
  "common.notSet": { hr: "Nije postavljeno", en: "Not set" },
  "common.unknown": { hr: "nepoznato", en: "unknown" },
  "common.yes": { hr: "da", en: "yes" },
  "common.no": { hr: "ne", en: "no" },
  "common.showDetails": { hr: "Prikaži detalje", en: "Show details" },
  "common.hideDetails": { hr: "Sakrij detalje", en: "Hide details" },
  "common.failed": { hr: "Nije uspjelo: {message}", en: "Failed: {message}" },
  "date.placeholder": { hr: "npr. 26. 11. 2026.", en: "e.g. 26 November 2026" },
  "date.hint": { hr: "Datum upišite kao 26. 11. 2026.", en: "Type the date as 26 November 2026." },
  "date.invalid": {
    hr: "Datum nije prepoznat. Upišite ga kao 26. 11. 2026.",
    en: "This date was not recognised. Type it as 26 November 2026.",
  },
  "date.missing": {
    hr: "Datum {date} ne postoji: posljednji dan tog mjeseca je {days}.",
    en: "{date} does not exist: that month ends on day {days}.",
  },

  "api.unavailable": { hr: "FiskAI poslužitelj nije dostupan.", en: "The FiskAI host is not available." },
  "api.disconnected": {
    hr: "Veza je prekinuta prije odgovora. Pokušajte ponovno.",
    en: "The connection dropped before the host answered. Please try again.",
  },
  "api.badShape": {
    hr: "Poslužitelj je vratio neočekivan odgovor.",
    en: "The host answered in an unexpected shape.",
  },
} as const satisfies MessageTable

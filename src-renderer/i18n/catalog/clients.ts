import type { MessageTable } from "./message-table"

// The Clients screen and the form validation messages (also used by the ask and export forms).

export const clientMessages = {
  "clients.title": { hr: "Klijenti", en: "Clients" },
  "clients.new": { hr: "Novi klijent", en: "New client" },
  "clients.edit": { hr: "Uredi klijenta", en: "Edit client" },
  "clients.empty": {
    hr: "Još nema klijenata. Dodajte prvog da bi odgovori uzeli u obzir njegove podatke.",
    en: "No clients yet. Add one so answers take their facts into account.",
  },
  "clients.list": { hr: "Popis klijenata", en: "Client list" },
  "clients.saved": { hr: "Klijent „{name}” je spremljen.", en: "Client “{name}” saved." },
  "clients.section.identity": { hr: "Osnovni podaci", en: "Identity" },
  "clients.section.entity": { hr: "Pravni oblik i porezni status", en: "Legal form and tax status" },
  "clients.section.counters": { hr: "Promet", en: "Turnover" },
  "clients.field.name": { hr: "Naziv", en: "Name" },
  "clients.field.oib": { hr: "OIB (neobavezno)", en: "OIB (optional)" },
  "clients.field.entityType": { hr: "Pravni oblik", en: "Legal form" },
  "clients.field.obrtSubtype": { hr: "Vrsta obrta", en: "Kind of trade" },
  "clients.field.vat": { hr: "Status u sustavu PDV-a", en: "VAT status" },
  "clients.field.nkd": { hr: "Djelatnost (NKD šifra)", en: "Activity (NKD code)" },
  "clients.field.county": { hr: "Županija", en: "County" },
  "clients.field.revenueYtd": { hr: "Promet ove godine (EUR)", en: "Turnover this year (EUR)" },
  "clients.field.revenuePrior": { hr: "Promet prošle godine (EUR)", en: "Turnover last year (EUR)" },
  "clients.entityFirst": { hr: "Najprije odaberite pravni oblik.", en: "Choose the legal form first." },
  "clients.vatCaption": { hr: "PDV: {status}", en: "VAT: {status}" },

  "validation.required": { hr: "Obavezno polje.", en: "This field is required." },
  "validation.oib": { hr: "OIB ima točno 11 znamenki.", en: "An OIB has exactly 11 digits." },
  "validation.oibCheckDigit": {
    hr: "Kontrolna znamenka ne odgovara: ovaj OIB ne postoji. Provjerite je li dobro prepisan.",
    en: "The check digit does not match: this OIB does not exist. Check that it was copied correctly.",
  },
  "validation.amount": { hr: "Upišite iznos, npr. 65.000,00.", en: "Enter an amount, e.g. 65,000.00." },
  "validation.amountTooLarge": { hr: "Iznos je nevjerojatno velik.", en: "The amount is implausibly large." },
  "validation.tooLong": { hr: "Predugo.", en: "Too long." },
  "validation.date": { hr: "Upišite valjan datum.", en: "Enter a valid date." },
  "validation.fixErrors": { hr: "Ispravite označena polja.", en: "Please correct the marked fields." },
} as const satisfies MessageTable

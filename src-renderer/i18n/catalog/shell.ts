import type { MessageTable } from "./message-table"

// The frame around the screens: the keyboard-shortcut sheet.

export const shellMessages = {
  "shortcuts.open": { hr: "Tipkovnički prečaci", en: "Keyboard shortcuts" },
  "shortcuts.title": { hr: "Tipkovnički prečaci", en: "Keyboard shortcuts" },
  "shortcuts.close": { hr: "Zatvori", en: "Close" },
  "shortcuts.enter": { hr: "Pošalji pitanje (u polju za pitanje)", en: "Send the question (in the question box)" },
  "shortcuts.shiftEnter": { hr: "Novi red u pitanju", en: "New line in the question" },
  "shortcuts.ctrlEnter": { hr: "Također šalje pitanje", en: "Also sends the question" },
  "shortcuts.help": {
    hr: "Otvori ovaj popis (izvan polja za unos teksta)",
    en: "Open this list (outside text fields)",
  },
  "shortcuts.escape": {
    hr: "Zatvori ovaj popis; odustani od prijave problema ili odluke o prijavi",
    en: "Close this list; cancel a problem report or a review decision",
  },
  "shortcuts.skip": {
    hr: "Prvi Tab na ekranu: „Preskoči na sadržaj”, pa Enter vodi ravno u sadržaj ekrana",
    en: "First Tab on a screen: “Skip to content”; Enter then takes you straight into the screen",
  },
  "jobNotice.region": { hr: "Obavijesti o dovršenim poslovima", en: "Notices of finished jobs" },
  "jobNotice.close": { hr: "Zatvori obavijest", en: "Close the notice" },
  "jobNotice.allow": {
    hr: "Ubuduće javi obavijesti preglednika",
    en: "Use browser notifications from now on",
  },
} as const satisfies MessageTable

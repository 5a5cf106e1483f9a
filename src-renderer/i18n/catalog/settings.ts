import type { MessageTable } from "./message-table"

// The Settings screen (its signing section is in export.ts, next to the export feature).

export const settingsMessages = {
  "settings.title": { hr: "Postavke", en: "Settings" },
  "settings.language": { hr: "Jezik sučelja", en: "Interface language" },
  "settings.language.hr": { hr: "Hrvatski", en: "Hrvatski (Croatian)" },
  "settings.language.en": { hr: "English (engleski)", en: "English" },
  "settings.section.answers": { hr: "Odgovori", en: "Answers" },
  "settings.section.accessibility": { hr: "Pristupačnost", en: "Accessibility" },
  "settings.section.firm": { hr: "Ured", en: "Firm" },
  "settings.section.about": { hr: "O programu", en: "About" },
  "settings.section.logs": { hr: "Dnevnici i izvješća o padu", en: "Logs and crash reports" },
  "settings.logs.intro": {
    hr: "Program vodi tehnički dnevnik rada i lokalno sprema izvješća o padu. U njima su samo oznake upita, bez teksta pitanja i podataka o klijentima, i ništa se ne šalje samo od sebe. Ako vas podrška zamoli, pošaljite joj datoteke iz ove mape.",
    en: "The app keeps a technical log and stores crash reports locally. They hold request ids only, no question text and no client data, and nothing is sent anywhere by itself. If support asks, send them the files in this folder.",
  },
  "settings.logs.folder": { hr: "Mapa", en: "Folder" },
  "settings.logs.open": { hr: "Otvori mapu s dnevnicima", en: "Open log folder" },
  "settings.logs.opened": { hr: "Mapa je otvorena u upravitelju datoteka.", en: "The folder was opened in the file manager." },
  "settings.logs.browserHint": {
    hr: "Preglednik ne može otvoriti mapu: otvorite je u upravitelju datoteka.",
    en: "The browser cannot open folders: open it in your file manager.",
  },
  "settings.about.pack": { hr: "Paket propisa", en: "Rule pack" },
  "settings.about.published": { hr: "Objavljen", en: "Published" },
  "settings.about.hash": { hr: "Sažetak sadržaja (SHA-256)", en: "Content hash (SHA-256)" },
  "settings.about.contents": { hr: "Sadržaj", en: "Contents" },
  "settings.about.origin": { hr: "Podrijetlo", en: "Origin" },
  "settings.about.origin.bundled": { hr: "isporučen s aplikacijom", en: "shipped with the app" },
  "settings.about.origin.local": { hr: "objavljen na ovom stolu ({name})", en: "published at this desk ({name})" },
  "settings.about.origin.imported": { hr: "uvezen iz potpisane datoteke ({name})", en: "imported from a signed file ({name})" },
  "settings.about.origin.firm": { hr: "iz ureda, objavljen na stolu {desk} ({name})", en: "from the firm, published at desk {desk} ({name})" },
  "settings.about.contents.value": {
    hr: "pravila: {rules}, pojmova: {concepts}; na zakonu, pravilniku ili uputi Porezne uprave: {official}",
    en: "{rules} rules, {concepts} concepts; {official} rest on statute, regulation or tax authority guidance",
  },
  "settings.pause": {
    hr: "Promišljena stanka prije odgovora (ms)",
    en: "Deliberate pause before the answer (ms)",
  },
  "settings.pause.hint": {
    hr: "Kratka stanka između procjene pouzdanosti i odgovora, od 0 do 5000 ms.",
    en: "A short pause between the confidence step and the answer, 0 to 5000 ms.",
  },
  "settings.reducedMotion": { hr: "Smanji animacije", en: "Reduce motion" },
  "settings.reducedMotion.hint": {
    hr: "Animacije su isključene i kad ih operacijski sustav traži smanjene.",
    en: "Animations are also off when the operating system asks for reduced motion.",
  },
  "settings.firmName": { hr: "Naziv ureda", en: "Firm name" },
  "settings.updates": { hr: "Automatski provjeri ažuriranja", en: "Check for updates automatically" },
  "settings.saved": { hr: "Postavke su spremljene.", en: "Settings saved." },
  "settings.pause.invalid": {
    hr: "Upišite cijeli broj od 0 do 5000.",
    en: "Enter a whole number from 0 to 5000.",
  },
} as const satisfies MessageTable

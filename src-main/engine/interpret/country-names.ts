import type { Locale } from "../../../src-shared/events/stages"

// The countries the interpreter recognises (jurisdiction.ts), named for the reader: a refusal
// says "Austrija", never the ISO code.

const NAMES: Record<string, { hr: string; en: string }> = {
  HR: { hr: "Hrvatska", en: "Croatia" },
  DE: { hr: "Njemačka", en: "Germany" },
  SI: { hr: "Slovenija", en: "Slovenia" },
  AT: { hr: "Austrija", en: "Austria" },
  IT: { hr: "Italija", en: "Italy" },
  HU: { hr: "Mađarska", en: "Hungary" },
  FR: { hr: "Francuska", en: "France" },
  NL: { hr: "Nizozemska", en: "the Netherlands" },
  BE: { hr: "Belgija", en: "Belgium" },
  ES: { hr: "Španjolska", en: "Spain" },
  PT: { hr: "Portugal", en: "Portugal" },
  PL: { hr: "Poljska", en: "Poland" },
  CZ: { hr: "Češka", en: "Czechia" },
  SK: { hr: "Slovačka", en: "Slovakia" },
  DK: { hr: "Danska", en: "Denmark" },
  SE: { hr: "Švedska", en: "Sweden" },
  FI: { hr: "Finska", en: "Finland" },
  IE: { hr: "Irska", en: "Ireland" },
  GR: { hr: "Grčka", en: "Greece" },
  BG: { hr: "Bugarska", en: "Bulgaria" },
  RO: { hr: "Rumunjska", en: "Romania" },
  LU: { hr: "Luksemburg", en: "Luxembourg" },
  MT: { hr: "Malta", en: "Malta" },
  CY: { hr: "Cipar", en: "Cyprus" },
  EE: { hr: "Estonija", en: "Estonia" },
  LV: { hr: "Latvija", en: "Latvia" },
  LT: { hr: "Litva", en: "Lithuania" },
  RS: { hr: "Srbija", en: "Serbia" },
  BA: { hr: "Bosna i Hercegovina", en: "Bosnia and Herzegovina" },
  ME: { hr: "Crna Gora", en: "Montenegro" },
  MK: { hr: "Sjeverna Makedonija", en: "North Macedonia" },
  CH: { hr: "Švicarska", en: "Switzerland" },
  GB: { hr: "Ujedinjeno Kraljevstvo", en: "the United Kingdom" },
  US: { hr: "Sjedinjene Američke Države", en: "the United States" },
  NO: { hr: "Norveška", en: "Norway" },
  RU: { hr: "Rusija", en: "Russia" },
  UA: { hr: "Ukrajina", en: "Ukraine" },
  TR: { hr: "Turska", en: "Turkey" },
  CN: { hr: "Kina", en: "China" },
  CA: { hr: "Kanada", en: "Canada" },
  AU: { hr: "Australija", en: "Australia" },
  JP: { hr: "Japan", en: "Japan" },
}

/** The country's name in the reader's language; an unknown code stays as it is. */
export function countryName(code: string, locale: Locale): string {
  return NAMES[code]?.[locale] ?? code
}

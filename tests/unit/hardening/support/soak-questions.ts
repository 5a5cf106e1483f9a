import { HOSTILE_STRINGS } from "./hostile-text"

// The soak's traffic: a deterministic mix by run index of what a firm asks all day (Croatian and
// English threshold questions with varying amounts and dates, questions that need a clarification,
// off-topic and hostile text), so every run differs and every outcome occurs.

export interface SoakQuestion {
  question: string
  asOfDate?: string
  /** True for questions expected to stop at a clarification (answered with "confirm"). */
  mayClarify: boolean
}

// The 150,000-character word is left to the hostile-input tests: here it would only slow the soak.
const HOSTILE = Object.entries(HOSTILE_STRINGS)
  .filter(([label]) => label !== "one long word")
  .map(([, text]) => text)

function amount(i: number): number {
  // 10,000 .. 109,000 in steps of 1,000, hopping around the 60,000 threshold.
  return 10_000 + ((i * 7_919) % 100) * 1_000
}

function asOf(i: number): string {
  const year = 2023 + (i % 3)
  const month = String(1 + (i % 12)).padStart(2, "0")
  return `${year}-${month}-15`
}

export function soakQuestion(i: number): SoakQuestion {
  const croatian = amount(i).toLocaleString("de-DE")
  switch (i % 8) {
    case 0:
    case 1:
      return { question: `Moram li ući u sustav PDV-a ako mi je promet ${croatian} eura?`, asOfDate: asOf(i), mayClarify: false }
    case 2:
      return { question: `Do I have to register for VAT if my turnover is €${amount(i).toLocaleString("en-US")}?`, asOfDate: asOf(i), mayClarify: false }
    case 3:
      return { question: "Koji je prag za ulazak u sustav PDV-a?", asOfDate: asOf(i), mayClarify: true }
    case 4:
      return { question: "PDV prag", mayClarify: true }
    case 5:
      return { question: `Paušalni obrt, primici ${croatian} eura: koji je limit?`, asOfDate: asOf(i), mayClarify: true }
    case 6:
      return { question: i % 16 === 6 ? "Kakvo će biti vrijeme sutra u Splitu?" : "What is the capital of France?", mayClarify: false }
    default:
      return { question: HOSTILE[i % HOSTILE.length] ?? "PDV", mayClarify: true }
  }
}

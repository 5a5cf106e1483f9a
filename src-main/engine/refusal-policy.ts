import type { ErrorCode, RefusalCode } from "../../src-shared/events/refusals"
import type { ErrorPayload, RefusalPayload } from "../../src-shared/events/payloads"
import type { Locale, ReasoningStage, Severity } from "../../src-shared/events/stages"

// The refusal policy (seed 003) and error catalog (seed 001 §8): every code with a message in
// Croatian and English and the next steps a user can take. Croatian messages follow the seeds'
// texts where the seeds give them. User-facing copy: change only with review (seed 001 §9).

interface Localized {
  hr: string
  en: string
}

interface CatalogEntry {
  message: Localized
  nextSteps: Localized[]
  severity: Severity
}

export const REFUSAL_CATALOG: Record<RefusalCode, CatalogEntry> = {
  NO_CITABLE_RULES: {
    message: { hr: "Nismo pronašli relevantne propise", en: "We couldn't find verified sources" },
    nextSteps: [
      {
        hr: "Preformulirajte pitanje koristeći pojmove iz propisa (npr. PDV, paušalni obrt, porez na dobit)",
        en: "Rephrase the question with regulatory terms (e.g. VAT, flat-rate craft, corporate income tax)",
      },
      { hr: "Provjerite datum na koji se pitanje odnosi", en: "Check the date the question refers to" },
    ],
    severity: "info",
  },
  MISSING_CLIENT_DATA: {
    message: {
      hr: "Trebamo više podataka o vašem poslovanju",
      en: "We need more information about your business",
    },
    nextSteps: [
      {
        hr: "Dodajte nedostajuće podatke u profil klijenta (npr. promet, vrstu subjekta, status PDV-a)",
        en: "Add the missing facts to the client profile (e.g. turnover, entity type, VAT status)",
      },
      { hr: "Ili navedite te podatke u pitanju", en: "Or state those facts in the question" },
    ],
    severity: "info",
  },
  NEEDS_CLARIFICATION: {
    message: { hr: "Molimo pojasnite vaše pitanje", en: "Please clarify your question" },
    nextSteps: [
      {
        hr: "Navedite porez ili obvezu na koju se pitanje odnosi",
        en: "Name the tax or obligation the question is about",
      },
      { hr: "Postavite jedno pitanje odjednom", en: "Ask one question at a time" },
    ],
    severity: "info",
  },
  UNSUPPORTED_JURISDICTION: {
    message: { hr: "Podržavamo samo hrvatsko zakonodavstvo", en: "We only cover Croatian law" },
    nextSteps: [{ hr: "Postavite pitanje o hrvatskim propisima", en: "Ask about Croatian regulations" }],
    severity: "info",
  },
  UNSUPPORTED_DOMAIN: {
    message: { hr: "Ovo područje nije pokriveno paketom propisa", en: "This topic is outside our scope" },
    nextSteps: [
      {
        hr: "Pitajte o porezima, doprinosima ili fiskalizaciji",
        en: "Ask about taxes, contributions or fiscalization",
      },
    ],
    severity: "info",
  },
  OUT_OF_SCOPE: {
    message: { hr: "Ovo pitanje nije u našem području", en: "This isn't a regulatory question" },
    nextSteps: [
      {
        hr: "Postavite pitanje o hrvatskim poreznim propisima",
        en: "Ask a question about Croatian tax regulations",
      },
    ],
    severity: "info",
  },
  UNRESOLVED_CONFLICT: {
    message: {
      hr: "Pronašli smo proturječne propise",
      en: "Sources disagree and we can't verify which applies",
    },
    nextSteps: [
      {
        hr: "Obratite se poreznom savjetniku ili Poreznoj upravi",
        en: "Consult a tax adviser or the Tax Administration",
      },
      {
        hr: "Pregledajte proturječne izvore u koraku Sukobi",
        en: "Review the conflicting sources in the Conflicts step",
      },
    ],
    severity: "warning",
  },
  GRAY_ZONE: {
    message: { hr: "Ovo područje zahtijeva stručni savjet", en: "This area requires professional advice" },
    nextSteps: [{ hr: "Obratite se poreznom savjetniku", en: "Consult a tax adviser" }],
    severity: "info",
  },
  FUTURE_LAW_UNCERTAIN: {
    message: {
      hr: "Propisi koji stupaju na snagu nisu konačni",
      en: "Rules that have yet to take effect are not final",
    },
    nextSteps: [
      {
        hr: "Postavite pitanje za datum na koji su propisi već na snazi",
        en: "Ask for a date on which the rules are already in force",
      },
      {
        hr: "Pratite objave u Narodnim novinama",
        en: "Follow publications in the Official Gazette (Narodne novine)",
      },
    ],
    severity: "info",
  },
  MISSING_REQUIRED_DIMENSION: {
    message: { hr: "Nedostaju ključni podaci za odgovor", en: "Key facts needed for an answer are missing" },
    nextSteps: [
      {
        hr: "Navedite nedostajuće podatke u pitanju ili profilu klijenta",
        en: "State the missing facts in the question or the client profile",
      },
    ],
    severity: "info",
  },
}

export const ERROR_CATALOG: Record<ErrorCode, CatalogEntry & { retriable: boolean }> = {
  VALIDATION_FAILED: {
    message: {
      hr: "Nešto je pošlo po zlu: odgovor nije prošao provjeru",
      en: "Something went wrong: the answer failed validation",
    },
    nextSteps: [
      { hr: "Prijavite problem s identifikatorom zahtjeva", en: "Report the problem with the request id" },
    ],
    severity: "critical",
    retriable: false,
  },
  CAPACITY: {
    message: { hr: "Sustav je zauzet, pokušajte ponovno", en: "Service busy, try again" },
    nextSteps: [{ hr: "Pokušajte ponovno za nekoliko trenutaka", en: "Try again in a moment" }],
    severity: "warning",
    retriable: true,
  },
  TIMEOUT: {
    message: { hr: "Obrada je istekla", en: "Request timed out" },
    nextSteps: [{ hr: "Pokušajte ponovno", en: "Try again" }],
    severity: "warning",
    retriable: true,
  },
  INTERNAL: {
    message: { hr: "Nešto je pošlo po zlu", en: "Something went wrong" },
    nextSteps: [
      {
        hr: "Pokušajte ponovno ili prijavite problem s identifikatorom zahtjeva",
        en: "Try again or report the problem with the request id",
      },
    ],
    severity: "critical",
    retriable: true,
  },
  CANCELLED: {
    message: { hr: "Obrada je zaustavljena na vaš zahtjev", en: "Stopped at your request" },
    nextSteps: [{ hr: "Postavite pitanje ponovno kad budete spremni", en: "Ask again when you are ready" }],
    severity: "info",
    retriable: true,
  },
}

export interface RefusalOptions {
  detail?: string
  requiredFields?: string[]
  /** Steps specific to this refusal, shown before the catalog's general ones. */
  extraSteps?: string[]
}

export function buildRefusal(
  code: RefusalCode,
  locale: Locale,
  options: RefusalOptions = {},
): RefusalPayload {
  const entry = REFUSAL_CATALOG[code]
  const payload: RefusalPayload = {
    reason: code,
    message: entry.message[locale],
    nextSteps: [...(options.extraSteps ?? []), ...entry.nextSteps.map((s) => s[locale])],
  }
  if (options.requiredFields && options.requiredFields.length > 0)
    payload.requiredFields = options.requiredFields
  if (options.detail) payload.detail = options.detail
  return payload
}

export function buildError(
  code: ErrorCode,
  locale: Locale,
  correlationId: string,
  failedStage?: ReasoningStage,
): ErrorPayload {
  const entry = ERROR_CATALOG[code]
  const payload: ErrorPayload = {
    code,
    message: entry.message[locale],
    correlationId,
    retriable: entry.retriable,
  }
  if (failedStage) payload.failedStage = failedStage
  return payload
}

export function refusalSeverity(code: RefusalCode): Severity {
  return REFUSAL_CATALOG[code].severity
}

export function errorSeverity(code: ErrorCode): Severity {
  return ERROR_CATALOG[code].severity
}

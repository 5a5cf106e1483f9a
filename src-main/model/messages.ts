import type { Locale } from "../../src-shared/events/stages"
import type { ModelEndReason } from "../../src-shared/events/model-record"

// What the user reads about the model's part, in their language. The engine's answer never
// depends on it: every note says the answer stands as the engine gave it.

const END_NOTES: Record<Exclude<ModelEndReason, "finished">, { hr: string; en: string }> = {
  timeout: { hr: "model nije završio u zadanom vremenu", en: "the model did not finish in time" },
  stalled: { hr: "model je prestao slati tekst", en: "the model stopped sending text" },
  disconnected: { hr: "veza s modelom je prekinuta", en: "the connection to the model was dropped" },
  invalid: { hr: "model je poslao nečitljiv odgovor", en: "the model sent a reply that could not be read" },
  http_error: { hr: "poslužitelj modela je odbio zahtjev", en: "the model's server refused the request" },
  aborted: { hr: "obrada modela je zaustavljena", en: "the model's part was stopped" },
  unreachable: { hr: "poslužitelj modela nije dostupan", en: "the model's server cannot be reached" },
}

/** A note for a model part that did not finish; null when it finished. */
export function modelEndNote(reason: ModelEndReason, locale: Locale): string | null {
  if (reason === "finished") return null
  const why = END_NOTES[reason][locale]
  return locale === "hr"
    ? `Napomena: ${why}; odgovor je onaj koji je dao sustav pravila, bez razmišljanja modela.`
    : `Note: ${why}; the answer is the rule engine's own, without the model's thinking.`
}

/** A note for a draft the guard discarded. */
export function draftRejectedNote(problems: readonly string[], locale: Locale): string {
  const list = problems.slice(0, 3).join("; ")
  return locale === "hr"
    ? `Napomena: prijedlog teksta koji je napisao model odbačen je (${list}); prikazan je tekst sustava pravila.`
    : `Note: the model's draft of the answer was discarded (${list}); the rule engine's text is shown.`
}

/** A settings file or option that cannot be used, in the user's language. */
export class ModelSettingsError extends Error {
  constructor(
    readonly where: string,
    readonly problem: { hr: string; en: string },
    locale: Locale,
  ) {
    super(`${where}: ${problem[locale]}`)
  }
}

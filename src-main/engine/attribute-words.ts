import type { FocusAttribute } from "../../src-shared/events/payloads"
import type { Locale } from "../../src-shared/events/stages"

// An attribute of a rule in the user's words: the refusal names what the pack holds on a subject
// ("O tome sadrži samo: rok, postupak") and the model's proposal names what it read ("…, iznos").

const ATTRIBUTE_WORDS: Record<FocusAttribute, { hr: string; en: string }> = {
  rate: { hr: "stopa", en: "rate" },
  deadline: { hr: "rok", en: "deadline" },
  threshold: { hr: "prag ili limit", en: "threshold or limit" },
  amount: { hr: "iznos", en: "amount" },
  penalty: { hr: "kazna", en: "penalty" },
  obligation: { hr: "obveza", en: "obligation" },
  procedure: { hr: "postupak", en: "procedure" },
}

/** "rok", "deadline": an attribute in the user's words. */
export function attributeWord(attribute: FocusAttribute, locale: Locale): string {
  return ATTRIBUTE_WORDS[attribute][locale]
}

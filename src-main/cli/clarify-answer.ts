import type { ClarificationPayload } from "../../src-shared/events/payloads"

// A clarification answer given on the command line (ask --clarify, resume --answer) is either one
// of the options the clarification offered or free text. An option value it did not offer
// ("concept:…" of another topic) is a usage error: answering it would answer another question.

const OPTION_SHAPED = /^(concept|topic):|^confirm$/

/** The reason `value` cannot answer `question`, or undefined when it can. */
export function unofferedOption(value: string, question: ClarificationPayload): string | undefined {
  const trimmed = value.trim()
  if (!OPTION_SHAPED.test(trimmed)) return undefined
  const offered = (question.options ?? []).map((o) => o.value)
  if (offered.includes(trimmed)) return undefined
  return `"${trimmed}" is not an option of this clarification (options: ${offered.join(" | ")})`
}

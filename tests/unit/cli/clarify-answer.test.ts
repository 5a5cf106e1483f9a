import { describe, expect, it } from "vitest"
import { unofferedOption } from "../../../src-main/cli/clarify-answer"
import type { ClarificationPayload } from "../../../src-shared/events/payloads"

const question: ClarificationPayload = {
  question: "Na koju se temu pitanje odnosi?",
  options: [
    { label: "Rok za PDV prijavu", value: "concept:pdv-rok-prijave" },
    { label: "Odustani", value: "cancel" },
  ],
  freeformAllowed: true,
  required: true,
  reason: "topic",
}

describe("a command-line clarification answer", () => {
  it("may be an offered option or free text", () => {
    expect(unofferedOption("concept:pdv-rok-prijave", question)).toBeUndefined()
    expect(unofferedOption("cancel", question)).toBeUndefined()
    expect(unofferedOption("rok za plaćanje", question)).toBeUndefined()
  })

  it("is refused when it names an option the clarification did not offer", () => {
    expect(unofferedOption("concept:pdv-stope", question)).toContain("concept:pdv-rok-prijave | cancel")
    expect(unofferedOption("confirm", question)).toContain("not an option")
  })
})

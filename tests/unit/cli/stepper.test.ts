import { describe, expect, it } from "vitest"
import { createEventPrinter } from "../../../src-main/cli/stepper"
import { ask } from "../engine/helpers"

async function print(live: boolean, question = "Koji je prag za PDV?") {
  const chunks: string[] = []
  const printer = createEventPrinter({ write: (t: string) => chunks.push(t) }, { live })
  const { events } = await ask(question, { asOf: "2025-03-01" })
  for (const event of events) printer.onEvent(event)
  return chunks
}

describe("createEventPrinter", () => {
  it("plain mode appends one line per stage step, ✓ with the summary when done", async () => {
    const text = (await print(false)).join("")
    expect(text).toContain(
      "… Izvori — Pretražujem izvore u paketu propisa…\n    · Pronađeno: Synthetic Tax Office Guidance\n",
    )
    expect(text).toContain("✓ Izvori — Pronađeno izvora: 2\n")
    expect(text).not.toContain("\x1b[")
    expect(text).toContain("ODGOVOR: SINTETSKO: prag je 2.000 EUR.\n")
  })

  it("live mode redraws the block in place as events arrive", async () => {
    const chunks = await print(true)
    expect(chunks.some((c) => c.includes("\x1b[J"))).toBe(true)
    expect(chunks[chunks.length - 1]).toContain("ODGOVOR")
  })

  it("switches to English for an English run", async () => {
    const text = (await print(false, "What is the VAT threshold?")).join("")
    expect(text).toContain("✓ Sources — Found 2 sources")
    expect(text).toContain("ANSWER: ")
  })
})

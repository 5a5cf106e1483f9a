import { describe, expect, it } from "vitest"
import type { ContextResolutionPayload } from "../../../src-shared/events/payloads"
import { contextSection } from "../../../src-main/export/report/context-section"

// The context part of report.html: what the run assumed reads in words in both of the report's
// languages, the engine's code stays beside it, and nothing in a code can become markup.

function resolved(assumedDefaults: string[]): ContextResolutionPayload {
  return {
    summary: "HR · TAX · T1",
    jurisdiction: "HR",
    domain: "TAX",
    riskTier: "T1",
    language: "hr",
    intent: "QUESTION",
    asOfDate: "2026-11-22",
    entities: [],
    confidence: 0.9,
    requiresClarification: false,
    userContextSnapshot: { assumedDefaults },
    evaluationContext: { asOf: "2026-11-22" },
    factSources: { asOf: "assumed_default" },
  }
}

describe("contextSection assumed defaults", () => {
  it("gives today's date and Croatian law in Croatian and English, each with its code", () => {
    const out = contextSection(resolved(["asOf = today (2026-11-22)", "jurisdiction = HR"])).value
    expect(out).toContain(
      'današnji datum (22. 11. 2026.) <span class="en">today&#39;s date (22 November 2026)</span> <code>asOf = today (2026-11-22)</code>; ' +
        'hrvatsko zakonodavstvo <span class="en">Croatian law</span> <code>jurisdiction = HR</code>',
    )
  })

  it("shows an unknown code as it is, escaped", () => {
    const out = contextSection(resolved(['entity.type = <b>"DOO"</b>'])).value
    expect(out).toContain("<code>entity.type = &lt;b&gt;&quot;DOO&quot;&lt;/b&gt;</code>")
    expect(out).not.toContain("<b>")
  })

  it("has no assumed line when the run assumed nothing", () => {
    expect(contextSection(resolved([])).value).not.toContain("Pretpostavljeno")
  })
})

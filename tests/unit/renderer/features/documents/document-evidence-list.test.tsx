// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { TerminalEvent } from "../../../../../src-shared/events/event"
import { AnswerCard } from "../../../../../src-renderer/features/answer/AnswerCard"
import { I18nProvider } from "../../../../../src-renderer/i18n/i18n-context"

// An answer from the client's documents shows the documents it rests on as its citations (title,
// hash prefix, each field read with its EN 16931 term and value) and an audit's findings with the
// rule each cites, instead of "Rules applied: 0"; an answer from the rules keeps its count.

afterEach(cleanup)

const HASH = "ab12cd34ef56".padEnd(64, "0")

function terminal(data: Record<string, unknown>): TerminalEvent {
  return {
    v: 1,
    id: "r1_009",
    requestId: "r1",
    seq: 9,
    ts: "2026-03-20T10:00:00.000Z",
    stage: "ANSWER",
    status: "complete",
    data: { asOfDate: "2026-03-20", answerHr: "Revizija …", headline: "E-račun 17-P1-2: grešaka 1", citations: [], appliesWhenEvaluated: false, eligibleRuleCount: 1, ...data },
  } as TerminalEvent
}

const audit = terminal({
  documentAction: "audit",
  documentEvidence: [
    {
      documentId: "d1",
      title: "Račun pekara",
      contentHash: HASH,
      facts: [
        { field: "number", value: "17-P1-2", path: "cbc:ID", bt: "BT-1" },
        { field: "vat.rate", value: "25", path: "cac:TaxTotal/cac:TaxSubtotal[1]/cac:TaxCategory/cbc:Percent", bt: "BT-119", line: 1 },
      ],
    },
  ],
  documentFindings: [
    {
      severity: "error",
      code: "VAT_RATE_WRONG_FOR_ITEM",
      path: "cac:InvoiceLine[1]/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent",
      bt: "BT-152",
      message: { hr: "Kruh po stopi 25 %, pravilo daje 5 %.", en: "Bread at rate 25%, the rule gives 5%." },
      citation: { source: "PACK", ruleId: "pdv.stopa.kruh", legalBasis: "ZPDV čl. 38", evidence: [] },
    },
  ],
})

describe("the answer card of a document answer", () => {
  it.each([
    ["hr", "Dokumenti na kojima odgovor počiva", "Stopa PDV-a (stavka 1)", "Primijenjenih pravila"],
    ["en", "Documents the answer rests on", "VAT rate (line 1)", "Rules applied"],
  ] as const)("lists the documents, fields and findings as citations in %s", (locale, heading, rateLabel, rulesLine) => {
    render(
      <I18nProvider locale={locale}>
        <AnswerCard terminal={audit} />
      </I18nProvider>,
    )
    const list = screen.getByTestId("answer-document-evidence")
    expect(within(list).getByText(heading)).toBeTruthy()
    const doc = within(list).getByTestId("document-citation")
    expect(doc.textContent).toContain("Račun pekara")
    expect(within(doc).getByTestId("document-citation-hash").textContent).toBe("SHA-256 ab12cd34ef56…")
    const rate = within(doc).getAllByTestId("document-citation-fact").find((f) => f.dataset.field === "vat.rate")
    expect(rate?.textContent).toBe(`${rateLabel} · BT-11925`)
    const finding = within(list).getByTestId("audit-finding")
    expect(within(finding).getByTestId("audit-rule").textContent).toContain("pdv.stopa.kruh")
    expect(within(finding).getByTestId("audit-bt").textContent).toBe("BT-152")
    expect(screen.queryByText(new RegExp(rulesLine))).toBeNull()
  })

  it("keeps the rules count on an answer from the rules", () => {
    render(
      <I18nProvider locale="en">
        <AnswerCard terminal={terminal({ eligibleRuleCount: 2 })} />
      </I18nProvider>,
    )
    expect(screen.queryByTestId("answer-document-evidence")).toBeNull()
    expect(screen.getByText("Rules applied: 2")).toBeTruthy()
  })
})

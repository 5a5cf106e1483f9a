import { describe, expect, it } from "vitest"
import type { TerminalEvent } from "../../../../src-shared/events/event"
import type { FinalAnswerPayload } from "../../../../src-shared/events/payloads"
import { documentCitations } from "../../../../src-main/export/report/document-citations"
import { outcomeSection } from "../../../../src-main/export/report/outcome-section"

// In the audit report, an answer from the client's documents cites the documents (title, hash
// prefix, each field read by the card's name with its term, value and path), an audit's findings
// with their rules and a comparison's differences, instead of "eligible rules: 0" and "No
// citations"; an answer from the rules is as before.

const base: FinalAnswerPayload = {
  asOfDate: "2026-03-15",
  answerHr: "Revizija …",
  headline: "E-račun 17-P1-1: grešaka 1",
  citations: [],
  appliesWhenEvaluated: false,
  eligibleRuleCount: 1,
}

const audited: FinalAnswerPayload = {
  ...base,
  documentAction: "audit",
  documentEvidence: [{ documentId: "d1", title: "Račun <ožujak>", contentHash: "dd215f8a922c".padEnd(64, "0"), facts: [{ field: "number", value: "17-P1-1", path: "cbc:ID", bt: "BT-1" }] }],
  documentFindings: [
    {
      severity: "error",
      code: "VAT_RATE_WRONG_FOR_ITEM",
      path: "cac:InvoiceLine[1]/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent",
      bt: "BT-152",
      message: { hr: "Stopa 25 %, pravilo daje 5 %.", en: "Rate 25%, the rule gives 5%." },
      citation: { source: "PACK", ruleId: "pdv.stopa.kruh", legalBasis: "ZPDV čl. 38", evidence: [] },
    },
  ],
}

const answer = (data: FinalAnswerPayload): TerminalEvent =>
  ({ v: 1, id: "r_009", requestId: "r", seq: 9, ts: "2026-03-15T10:00:00.000Z", stage: "ANSWER", status: "complete", data }) as TerminalEvent

describe("document citations in the audit report", () => {
  it("names the document by title and hash prefix, with each field read and each finding's rule", () => {
    const text = String(documentCitations(audited))
    expect(text).toContain("Račun &lt;ožujak&gt;")
    expect(text).toContain("<code>dd215f8a922c…</code>")
    expect(text).toContain('<th>Broj računa <span class="en">Invoice number</span> · BT-1</th><td>17-P1-1</td>')
    expect(text).toContain("<code>pdv.stopa.kruh</code> (ZPDV čl. 38)")
    expect(text).toContain("<code>BT-152</code>")
  })

  it("lists a comparison's differences by the fields' names, A, B and whether each matters for tax", () => {
    const compared: FinalAnswerPayload = {
      ...base,
      documentAction: "compare",
      documentEvidence: [],
      documentDifferences: [
        { field: "seller.oib", bt: "BT-30", kind: "changed", a: "12345678903", b: "12345678904", taxRelevant: true },
        { field: "lines[2]", bt: "BG-25", kind: "removed", a: "Uredski stol", taxRelevant: true },
        { field: "totals.payable", bt: "BT-115", kind: "changed", a: "556.12", b: "565.72", taxRelevant: false },
      ],
    }
    expect(documentCitations(compared)).toBeNull()
    const text = String(documentCitations({ ...compared, documentEvidence: audited.documentEvidence ?? [] }))
    expect(text).toContain('Razlike između dokumenata <span class="en">Differences between the documents</span>')
    expect(text).toContain('<tr><th>OIB prodavatelja <span class="en">Seller&#39;s OIB</span> · BT-30</th><td>12345678903</td><td>12345678904</td><td>da <span class="en">yes</span></td></tr>')
    expect(text).toContain('<tr><th>Stavka 2 <span class="en">Line 2</span> · BG-25</th><td>Uredski stol</td><td>—</td>')
    expect(text).toContain("<td>556.12</td><td>565.72</td><td>ne <span class=\"en\">no</span></td>")
    expect(text).not.toContain("seller.oib")
  })

  it("replaces the rule count and the empty citations of a document answer; a rule answer keeps them", () => {
    const documents = String(outcomeSection(answer(audited)))
    expect(documents).not.toContain("primjenjivih pravila")
    expect(documents).not.toContain("Bez citata.")
    expect(documents).toContain("Dokumenti na kojima odgovor počiva")
    const rules = String(outcomeSection(answer(base)))
    expect(documentCitations(base)).toBeNull()
    expect(rules).toContain("primjenjivih pravila")
    expect(rules).toContain("Bez citata.")
  })
})

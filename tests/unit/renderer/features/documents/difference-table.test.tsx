// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { TerminalEvent } from "../../../../../src-shared/events/event"
import { AnswerCard } from "../../../../../src-renderer/features/answer/AnswerCard"
import { I18nProvider } from "../../../../../src-renderer/i18n/i18n-context"

// A comparison's answer card shows its differences as a table: the field by the name the card gives
// it (never the model's path), A's and B's values (A and B named by their documents' titles), and
// whether it matters for tax; a missing value reads "nema"/"none". The answer's text above it is its
// head line alone. Other answers have no table.

afterEach(cleanup)

function terminal(data: Record<string, unknown>): TerminalEvent {
  return {
    v: 1,
    id: "r1_009",
    requestId: "r1",
    seq: 9,
    ts: "2026-03-20T10:00:00.000Z",
    stage: "ANSWER",
    status: "complete",
    data: { asOfDate: "2026-03-15", answerHr: "Usporedba A i B: razlika 3, od toga važnih za porez 2.\n- OIB prodavatelja · BT-30: 12345678903 → 12345678904 [važno za porez]", headline: "17-P1-1 i 17-P1-2: razlika 3", citations: [], appliesWhenEvaluated: false, eligibleRuleCount: 0, ...data },
  } as TerminalEvent
}

const evidence = (documentId: string, title: string) => ({ documentId, title, contentHash: "ab".repeat(32), facts: [] })

const comparison = terminal({
  documentAction: "compare",
  documentEvidence: [evidence("d1", "Račun ispravan"), evidence("d2", "Račun kruh")],
  documentDifferences: [
    { field: "seller.oib", bt: "BT-30", kind: "changed", a: "12345678903", b: "12345678904", taxRelevant: true },
    { field: "totals.payable", bt: "BT-115", kind: "changed", a: "556.12", b: "565.72", taxRelevant: false },
    { field: "vatBreakdown[S 5].taxAmount", bt: "BT-117", kind: "removed", a: "2.40", taxRelevant: true },
  ],
})

describe("the differences of a comparison on the answer card", () => {
  it.each([
    ["hr", "Razlike između dokumenata", "Polja važna za porez su označena.", ["OIB prodavatelja · BT-30", "Iznos za plaćanje · BT-115", "Iznos PDV-a (S, 5 %) · BT-117"], ["Da", "Ne", "Da"], "nema"],
    ["en", "Differences between the documents", "Fields that matter for tax are marked.", ["Seller's OIB · BT-30", "Amount due · BT-115", "VAT amount (S, 5%) · BT-117"], ["Yes", "No", "Yes"], "none"],
  ] as const)("lists each field that differs by its name, A, B and whether it matters for tax, in %s", (locale, heading, summary, names, tax, missing) => {
    render(
      <I18nProvider locale={locale}>
        <AnswerCard terminal={comparison} />
      </I18nProvider>,
    )
    const table = screen.getByTestId("document-differences")
    expect(within(table).getByRole("heading").textContent).toBe(heading)
    expect(within(table).getByTestId("document-differences-summary").textContent).toContain(summary)
    const headers = within(table).getAllByRole("columnheader").map((th) => th.textContent)
    expect(headers.slice(1, 3)).toEqual(["A: Račun ispravan", "B: Račun kruh"])
    const rows = within(table).getAllByTestId("document-difference")
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(names)
    expect(rows.map((row) => row.querySelectorAll("td")[2]?.textContent)).toEqual(tax)
    expect(rows.map((row) => row.dataset.tax)).toEqual(["true", "false", "true"])
    expect(rows[2]?.querySelectorAll("td")[1]?.textContent).toBe(missing)
    expect(table.textContent).not.toContain("seller.oib")
    // The answer's text above the table is its head line; the listed lines would repeat the table.
    expect(screen.getByTestId("answer-text").textContent).toBe("Usporedba A i B: razlika 3, od toga važnih za porez 2.")
  })

  it("is not shown for an audit", () => {
    render(
      <I18nProvider locale="en">
        <AnswerCard terminal={terminal({ documentAction: "audit", documentEvidence: [evidence("d1", "Račun")], documentFindings: [] })} />
      </I18nProvider>,
    )
    expect(screen.queryByTestId("document-differences")).toBeNull()
  })
})

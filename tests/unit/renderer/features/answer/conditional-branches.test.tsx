// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { ConditionalAnswerPayload } from "../../../../../src-shared/events/payloads"
import { ConditionalBranches } from "../../../../../src-renderer/features/answer/OutcomeParts"
import { I18nProvider } from "../../../../../src-renderer/i18n/i18n-context"

// A conditional answer says which fact it is missing by the fact's name in the reader's language,
// never by the pack's dimension id ("service-years", "turnover").

afterEach(cleanup)

const branch = (value: number, answer: string) => ({
  dimension: "service-years",
  factPath: "query.serviceYears",
  condition: `= ${value}`,
  value,
  answer,
  ruleIds: [`r${value}`],
})

const payload = {
  asOfDate: "2025-01-01",
  answerHr: "",
  headline: "",
  citations: [],
  branches: [branch(10, "300,00 EUR"), branch(15, "360,00 EUR")],
  missingDimensions: ["service-years"],
  coverage: [],
} as unknown as ConditionalAnswerPayload

describe("ConditionalBranches", () => {
  it.each([
    ["hr", "Nedostaje: godine staža"],
    ["en", "Missing: the years of service"],
  ] as const)("names the missing fact in %s", (locale, text) => {
    render(
      <I18nProvider locale={locale}>
        <ConditionalBranches payload={payload} />
      </I18nProvider>,
    )
    expect(screen.getByTestId("conditional-missing").textContent).toBe(text)
  })

  it("names a fact by the pack's name for it where the branch carries one ('bruto plaća', not 'iznos iz pitanja')", () => {
    const named = (n: number) => ({ ...branch(n, `${n}`), dimension: "gross-salary", factPath: "query.amount", factName: "Bruto plaća" })
    const salary = { ...payload, branches: [named(1), named(2)], missingDimensions: ["gross-salary"] } as ConditionalAnswerPayload
    render(
      <I18nProvider locale="hr">
        <ConditionalBranches payload={salary} />
      </I18nProvider>,
    )
    expect(screen.getByTestId("conditional-missing").textContent).toBe("Nedostaje: bruto plaća")
  })

  it("lists two possibilities, and never the one possibility the headline already states", () => {
    const { unmount } = render(
      <I18nProvider locale="hr">
        <ConditionalBranches payload={payload} />
      </I18nProvider>,
    )
    expect(screen.getAllByTestId("conditional-branch")).toHaveLength(2)
    unmount()
    const single = { ...payload, branches: [branch(10, "300,00 EUR")] } as ConditionalAnswerPayload
    render(
      <I18nProvider locale="hr">
        <ConditionalBranches payload={single} />
      </I18nProvider>,
    )
    expect(screen.queryAllByTestId("conditional-branch")).toHaveLength(0)
    expect(screen.getByTestId("conditional-missing").textContent).toBe("Nedostaje: godine staža")
  })
})

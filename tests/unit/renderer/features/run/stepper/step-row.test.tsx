// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { SourceSummary } from "../../../../../../src-shared/events/payloads"
import { I18nProvider } from "../../../../../../src-renderer/i18n/i18n-context"
import type { StepView } from "../../../../../../src-renderer/reasoning/selectors"
import { StepRow } from "../../../../../../src-renderer/features/run/stepper/StepRow"

afterEach(cleanup)

const analysing: StepView = {
  stage: "ANALYSIS",
  status: "active",
  messages: ["Checked the validity of 3 rules", "Checked data coverage for vat-registration"],
  summary: null,
  durationMs: null,
  error: null,
}
const source = (id: string, name: string): SourceSummary => ({
  id,
  name,
  authority: "GUIDANCE",
  evidenceCount: 1,
})

function renderRow(step: StepView, expanded: boolean, sources: readonly SourceSummary[] = []) {
  render(
    <I18nProvider locale="en">
      <ol>
        <StepRow step={step} isCurrent expanded={expanded} onToggle={() => {}} sources={sources} />
      </ol>
    </I18nProvider>,
  )
  return screen.getByTestId(`step-${step.stage}`)
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1
}

describe("StepRow", () => {
  it("shows the current stage's latest line once when its lines are open", () => {
    const row = renderRow(analysing, true)
    expect(occurrences(row.textContent ?? "", "Checked data coverage for vat-registration")).toBe(1)
    expect(screen.getByTestId("step-summary-ANALYSIS").textContent).toBe("Analysing…")
    expect(screen.getByTestId("step-messages-ANALYSIS").textContent).toContain(
      "Checked the validity of 3 rules",
    )
  })

  it("keeps the latest line as the headline while the stage is collapsed", () => {
    const row = renderRow(analysing, false)
    expect(screen.getByTestId("step-summary-ANALYSIS").textContent).toBe(
      "Checked data coverage for vat-registration",
    )
    expect(occurrences(row.textContent ?? "", "Checked data coverage for vat-registration")).toBe(1)
    expect(screen.queryByTestId("step-messages-ANALYSIS")).toBeNull()
  })

  it("does not repeat a started line that already says what the stage is doing", () => {
    const retrieving: StepView = { ...analysing, stage: "RETRIEVAL", messages: ["Retrieving rules…"] }
    const row = renderRow(retrieving, true)
    expect(occurrences(row.textContent ?? "", "Retrieving rules…")).toBe(1)
    expect(screen.queryByTestId("step-summary-RETRIEVAL")).toBeNull()
  })

  it("names each source found once while sources are searched", () => {
    const step: StepView = {
      ...analysing,
      stage: "SOURCES",
      messages: ["Found: Tax office", "Found: Informator"],
    }
    const row = renderRow(step, true, [source("pu", "Tax office"), source("inf", "Informator")])
    expect(occurrences(row.textContent ?? "", "Informator")).toBe(1)
    expect(screen.getByTestId("step-summary-SOURCES").textContent).toBe("Searching sources…")
  })
})

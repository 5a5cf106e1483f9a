// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { Locale } from "../../../../../../src-shared/events/stages"
import { ConfidenceDetail } from "../../../../../../src-renderer/features/run/cards/ConfidenceDetail"
import { I18nProvider } from "../../../../../../src-renderer/i18n/i18n-context"
import { findEvent } from "../../../../../../src-renderer/reasoning/selectors"
import { stamp } from "../../../fixtures/runs"

// A decisive fact's label is the engine's, in the run's language; its value beside it is written the
// same way, so one line never mixes "60.000,00 EUR" with "EUR 65,000.00".

afterEach(cleanup)

function confidenceEvent() {
  const [event] = stamp("req-conf", [
    {
      stage: "CONFIDENCE",
      status: "complete",
      data: {
        summary: "Pouzdanost: srednja (76 %)",
        score: 0.76,
        label: "MEDIUM",
        drivers: [],
        evidenceStrength: "SINGLE_SOURCE",
        interactiveDrivers: [
          {
            id: "fact:counters.revenueYtd:lte:60000",
            label: "Promet ≤ 60.000,00 EUR",
            currentValue: false,
            canToggle: true,
            affectedStages: ["APPLICABILITY"],
            factPath: "counters.revenueYtd",
            factValue: 65000,
            factSource: "query",
            condition: { operator: "lte", operand: 60000 },
            ruleIds: ["vat.registration"],
          },
        ],
      },
    },
  ])
  const found = event ? findEvent([event], "CONFIDENCE", "complete") : undefined
  if (!found) throw new Error("no confidence event")
  return found
}

function decisiveLine(uiLocale: Locale, runLanguage: Locale | undefined): string {
  render(
    <I18nProvider locale={uiLocale}>
      <ConfidenceDetail event={confidenceEvent()} runLanguage={runLanguage} />
    </I18nProvider>,
  )
  return screen.getByTestId("confidence-interactive-drivers").textContent ?? ""
}

describe("ConfidenceDetail: the facts that decided", () => {
  it("writes a Croatian run's value the Croatian way, in the English UI too", () => {
    expect(decisiveLine("en", "hr")).toBe("✕ Promet ≤ 60.000,00 EUR (65.000,00 EUR)")
  })

  it("writes an English run's value the English way", () => {
    expect(decisiveLine("en", "en")).toBe("✕ Promet ≤ 60.000,00 EUR (EUR 65,000.00)")
  })

  it("falls back to the UI's language when the run's is not known", () => {
    expect(decisiveLine("hr", undefined)).toBe("✕ Promet ≤ 60.000,00 EUR (65.000,00 EUR)")
  })
})

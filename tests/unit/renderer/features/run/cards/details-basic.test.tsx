// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { EventBody } from "../../../../../../src-shared/events/event"
import type { Locale } from "../../../../../../src-shared/events/stages"
import { ContextDetail, matchedWords } from "../../../../../../src-renderer/features/run/cards/details-basic"
import { I18nProvider } from "../../../../../../src-renderer/i18n/i18n-context"
import { findEvent } from "../../../../../../src-renderer/reasoning/selectors"
import { translator } from "../../../../../../src-renderer/i18n/translate"
import { context, stamp } from "../../../fixtures/runs"

afterEach(cleanup)

/** The fixture's CONTEXT_RESOLUTION complete event, with the given assumed-default codes. */
function contextWithAssumed(assumedDefaults: string[]) {
  const bodies = context().map((body): EventBody =>
    body.stage === "CONTEXT_RESOLUTION" && body.status === "complete"
      ? { ...body, data: { ...body.data, userContextSnapshot: { assumedDefaults } } }
      : body,
  )
  const event = findEvent(stamp("req-ctx", bodies), "CONTEXT_RESOLUTION", "complete")
  if (event === undefined) throw new Error("the context fixture has no complete event")
  return event
}

function renderContext(assumedDefaults: string[], locale: Locale) {
  render(
    <I18nProvider locale={locale}>
      <ContextDetail event={contextWithAssumed(assumedDefaults)} />
    </I18nProvider>,
  )
  return Array.from(screen.getByTestId("context-assumed").querySelectorAll("li"))
}

describe("ContextDetail: what the run assumed", () => {
  it("says the assumptions in English words, with the engine's code as their tooltip (no ISO date in sight)", () => {
    const items = renderContext(["asOf = today (2026-11-22)", "jurisdiction = HR"], "en")
    expect(items.map((li) => li.textContent)).toEqual(["Today's date (22 November 2026)", "Croatian law"])
    expect(items.map((li) => li.title)).toEqual(["asOf = today (2026-11-22)", "jurisdiction = HR"])
  })

  it("says them in Croatian in the Croatian UI, with a Croatian date", () => {
    const items = renderContext(["asOf = today (2026-11-22)", "jurisdiction = HR"], "hr")
    expect(items.map((li) => li.firstChild?.textContent?.trim())).toEqual([
      "Današnji datum (22. 11. 2026.)",
      "Hrvatsko zakonodavstvo",
    ])
  })

  it("shows a code it has no words for as it is", () => {
    const items = renderContext(["entity.type = DOO"], "en")
    expect(items.map((li) => li.textContent)).toEqual(["entity.type = DOO"])
  })

  it("leaves the section out when nothing was assumed", () => {
    render(
      <I18nProvider locale="en">
        <ContextDetail event={contextWithAssumed([])} />
      </I18nProvider>,
    )
    expect(screen.queryByTestId("context-assumed")).toBeNull()
  })
})

describe("ContextDetail: jurisdiction and domain", () => {
  it("are words in the UI's language, not the engine's codes", () => {
    for (const [locale, words] of [
      ["hr", ["Hrvatska", "porezi"]],
      ["en", ["Croatia", "tax"]],
    ] as const) {
      render(
        <I18nProvider locale={locale}>
          <ContextDetail event={contextWithAssumed([])} />
        </I18nProvider>,
      )
      const text = screen.getByTestId("context-facts").textContent ?? ""
      for (const word of words) expect(text).toContain(word)
      expect(text).not.toMatch(/\bTAX\b/)
      cleanup()
    }
  })
})

describe("matchedWords", () => {
  const subjects = [{ id: "pdv-registracija", kind: "regime", nameHr: "registracija za PDV", nameEn: "VAT registration" }]
  it("names the focus terms in words and never shows their codes", () => {
    const terms = ["attribute:threshold", "subject:pdv-registracija", "subject:unknown-id", "vat registration threshold"]
    expect(matchedWords(terms, subjects, translator("en"), "en")).toEqual([
      "the threshold or limit",
      "VAT registration",
      "vat registration threshold",
    ])
    expect(matchedWords(terms, subjects, translator("hr"), "hr")).toEqual([
      "prag ili limit",
      "registracija za PDV",
      "vat registration threshold",
    ])
  })
})

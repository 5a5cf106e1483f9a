// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { IpcResult } from "../../../../../src-shared/ipc/channel"
import type { AnswerPaper } from "../../../../../src-shared/answer-paper"
import type { TraceSummary } from "../../../../../src-shared/traces"
import { renderAnswerPaper } from "../../../../../src-main/export/answer-paper/answer-paper"
import { renderApp } from "../../components/harness"
import { answeredRun } from "../../fixtures/runs"

// "Print and PDF" and "Copy for e-mail" on the answer card, over a fake API whose paper is the
// main process's real rendering of the same run: the print view shows that document in a
// script-less frame, is a named dialog, closes with Escape and gives focus back; failures are
// told in the user's language; "Report a problem" stays beside the new controls.

afterEach(cleanup)

const ok = <T,>(value: T): IpcResult<T> => ({ ok: true, value })

function summary(requestId: string, locale: "hr" | "en"): TraceSummary {
  return {
    requestId,
    question: "Is VAT registration required? <b>now</b>",
    status: "complete",
    outcome: "ANSWER",
    domain: "TAX",
    riskTier: "T1",
    confidence: 0.9,
    locale,
    asOfDate: "2025-01-15",
    clientId: null,
    sourceCount: 2,
    eligibleRuleCount: 2,
    exclusionCount: 1,
    conflictCount: 0,
    refusalReason: null,
    durationMs: 1200,
    ttfusMs: 40,
    createdAt: "2025-01-15T09:00:00.000Z",
    counterfactualOf: null,
    packId: "hr-pack",
    packVersion: "1.0.0",
    packHash: "packhash",
    chainHead: "chainhead0123",
    eventCount: 20,
  }
}

function paperOf(requestId: string, locale: "hr" | "en"): AnswerPaper {
  const detail = { trace: summary(requestId, locale), events: answeredRun(requestId) }
  return { ...renderAnswerPaper({ detail, client: null }), canSavePdf: false }
}

function renderCard(locale: "hr" | "en", paper: () => Promise<IpcResult<AnswerPaper>>) {
  return renderApp(
    "/trace/r1",
    {
      "traces.get": async () => ok({ trace: summary("r1", locale), events: answeredRun("r1") }),
      "flags.list": async () => ok([]),
      "paper.render": paper,
    },
    { locale },
  )
}

describe("the answer on paper, from the answer card", () => {
  it("opens the print view with the stored run's document in a frame that runs no script", async () => {
    const paper = paperOf("r1", "en")
    const { fake } = renderCard("en", async () => ok(paper))
    const card = await screen.findByTestId("answer-card")
    expect(within(card).getByRole("button", { name: "Report a problem" })).toBeTruthy()
    const open = within(card).getByRole("button", { name: "Print and PDF" })
    await act(async () => fireEvent.click(open))

    const view = await screen.findByRole("dialog", { name: "Print preview" })
    expect(fake.calls.filter((c) => c.key === "paper.render")).toEqual([{ key: "paper.render", input: { requestId: "r1" } }])
    expect(document.activeElement).toBe(within(view).getByRole("heading", { name: "Print preview" }))
    const frame = within(view).getByTestId("paper-frame")
    expect(frame.getAttribute("srcdoc")).toBe(paper.frameHtml)
    expect(frame.getAttribute("srcdoc")).toContain("Is VAT registration required? &lt;b&gt;now&lt;/b&gt;")
    expect(frame.getAttribute("sandbox")).toBe("allow-same-origin allow-modals")
    expect(frame.getAttribute("title")).toBe(paper.title)
    expect(within(view).getByTestId("paper-pdf-hint").textContent).toBe("For a PDF, choose “Save as PDF” as the destination in the print window.")
    expect(within(view).getByRole("link", { name: "Download HTML" }).getAttribute("download")).toBe(`${paper.fileName}.html`)

    await act(async () => fireEvent.keyDown(document, { key: "Escape" }))
    expect(screen.queryByRole("dialog")).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(open))
  })

  it("says in Croatian when the document cannot be prepared, and asks again on the next click", async () => {
    let refuse = true
    const { fake } = renderCard("hr", async () =>
      refuse ? { ok: false, error: { code: "CONFLICT", message: "run r1 has not ended" } } : ok(paperOf("r1", "hr")),
    )
    const card = await screen.findByTestId("answer-card")
    const open = within(card).getByRole("button", { name: "Ispis i PDF" })
    await act(async () => fireEvent.click(open))
    expect((await within(card).findByRole("alert")).textContent).toBe("Dokument odgovora nije moguće pripremiti: run r1 has not ended")
    refuse = false
    await act(async () => fireEvent.click(open))
    expect(await screen.findByRole("dialog", { name: "Pregled ispisa" })).toBeTruthy()
    expect(fake.calls.filter((c) => c.key === "paper.render")).toHaveLength(2)
  })

  it("says so when the page gives the copy nothing to write, and keeps the card usable", async () => {
    renderCard("en", async () => ok(paperOf("r1", "en")))
    const card = await screen.findByTestId("answer-card")
    await act(async () => fireEvent.click(within(card).getByRole("button", { name: "Copy for e-mail" })))
    // happy-dom has no clipboard behind the copy command; the real copy is checked in Chromium (tests/e2e/paper.spec.ts).
    const notice = await within(card).findByTestId("paper-notice")
    expect(notice.getAttribute("role")).toBe("alert")
    expect(notice.textContent).toContain("Copying failed")
    expect(within(card).getByRole("button", { name: "Print and PDF" })).toBeTruthy()
  })
})

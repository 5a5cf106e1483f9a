// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { Flag, FlagQueueItem } from "../../../../../src-shared/flags"
import type { IpcResult } from "../../../../../src-shared/ipc/channel"
import type { TraceSummary } from "../../../../../src-shared/traces"
import { renderApp } from "../../components/harness"
import { answeredRun } from "../../fixtures/runs"

// Issue 19 in the window over a fake API: "Report a problem" on an answer card (a refusal from
// the host is told in the user's language and keeps the typed note), and the review queue (counts
// that agree with their noun, ages, a decision that reloads the list).

afterEach(cleanup)

const ok = <T,>(value: T): IpcResult<T> => ({ ok: true, value })
const fail = (code: "CONFLICT" | "UNAVAILABLE", message = "refused"): IpcResult<never> => ({
  ok: false,
  error: { code, message },
})

function summary(requestId: string): TraceSummary {
  return {
    requestId,
    question: "Is VAT registration required?",
    status: "complete",
    outcome: "ANSWER",
    domain: "TAX",
    riskTier: "T1",
    confidence: 0.9,
    locale: "en",
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
    packHash: "h",
    chainHead: "c",
    eventCount: 20,
  }
}

function flag(id: string, patch: Partial<Flag> = {}): Flag {
  return {
    id,
    runId: `run-${id}`,
    kind: "wrong",
    note: `Bilješka ${id}`,
    createdAt: "2026-03-02T09:00:00.000Z",
    status: "open",
    decision: null,
    ruleChangeId: null,
    raisedBy: null,
    ...patch,
  }
}

function item(id: string, ageMs: number, clientName: string | null = "Obrt Horvat"): FlagQueueItem {
  return {
    flag: flag(id),
    ageMs,
    run: {
      question: `Pitanje ${id}`,
      clientId: clientName === null ? null : "c1",
      clientName,
      headline: `Odgovor ${id}`,
      outcome: "ANSWER",
      confidence: 0.76,
      createdAt: "2026-03-02T08:59:00.000Z",
    },
    linkedChange: null,
  }
}

describe("Report a problem on the answer card", () => {
  it("sends wrong or unclear with a note; a refusal is told in the user's language and keeps the note", async () => {
    const created: unknown[] = []
    let refuse = true
    renderApp(
      "/trace/r1",
      {
        "traces.get": async () => ok({ trace: summary("r1"), events: answeredRun("r1") }),
        "flags.list": async () => ok([]),
        "flags.create": async (input) => {
          created.push(input)
          if (refuse) return fail("CONFLICT", "run r1 has no answer to report (running)")
          return ok(flag("f1", { runId: "r1", note: input.note.trim(), createdAt: "2025-01-15T10:00:00.000Z" }))
        },
      },
      { locale: "en" },
    )
    const card = await screen.findByTestId("answer-card")
    await act(async () => fireEvent.click(within(card).getByRole("button", { name: "Report a problem" })))
    const form = screen.getByRole("form", { name: "Report a problem with this answer" })
    expect(document.activeElement).toBe(within(form).getByRole("radio", { name: /^Wrong/ }))

    fireEvent.click(within(form).getByRole("radio", { name: /^Wrong/ }))
    fireEvent.change(within(form).getByRole("textbox", { name: "Note" }), { target: { value: " The threshold is 40,000. " } })
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Send" })))
    expect(within(form).getByRole("alert").textContent).toBe("This run has no answer that could be reported.")
    expect(within(form).getByRole<HTMLTextAreaElement>("textbox", { name: "Note" }).value).toBe(" The threshold is 40,000. ")

    refuse = false
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Send" })))
    expect(created).toEqual([
      { runId: "r1", kind: "wrong", note: " The threshold is 40,000. " },
      { runId: "r1", kind: "wrong", note: " The threshold is 40,000. " },
    ])
    await waitFor(() => expect(screen.getByTestId("report-sent").textContent).toBe("The answer was reported. The report awaits review."))
    expect(screen.queryByRole("form", { name: "Report a problem with this answer" })).toBeNull()
    const line = screen.getByTestId("report-flag")
    expect(line.textContent).toContain("Reported as wrong")
    expect(within(line).getByTestId("flag-status").textContent).toBe("Awaiting review")
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Report another problem" }))
  })

  it("shows a reopened run's reports and how they were decided", async () => {
    const decided = flag("f2", {
      runId: "r1",
      status: "confirmed",
      decision: { decidedAt: "2025-01-16T10:00:00.000Z", note: "rule vat.threshold", decidedBy: null },
    })
    renderApp("/trace/r1", {
      "traces.get": async () => ok({ trace: summary("r1"), events: answeredRun("r1") }),
      "flags.list": async (input) => ok(input.runId === "r1" && input.status === "all" ? [{ ...item("f2", 0), flag: decided }] : []),
    })
    const line = await screen.findByTestId("report-flag")
    expect(line.getAttribute("data-status")).toBe("confirmed")
    expect(line.textContent).toContain("Prijavljeno kao netočno")
    expect(line.textContent).toContain("Potvrđeno: odgovor je bio netočan")
    expect(line.textContent).toContain("Odluka recenzenta: rule vat.threshold")
    expect(screen.getByRole("button", { name: "Prijavi još jedan problem" })).toBeTruthy()
  })
})

describe("The review queue", () => {
  it("counts and ages its rows in Croatian, and reloads after a decision", async () => {
    let items = [item("a", 3 * 3_600_000 + 5), item("b", 2 * 86_400_000, null), ...["c", "d", "e"].map((id) => item(id, 60_000))]
    const decisions: unknown[] = []
    let conflict = true
    renderApp("/review", {
      "flags.list": async () => ok(items),
      "flags.decide": async (input) => {
        decisions.push(input)
        if (conflict) return fail("CONFLICT", "flag a was already rejected")
        items = items.slice(1)
        return ok(flag("a", { status: "confirmed", decision: { decidedAt: "2026-03-02T12:00:00.000Z", note: input.note, decidedBy: null } }))
      },
    })
    await waitFor(() => expect(screen.getAllByTestId("review-row")).toHaveLength(5))
    expect(screen.getByTestId("review-count").textContent).toBe("5 otvorenih prijava")
    const [first, second] = screen.getAllByTestId("review-row") as HTMLElement[]
    expect(within(first as HTMLElement).getByTestId("review-age").textContent).toBe("3 sata")
    expect(within(second as HTMLElement).getByTestId("review-age").textContent).toBe("2 dana")
    expect(second?.textContent).toContain("bez klijenta")
    expect(first?.textContent).toContain("76 %")

    await act(async () =>
      fireEvent.click(within(first as HTMLElement).getByRole("button", { name: "Potvrdi: odgovor je bio netočan" })),
    )
    const form = screen.getByRole("form", { name: "Odluka o prijavi: Pitanje a" })
    const note = within(form).getByRole<HTMLTextAreaElement>("textbox", { name: "Što treba promijeniti? (npr. oznaka pravila)" })
    expect(document.activeElement).toBe(note)
    fireEvent.change(note, { target: { value: "rule vat.threshold" } })
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Potvrdi: odgovor je bio netočan" })))
    expect(within(form).getByRole("alert").textContent).toBe("O ovoj prijavi već je odlučeno. Popis je osvježen.")
    expect(note.value).toBe("rule vat.threshold")

    conflict = false
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Potvrdi: odgovor je bio netočan" })))
    await waitFor(() => expect(screen.getByTestId("review-count").textContent).toBe("4 otvorene prijave"))
    expect(decisions).toEqual([
      { id: "a", decision: "confirmed", note: "rule vat.threshold" },
      { id: "a", decision: "confirmed", note: "rule vat.threshold" },
    ])
    expect(screen.getByTestId("review-done").textContent).toBe("Prijava je potvrđena i više nije među otvorenima.")
    expect(screen.getAllByTestId("review-row")).toHaveLength(4)
  })

  it("records the current profile as the reviewer, and shows who reported and who decided", async () => {
    const profiles = [
      { id: "p-ana", displayName: "Ana Anić", createdAt: "2026-03-01T09:00:00.000Z" },
      { id: "p-ivo", displayName: "Ivo Ivić", createdAt: "2026-03-01T09:00:00.000Z" },
    ]
    window.localStorage.setItem("fiskai.rules.profile", "p-ivo")
    const raised = { ...item("a", 60_000), flag: flag("a", { raisedBy: { id: "p-ana", name: "Ana Anić" } }) }
    const decidedByIvo = flag("b", {
      status: "rejected",
      raisedBy: null,
      decision: { decidedAt: "2026-03-02T12:00:00.000Z", note: "Odgovor stoji.", decidedBy: { id: "p-ivo", name: "Ivo Ivić" } },
    })
    const decisions: unknown[] = []
    renderApp("/review", {
      "profiles.list": async () => ok(profiles),
      "flags.list": async (input) => ok(input.status === "all" ? [raised, { ...item("b", 0), flag: decidedByIvo }] : [raised]),
      "flags.decide": async (input) => {
        decisions.push(input)
        return ok(flag("a", { status: "confirmed", decision: { decidedAt: "2026-03-02T12:00:00.000Z", note: input.note, decidedBy: null } }))
      },
    })
    try {
      await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>("profile-select").value).toBe("p-ivo"))
      const row = (await screen.findAllByTestId("review-row"))[0] as HTMLElement
      expect(within(row).getByTestId("review-reported").textContent).toMatch(/^prijavio\/la Ana Anić, /)
      await act(async () => fireEvent.click(within(row).getByRole("button", { name: "Odbij" })))
      const form = screen.getByRole("form", { name: "Odluka o prijavi: Pitanje a" })
      fireEvent.change(within(form).getByRole("textbox"), { target: { value: "Odgovor stoji." } })
      await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Odbij" })))
      expect(decisions).toEqual([{ id: "a", decision: "rejected", note: "Odgovor stoji.", profileId: "p-ivo" }])
      await act(async () => fireEvent.click(screen.getByTestId("review-show-all")))
      await waitFor(() => expect(screen.getByTestId("review-decided").textContent).toMatch(/^odlučio\/la Ivo Ivić, /))
    } finally {
      window.localStorage.removeItem("fiskai.rules.profile")
    }
  })

  it("says 1 prijava and 2 prijave for all reports, and when none is open", async () => {
    let all = [item("a", 0)]
    renderApp("/review", { "flags.list": async (input) => ok(input.status === "all" ? all : []) })
    await waitFor(() => expect(screen.getByTestId("review-empty").textContent).toBe("Nema otvorenih prijava."))
    expect(screen.getByTestId("review-count").textContent).toBe("0 otvorenih prijava")
    await act(async () => fireEvent.click(screen.getByTestId("review-show-all")))
    await waitFor(() => expect(screen.getByTestId("review-count").textContent).toBe("1 prijava"))
    all = [item("a", 0), item("b", 0)]
    await act(async () => fireEvent.click(screen.getByTestId("review-show-open")))
    await act(async () => fireEvent.click(screen.getByTestId("review-show-all")))
    await waitFor(() => expect(screen.getByTestId("review-count").textContent).toBe("2 prijave"))
  })

  it("stores the rule change a confirmation names with the decision, and a decided report links to that change", async () => {
    const decisions: unknown[] = []
    const change = { id: "chg-1", ruleId: "dobit.stopa.10", status: "IN_REVIEW" as const }
    const decided: FlagQueueItem = {
      ...item("b", 0),
      flag: flag("b", { status: "confirmed", decision: { decidedAt: "2026-03-02T12:00:00.000Z", note: "Stopa do 2025.", decidedBy: null }, ruleChangeId: change.id }),
      linkedChange: change,
    }
    renderApp("/review", {
      "flags.list": async (input) => ok(input.status === "all" ? [item("a", 0), decided] : [item("a", 0)]),
      "rules.changes": async () =>
        ok([{ id: change.id, ruleId: change.ruleId, status: "IN_REVIEW", note: "Stopa 10 % do kraja 2025." } as never]),
      "flags.decide": async (input) => {
        decisions.push(input)
        return ok(flag("a", { status: "confirmed", decision: { decidedAt: "2026-03-02T12:00:00.000Z", note: input.note, decidedBy: null }, ruleChangeId: change.id }))
      },
    })
    await waitFor(() => expect(screen.getAllByTestId("review-row")).toHaveLength(1))
    await act(async () => fireEvent.click(screen.getByTestId("review-confirm")))
    const form = screen.getByTestId("decision-form")
    fireEvent.change(within(form).getByTestId("decision-note"), { target: { value: "Stopa vrijedi do 2025." } })
    await waitFor(() => expect(within(form).getAllByRole("option")).toHaveLength(2))
    fireEvent.change(within(form).getByTestId("decision-rule-change"), { target: { value: change.id } })
    await act(async () => fireEvent.click(within(form).getByTestId("decision-submit")))
    // The note stays as typed: the link is its own field, not text appended to the note.
    expect(decisions).toEqual([{ id: "a", decision: "confirmed", note: "Stopa vrijedi do 2025.", ruleChangeId: change.id }])

    await act(async () => fireEvent.click(screen.getByTestId("review-show-all")))
    await waitFor(() => expect(screen.getAllByTestId("review-row")).toHaveLength(2))
    const link = screen.getByTestId("review-linked-change")
    expect(link.textContent).toBe("dobit.stopa.10")
    expect(link.getAttribute("href")).toContain("/rules/change/chg-1")
    expect(link.closest("p")?.textContent).toBe("Ispravlja ga promjena pravila dobit.stopa.10 (Na pregledu)")
  })
})

// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { FirmFlagQueue, FirmQueueItem } from "../../../../../src-shared/firm"
import type { Flag } from "../../../../../src-shared/flags"
import type { IpcResult } from "../../../../../src-shared/ipc/channel"
import { renderApp } from "../../components/harness"

// "Drugi stolovi / Other desks" under the review queue (issue 25), over a fake API: other desks'
// flags with desk, question, kind, note, who raised and who decided them, in Croatian and English;
// no Confirm or Reject on them; a clear word when the desk is not linked; read again after a sync.

afterEach(cleanup)

const ok = <T,>(value: T): IpcResult<T> => ({ ok: true, value })

function row(id: string, desk: string, patch: Partial<Flag> = {}): FirmQueueItem {
  return {
    desk,
    item: {
      flag: {
        id,
        runId: `run-${id}`,
        kind: "wrong",
        note: `Bilješka ${id}`,
        createdAt: "2026-03-02T09:00:00.000Z",
        status: "open",
        decision: null,
        ruleChangeId: null,
        raisedBy: { id: "p-ana", name: "Ana Horvat" },
        ...patch,
      },
      run: {
        question: `Pitanje ${id}`,
        clientId: null,
        clientName: null,
        headline: `Odgovor ${id}`,
        outcome: "ANSWER",
        confidence: 0.8,
        createdAt: "2026-03-02T08:59:00.000Z",
      },
      linkedChange: null,
      ageMs: 2 * 3_600_000,
    },
  }
}

const decided = row("b", "desk_split", {
  kind: "unclear",
  status: "rejected",
  raisedBy: null,
  decision: {
    decidedAt: "2026-03-03T10:00:00.000Z",
    note: "Odgovor stoji.",
    decidedBy: { id: "p-marko", name: "Marko Kovač" },
  },
})

function firmFlags(linked: boolean, open: FirmQueueItem[], all: FirmQueueItem[] = open) {
  return {
    "flags.list": async () => ok([]),
    "firm.flags": async (input: { status?: "open" | "all" }): Promise<IpcResult<FirmFlagQueue>> =>
      ok({ linked, items: input.status === "all" ? all : open }),
  }
}

const TEXT = {
  hr: {
    title: "Drugi stolovi",
    count: "1 otvorena prijava",
    reported: /^prijavio\/la Ana Horvat, /,
    openAt: "Otvorena: odlučuje stol desk_zagreb",
    decided: /^odlučio\/la Marko Kovač, /,
    notLinked: "Ovaj stol nije povezan s uredom, pa nema prijava s drugih stolova.",
    allCount: "2 prijave",
    age: "2 sata",
  },
  en: {
    title: "Other desks",
    count: "1 open report",
    reported: /^reported by Ana Horvat, /,
    openAt: "Open: decided at desk desk_zagreb",
    decided: /^decided by Marko Kovač, /,
    notLinked: "This desk is not connected to a firm, so there are no reports from other desks.",
    allCount: "2 reports",
    age: "2 hours",
  },
} as const

for (const locale of ["hr", "en"] as const) {
  const text = TEXT[locale]
  describe(`Other desks in the review queue (${locale})`, () => {
    it("lists another desk's flags with desk, question, kind, note and persons, without decide buttons", async () => {
      renderApp("/review", firmFlags(true, [row("a", "desk_zagreb")], [row("a", "desk_zagreb"), decided]), {
        locale,
      })
      const section = await screen.findByTestId("review-firm")
      expect(within(section).getByRole("heading", { level: 2 }).textContent).toBe(text.title)
      const first = (await within(section).findAllByTestId("review-firm-row"))[0] as HTMLElement
      expect(within(section).getByTestId("review-firm-count").textContent).toBe(text.count)
      expect(within(first).getByTestId("review-firm-desk").textContent).toBe("desk_zagreb")
      expect(within(first).getByTestId("review-firm-age").textContent).toBe(text.age)
      expect(within(first).getByTestId("review-firm-question").textContent).toBe("Pitanje a")
      expect(within(first).getByTestId("flag-kind").getAttribute("data-kind")).toBe("wrong")
      expect(within(first).getByTestId("review-firm-note").textContent).toBe("Bilješka a")
      expect(within(first).getByTestId("review-firm-reported").textContent).toMatch(text.reported)
      expect(within(first).getByTestId("review-firm-decision").textContent).toBe(text.openAt)
      expect(within(section).queryAllByRole("button")).toEqual([])

      await act(async () => fireEvent.click(screen.getByTestId("review-show-all")))
      await waitFor(() => expect(within(section).getAllByTestId("review-firm-row")).toHaveLength(2))
      expect(within(section).getByTestId("review-firm-count").textContent).toBe(text.allCount)
      const second = within(section).getAllByTestId("review-firm-row")[1] as HTMLElement
      expect(second.getAttribute("data-desk")).toBe("desk_split")
      expect(within(second).getByTestId("flag-status").getAttribute("data-status")).toBe("rejected")
      expect(within(second).getByTestId("review-firm-decided").textContent).toMatch(text.decided)
      expect(second.textContent).toContain("Odgovor stoji.")
      expect(within(section).queryAllByRole("button")).toEqual([])
    })

    it("says so when the desk is not linked to a firm", async () => {
      renderApp("/review", firmFlags(false, []), { locale })
      expect((await screen.findByTestId("review-firm-not-linked")).textContent).toContain(text.notLinked)
      expect(screen.queryByTestId("review-firm-table")).toBeNull()
    })
  })
}

describe("Other desks after a sync and after unlinking", () => {
  it("reads the list again when the firm's state changes, and keeps what came down after unlinking", async () => {
    let queue: FirmFlagQueue = { linked: true, items: [] }
    const { fake } = renderApp("/review", {
      "flags.list": async () => ok([]),
      "firm.flags": async () => ok(queue),
    })
    expect((await screen.findByTestId("review-firm-empty")).textContent).toBe(
      "Nema otvorenih prijava s drugih stolova.",
    )
    queue = { linked: false, items: [row("a", "desk_zagreb")] }
    await act(async () => fake.pushTo("firm.changed", {}))
    await waitFor(() => expect(screen.getAllByTestId("review-firm-row")).toHaveLength(1))
    expect(screen.getByTestId("review-firm-unlinked").textContent).toBe(
      "Stol više nije povezan s uredom: prijave su prikazane kakve su zadnji put preuzete.",
    )
  })

  it("says the list could not be read when the host refuses", async () => {
    renderApp("/review", { "flags.list": async () => ok([]) })
    expect((await screen.findByTestId("review-firm-error")).getAttribute("role")).toBe("alert")
  })
})

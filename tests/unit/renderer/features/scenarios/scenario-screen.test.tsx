// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { IpcResult } from "../../../../../src-shared/ipc/channel"
import { renderApp } from "../../components/harness"
import { dooProfile, whatIfFixture } from "../../../whatif/fixtures"

// One saved scenario over a fake API backed by the real what-if service on a temp database: the
// name and notes fields (the same fields the "save as scenario" form uses) start from what was
// saved, and renaming stores both and shows the new name.

afterEach(cleanup)

const ok = <T,>(value: T): IpcResult<T> => ({ ok: true, value })

async function savedScenario() {
  const f = whatIfFixture()
  const base = await f.ask({ profile: dooProfile() })
  const { run } = await f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: 30000 }])
  const scenario = f.whatif.saveScenario({
    name: "Ispod praga",
    notes: "za sastanak",
    resultRequestId: run?.requestId ?? "",
  })
  const view = renderApp(
    `/scenarios/${scenario.id}`,
    {
      "scenarios.get": async ({ id }) => ok(f.whatif.scenarioDetail(id)),
      "scenarios.rename": async ({ id, name, notes }) => ok(f.whatif.scenarios.rename(id, name, notes)),
    },
    { locale: "en" },
  )
  return { f, scenario, view }
}

describe("the scenario screen's name and notes", () => {
  it("start from the saved scenario and rename it", async () => {
    const { f, scenario } = await savedScenario()
    const name = await screen.findByLabelText<HTMLInputElement>("Name")
    const notes = screen.getByLabelText<HTMLTextAreaElement>("Notes")
    expect(name).toBe(screen.getByTestId("scenario-name-input"))
    expect([name.value, notes.value]).toEqual(["Ispod praga", "za sastanak"])

    fireEvent.change(name, { target: { value: "  " } })
    expect(screen.getByTestId("scenario-rename").hasAttribute("disabled")).toBe(true)

    fireEvent.change(name, { target: { value: "Prag od 30.000" } })
    fireEvent.change(notes, { target: { value: "poslano klijentu" } })
    await act(async () => fireEvent.click(screen.getByTestId("scenario-rename")))
    await waitFor(() => expect(screen.getByTestId("scenario-name").textContent).toBe("Prag od 30.000"))
    expect(screen.getByTestId("scenario-notes").textContent).toBe("poslano klijentu")
    const stored = f.whatif.scenarioDetail(scenario.id).scenario
    expect([stored.name, stored.notes]).toEqual(["Prag od 30.000", "poslano klijentu"])
  })
})

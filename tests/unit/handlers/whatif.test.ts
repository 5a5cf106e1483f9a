import { afterEach, describe, expect, it } from "vitest"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { dumpDatabase, openTempServices, untilRunStops, type TempServices } from "./temp-services"

// The what-if channels through the real handler table and dispatcher over real services: a
// counterfactual answers with its id at once and streams on the same event bus as live runs,
// each event marked hypothetical; failures come back as clear typed errors that change nothing.

let temp: TempServices | null = null
afterEach(async () => {
  await temp?.cleanup()
  temp = null
})

function setup() {
  temp = openTempServices()
  const dispatch = createDispatcher(createHandlers(temp.services), { isTrustedCaller: () => true })
  const call = (key: ChannelKey, input: unknown) =>
    dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<never>>
  return { temp, call }
}

describe("what-if channels", () => {
  it("run a counterfactual on the live event bus, compare it and save it as a scenario", async () => {
    const { temp, call } = setup()
    const { requestId: base } = await value<{ requestId: string }>(
      call("runs.ask", {
        question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
        asOfDate: "2025-06-01",
      }),
    )
    await untilRunStops(temp.services, base, temp.published)

    const drivers = await value<{ facts: Array<{ path: string }> }>(
      call("whatif.drivers", { requestId: base }),
    )
    // The registration rules read last year's turnover too (not given: a driver to set).
    expect(drivers.facts.map((f) => f.path)).toEqual([
      "counters.revenueYtd",
      "counters.revenuePriorYear",
      "asOf",
    ])
    const started = await value<{ status: string; requestId: string }>(
      call("whatif.run", {
        requestId: base,
        changes: [{ kind: "flip", driverId: "fact:counters.revenueYtd:lte:60000" }],
      }),
    )
    expect(started.status).toBe("started")
    const events = await untilRunStops(temp.services, started.requestId, temp.published)
    expect(events[0]).toMatchObject({ stage: "APPLICABILITY", status: "started", counterfactualOf: base })
    expect(events.every((e) => e.counterfactualOf === base)).toBe(true)

    const diff = await value<{ sentence: { hr: string } }>(
      call("whatif.compare", { baseRequestId: base, otherRequestId: started.requestId }),
    )
    expect(diff.sentence.hr).toContain("Da je promet 60.000,00 EUR umjesto 65.000,00 EUR")
    const scenario = await value<{ id: string }>(
      call("scenarios.save", { name: "Ispod praga", resultRequestId: started.requestId }),
    )
    const listed = await value<Array<{ id: string }>>(call("scenarios.list", {}))
    expect(listed.map((s) => s.id)).toEqual([scenario.id])
    const detail = await value<{ diff: unknown }>(call("scenarios.get", { id: scenario.id }))
    expect(detail.diff).toEqual(diff)
  })

  it("answer a change the retrieval cannot cover with the re-run offer, and bad input with the field named, changing nothing", async () => {
    const { temp, call } = setup()
    const { requestId: base } = await value<{ requestId: string }>(
      call("runs.ask", {
        question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
        asOfDate: "2025-06-01",
      }),
    )
    await untilRunStops(temp.services, base, temp.published)
    const before = dumpDatabase(temp.services)

    const offer = await value<{ status: string }>(
      call("whatif.run", { requestId: base, changes: [{ kind: "set", path: "asOf", value: "2010-01-01" }] }),
    )
    expect(offer.status).toBe("needs_rerun")
    const bad = await call("whatif.run", {
      requestId: base,
      changes: [{ kind: "set", path: "entity.type", value: "NOPE" }],
    })
    expect(bad).toMatchObject({ ok: false, error: { code: "BAD_INPUT" } })
    expect(await call("whatif.run", { requestId: base, changes: [] })).toMatchObject({
      ok: false,
      error: { code: "BAD_INPUT" },
    })
    expect(await call("whatif.drivers", { requestId: "missing" })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    })
    expect(await call("scenarios.save", { name: "x", resultRequestId: base })).toMatchObject({
      ok: false,
      error: { code: "CONFLICT" },
    })
    expect(await call("scenarios.get", { id: "missing" })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    })
    expect(dumpDatabase(temp.services)).toEqual(before)
  })
})

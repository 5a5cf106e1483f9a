import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isTerminal } from "../../../src-shared/events/event"
import { channels, type ChannelKey } from "../../../src-shared/ipc/channels"
import type { Caller } from "../../../src-main/ipc/dispatcher"
import { channelsWithoutValidInput, hostileInputFor, unknownChannelName } from "./support/channel-payloads"
import { openSnapshotReader, type SnapshotReader } from "./support/db-snapshot"
import { answerProblems, snapshotProblems } from "./support/fuzz-checks"
import { startFuzzApp, type FuzzApp } from "./support/fuzz-app"
import { VAT_QUESTION } from "./support/hostile-text"

// IPC fuzzing through the real handler table and dispatcher over real services (temp SQLite):
// more than 10,000 hostile payloads across every channel, each answered with a clear error or a
// valid result; a rejected call leaves the database exactly as it was (row counts, chain heads,
// settings and clients, read through a second connection); the app keeps working afterwards.
// FISKAI_FUZZ_RUNS sets the payloads per channel; FISKAI_FUZZ_SEED replays a failing run.

const RUNS_PER_CHANNEL = Number(process.env["FISKAI_FUZZ_RUNS"] ?? 380)
const UNKNOWN_CHANNEL_RUNS = RUNS_PER_CHANNEL
const SEED = Number(process.env["FISKAI_FUZZ_SEED"] ?? Math.floor(Math.random() * 2 ** 31))
// Each accepted export runs a worker thread; a few prove the path, more only cost time.
const ACCEPTED_EXPORTS_CAP = 2

let app: FuzzApp
let reader: SnapshotReader

beforeAll(async () => {
  app = await startFuzzApp()
  reader = openSnapshotReader(app.dbPath)
}, 120_000)

afterAll(async () => {
  reader?.close()
  await app?.close()
})

function seedNote(): string {
  return `(replay with FISKAI_FUZZ_SEED=${SEED})`
}

describe("IPC fuzzing through the real handler table", () => {
  it("has a valid input to mutate for every channel of the contract", () => {
    expect(channelsWithoutValidInput(app.seeds)).toEqual([])
  })

  it(`answers ${RUNS_PER_CHANNEL} hostile payloads per channel clearly, and a rejected one changes nothing`, { timeout: 600_000 }, async () => {
    const problems: string[] = []
    const tally: Record<string, { accepted: number; rejected: number; ms?: number }> = {}
    let acceptedExports = 0
    const keys = Object.keys(channels) as ChannelKey[]
    for (const [index, key] of keys.entries()) {
      tally[key] = { accepted: 0, rejected: 0 }
      const startedAt = performance.now()
      for (const input of fc.sample(hostileInputFor(key, app.seeds), { numRuns: RUNS_PER_CHANNEL, seed: SEED + index })) {
        if (key === "exports.start" && channels["exports.start"].input.safeParse(input).success && ++acceptedExports > ACCEPTED_EXPORTS_CAP) continue
        const before = reader.snapshot()
        const result = await app.dispatch(key, input, app.trusted)
        app.noteResult(key, result)
        problems.push(...answerProblems(key, input, result))
        const counts = tally[key] ?? { accepted: 0, rejected: 0 }
        if (result.ok) {
          counts.accepted += 1
          await app.quiesce()
        } else {
          counts.rejected += 1
          problems.push(...snapshotProblems(key, input, before, reader.snapshot()))
        }
      }
      const finished = tally[key]
      if (finished) finished.ms = Math.round(performance.now() - startedAt)
    }
    tally["(unknown channel)"] = { accepted: 0, rejected: 0 }
    const names = fc.sample(unknownChannelName, { numRuns: UNKNOWN_CHANNEL_RUNS, seed: SEED - 1 })
    const inputs = fc.sample(hostileInputFor("runs.ask", app.seeds), { numRuns: UNKNOWN_CHANNEL_RUNS, seed: SEED - 2 })
    for (const [i, name] of names.entries()) {
      const before = reader.snapshot()
      const result = await app.dispatch(name, inputs[i], app.trusted)
      problems.push(...answerProblems(name, inputs[i], result))
      if (result.ok || result.error.code !== "NOT_FOUND") problems.push(`unknown channel ${JSON.stringify(name)} was not answered NOT_FOUND`)
      problems.push(...snapshotProblems(name, inputs[i], before, reader.snapshot()))
      const counts = tally["(unknown channel)"]
      if (counts) counts.rejected += 1
    }

    const total = Object.values(tally).reduce((sum, t) => sum + t.accepted + t.rejected, 0)
    console.info(`[ipc-fuzz] ${total} payloads, seed ${SEED}`, tally)
    // The issue asks for at least 10,000; a smaller FISKAI_FUZZ_RUNS is for local iteration only.
    if (process.env["FISKAI_FUZZ_RUNS"] === undefined) expect(total).toBeGreaterThanOrEqual(10_000)
    // Every channel saw rejections; the channels with open inputs also saw accepted odd inputs.
    for (const key of keys) expect(tally[key]?.rejected, key).toBeGreaterThan(0)
    for (const key of ["runs.ask", "traces.list", "settings.update", "clients.save"]) expect(tally[key]?.accepted, key).toBeGreaterThan(0)
    expect(problems.slice(0, 20), `${problems.length} problem(s) ${seedNote()}`).toEqual([])
    expect(
      app.unexpected.map(({ channel, error }) => `${channel}: ${error instanceof Error ? error.message : String(error)}`).slice(0, 10),
      seedNote(),
    ).toEqual([])
  })

  it("refuses every call from a frame that is not the app's own page, before reading its input", async () => {
    const strangers: Caller[] = [
      { transport: "electron", url: null },
      { transport: "electron", url: "https://evil.example/#/history" },
      { transport: "electron", url: "file:///etc/passwd" },
      { transport: "electron", url: "devtools://devtools/bundled/inspector.html" },
      { transport: "websocket", url: app.trusted.url },
    ]
    const keys = Object.keys(channels) as ChannelKey[]
    for (const [index, key] of keys.entries()) {
      const valid = fc.sample(hostileInputFor(key, app.seeds), { numRuns: 20, seed: SEED + 100 + index })
      for (const [i, input] of valid.entries()) {
        const before = reader.snapshot()
        const caller = strangers[i % strangers.length] ?? strangers[0]
        if (caller === undefined) continue
        const result = await app.dispatch(key, input, caller)
        expect(result.ok ? "ok" : result.error.code, `${key} from ${caller.url}`).toBe("FORBIDDEN")
        expect(snapshotProblems(key, input, before, reader.snapshot())).toEqual([])
      }
    }
  })

  it("keeps working afterwards: a normal question is answered and stored, and every stored chain verifies", { timeout: 120_000 }, async () => {
    await app.quiesce()
    const { requestId } = await app.call("runs.ask", { question: VAT_QUESTION, asOfDate: "2025-06-01" })
    await app.quiesce()
    const detail = await app.call("traces.get", { requestId })
    expect(detail.trace.status).toBe("complete")
    expect(detail.events.filter(isTerminal)).toHaveLength(1)
    expect((await app.call("traces.list", { limit: 5 })).items.map((item) => item.requestId)).toContain(requestId)
    const broken: string[] = []
    for (const traceId of reader.heads().keys()) {
      const verdict = await app.dispatch("traces.verify", { requestId: traceId }, app.trusted)
      if (!verdict.ok || !(verdict.value as { chainOk: boolean }).chainOk) broken.push(`${traceId}: ${JSON.stringify(verdict).slice(0, 200)}`)
    }
    expect(broken.slice(0, 10)).toEqual([])
  })

  it("leaves Object.prototype untouched", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort())
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined()
    expect(({} as Record<string, unknown>)["firmName"]).toBeUndefined()
  })
})

import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { createHandlers } from "../../../src-main/handlers"
import { createEventBus } from "../../../src-main/util/event-bus"
import { createAppLog } from "../../../src-main/logging/app-log"
import { logRuns } from "../../../src-main/logging/run-log"
import { openTempServices, untilRunStops, type TempServices } from "../handlers/temp-services"

// Runs in the log: start, clarification, resume and end by request id with the outcome, from the
// real engine; and never the question, the answer or the client's facts.

const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"

function lines(file: string): string[] {
  return readFileSync(file, "utf8").trim().split(/\r?\n/)
}

describe("logRuns with the real engine", () => {
  let temp: TempServices
  let logDir: string

  beforeEach(() => {
    temp = openTempServices()
    logDir = mkdtempSync(join(tmpdir(), "fiskai-run-log-"))
  })
  afterEach(async () => {
    await temp.cleanup()
    rmSync(logDir, { recursive: true, force: true })
  })

  it("logs a run's start and end with its request id and outcome, and nothing of the question", async () => {
    const log = createAppLog({ dir: logDir, fileName: "main.log" })
    const stop = logRuns(temp.services.events, log)
    const handlers = createHandlers(temp.services)
    const { requestId } = await handlers["runs.ask"]({ question: QUESTION })
    const events = await untilRunStops(temp.services, requestId)
    await temp.services.runs.settled()
    stop()
    const outcome = events.at(-1)?.stage
    expect(outcome).toBe("ANSWER")
    const written = lines(log.file)
    expect(written).toHaveLength(2)
    expect(written[0]).toMatch(new RegExp(`INFO {2}run\\.start requestId=${requestId}$`))
    expect(written[1]).toMatch(
      new RegExp(
        `INFO {2}run\\.end requestId=${requestId} outcome=ANSWER events=${events.length} durationMs=\\d+$`,
      ),
    )
    const text = written.join("\n")
    for (const fragment of ["PDV", "65.000", "promet", "eura"]) expect(text).not.toContain(fragment)
    // The events did carry the question's words: the log left them out on purpose.
    expect(JSON.stringify(events)).toContain("65")
  })

  it("logs the stop for a clarification and the resume, under the same request id", async () => {
    const log = createAppLog({ dir: logDir, fileName: "main.log" })
    logRuns(temp.services.events, log)
    const handlers = createHandlers(temp.services)
    const { requestId } = await handlers["runs.ask"]({ question: "porez" })
    const asked = await untilRunStops(temp.services, requestId)
    const awaiting = asked.at(-1)
    const option =
      awaiting?.stage === "CLARIFICATION" && awaiting.status === "awaiting_input"
        ? awaiting.data.options?.[0]
        : undefined
    expect(option).toBeDefined()
    const rest = untilRunStops(temp.services, requestId, [])
    await handlers["runs.answer"]({ requestId, answer: option?.value ?? "" })
    await rest
    await temp.services.runs.settled()
    const events = lines(log.file).map((line) => /^\S+ \S+ +(\S+)/.exec(line)?.[1])
    expect(events).toEqual(["run.start", "run.awaiting_input", "run.resume", "run.end"])
    for (const line of lines(log.file)) expect(line).toContain(`requestId=${requestId}`)
    expect(readFileSync(log.file, "utf8")).not.toContain("porez")
  })

  it("with debug logging on, also writes every event's stage and message", async () => {
    const log = createAppLog({ dir: logDir, fileName: "debug.log", debug: true })
    logRuns(temp.services.events, log)
    const { requestId } = await createHandlers(temp.services)["runs.ask"]({ question: QUESTION })
    const events = await untilRunStops(temp.services, requestId)
    await temp.services.runs.settled()
    const debugLines = lines(log.file).filter((line) => line.includes("DEBUG run.event"))
    expect(debugLines).toHaveLength(events.length)
    expect(debugLines[0]).toContain(`requestId=${requestId} seq=0 stage=QUESTION_INTAKE status=started`)
  })
})

describe("logRuns with hand-made events", () => {
  let logDir: string
  beforeEach(() => {
    logDir = mkdtempSync(join(tmpdir(), "fiskai-run-log-"))
  })
  afterEach(() => rmSync(logDir, { recursive: true, force: true }))

  function event(fields: Record<string, unknown>): ReasoningEvent {
    return {
      v: 1,
      id: "x",
      requestId: "req-1",
      seq: 0,
      ts: "2026-01-01T00:00:00.000Z",
      ...fields,
    } as unknown as ReasoningEvent
  }

  it("logs an ERROR end as a warning with its code and failed stage, and a REFUSAL with its reason, never their messages", () => {
    const bus = createEventBus<ReasoningEvent>()
    const log = createAppLog({ dir: logDir, fileName: "main.log" })
    let now = 1_000
    logRuns(bus, log, { now: () => now })
    bus.publish(
      event({ stage: "QUESTION_INTAKE", status: "started", message: "Pitanje: tajni klijent d.o.o." }),
    )
    now += 250
    bus.publish(
      event({
        seq: 5,
        stage: "ERROR",
        status: "complete",
        message: "tajni klijent",
        data: {
          code: "VALIDATION_FAILED",
          message: "tajni klijent d.o.o. OIB 12345678903",
          correlationId: "c",
          retriable: false,
          failedStage: "ANALYSIS",
        },
      }),
    )
    bus.publish(event({ requestId: "req-2", stage: "QUESTION_INTAKE", status: "started" }))
    bus.publish(
      event({
        requestId: "req-2",
        seq: 3,
        stage: "REFUSAL",
        status: "complete",
        data: { reason: "OUT_OF_SCOPE", message: "tajni klijent", nextSteps: [] },
      }),
    )
    const written = lines(log.file)
    expect(written[1]).toMatch(
      /WARN {2}run\.end requestId=req-1 outcome=ERROR code=VALIDATION_FAILED failedStage=ANALYSIS events=6 durationMs=250$/,
    )
    expect(written[3]).toMatch(
      /INFO {2}run\.end requestId=req-2 outcome=REFUSAL code=OUT_OF_SCOPE events=4 durationMs=0$/,
    )
    const text = written.join("\n")
    expect(text).not.toContain("tajni")
    expect(text).not.toContain("12345678903")
  })

  it("marks a run of a what-if with the request it is a hypothetical of", () => {
    const bus = createEventBus<ReasoningEvent>()
    const log = createAppLog({ dir: logDir, fileName: "main.log" })
    logRuns(bus, log)
    bus.publish(event({ stage: "QUESTION_INTAKE", status: "started", counterfactualOf: "base-1" }))
    expect(lines(log.file)[0]).toMatch(/run\.start requestId=req-1 counterfactualOf=base-1$/)
  })
})

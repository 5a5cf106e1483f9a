import { describe, expect, it } from "vitest"
import { formatLogRecord, OPERATIONAL_FIELDS, summarizeError } from "../../../src-main/logging/log-format"

const time = new Date("2026-05-04T09:12:01.123Z")

describe("formatLogRecord", () => {
  it("writes time, level, event and the operational fields as key=value on one line", () => {
    const line = formatLogRecord(
      {
        time,
        level: "info",
        event: "run.end",
        fields: {
          requestId: "0196a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
          outcome: "ANSWER",
          durationMs: 812,
          packaged: false,
        },
      },
      { debug: false },
    )
    expect(line).toBe(
      "2026-05-04T09:12:01.123Z INFO  run.end requestId=0196a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b outcome=ANSWER durationMs=812 packaged=false",
    )
  })

  it("redacts every field that is not operational (question, answer, profile …) unless debug is on", () => {
    const fields = {
      requestId: "r1",
      question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
      clientName: "Primjer d.o.o.",
      oib: "12345678903",
    }
    const plain = formatLogRecord({ time, level: "info", event: "x", fields }, { debug: false })
    expect(plain).toContain("requestId=r1")
    expect(plain).toContain("question=[redacted]")
    expect(plain).not.toContain("65.000")
    expect(plain).not.toContain("Primjer")
    expect(plain).not.toContain("12345678903")
    const debug = formatLogRecord({ time, level: "info", event: "x", fields }, { debug: true })
    expect(debug).toContain('question="Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"')
    expect(OPERATIONAL_FIELDS.has("question")).toBe(false)
    expect(OPERATIONAL_FIELDS.has("requestId")).toBe(true)
  })

  it("quotes and escapes values so that no value can start a record of its own", () => {
    const line = formatLogRecord(
      {
        time,
        level: "warn",
        event: "ipc.fail",
        fields: { channel: 'ask\n2026-01-01T00:00:00.000Z ERROR forged "x"\u001b[31m\u2028' },
      },
      { debug: false },
    )
    expect(line.split("\n")).toHaveLength(1)
    expect(line).toContain('channel="ask\\n2026-01-01T00:00:00.000Z ERROR forged \\"x\\"\\u001b[31m\\u2028"')
  })

  it("caps long values", () => {
    const line = formatLogRecord(
      { time, level: "info", event: "updater", fields: { detail: "x".repeat(5000) } },
      { debug: false },
    )
    expect(line.length).toBeLessThan(700)
    expect(line).toContain("…")
  })

  it("writes an error's class, code and message on the line, and its stack frames indented below", () => {
    const error = Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" })
    const [first, ...rest] = formatLogRecord(
      { time, level: "error", event: "ipc.error", fields: { channel: "traces.list" }, error },
      { debug: false },
    ).split("\n")
    expect(first).toBe(
      '2026-05-04T09:12:01.123Z ERROR ipc.error channel=traces.list error=Error errorCode=SQLITE_CORRUPT detail="database disk image is malformed"',
    )
    expect(rest.length).toBeGreaterThan(0)
    for (const line of rest) expect(line).toMatch(/^ {4}at /)
  })

  it("summarises thrown non-errors too", () => {
    expect(summarizeError("boom")).toEqual({ errorName: "string", detail: "boom", frames: [] })
  })
})

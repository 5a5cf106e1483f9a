import { describe, expect, it } from "vitest"
import { HostUsageError, parseHostArgs } from "../../../src-main/host/args"

describe("parseHostArgs", () => {
  it("defaults to a free port and the app's data folder", () => {
    expect(parseHostArgs([], {})).toEqual({ port: 0, dataDir: null, rendererDir: null, help: false })
  })

  it("reads PORT and FISKAI_DATA_DIR, and lets flags win", () => {
    expect(parseHostArgs([], { PORT: "8123", FISKAI_DATA_DIR: "/d" })).toMatchObject({ port: 8123, dataDir: "/d" })
    expect(parseHostArgs(["--port", "9000", "--data-dir=/x"], { PORT: "8123", FISKAI_DATA_DIR: "/d" })).toMatchObject({
      port: 9000,
      dataDir: "/x",
    })
  })

  it("refuses bad ports, missing values and unknown flags", () => {
    expect(() => parseHostArgs(["--port", "http"], {})).toThrow(HostUsageError)
    expect(() => parseHostArgs(["--port", "70000"], {})).toThrow(HostUsageError)
    expect(() => parseHostArgs(["--data-dir"], {})).toThrow(HostUsageError)
    expect(() => parseHostArgs(["--verbose"], {})).toThrow(/unknown argument: --verbose/)
    // The next option is not the value: no data folder named "--port" is made in the clone.
    expect(() => parseHostArgs(["--data-dir", "--port", "8123"], {})).toThrow(/--data-dir needs a value, not the option --port/)
    expect(parseHostArgs(["--data-dir=--odd-but-explicit"], {}).dataDir).toBe("--odd-but-explicit")
    expect(() => parseHostArgs([], { PORT: "-1" })).toThrow(HostUsageError)
  })
})

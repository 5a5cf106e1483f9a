import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { IpcFailure } from "../../../src-shared/ipc/channel"
import { channels } from "../../../src-shared/ipc/channels"
import { diagnosticsHandlers } from "../../../src-main/handlers/diagnostics"

// The log folder through the shared handler table (the browser host's): its path under the data
// folder, and no way to open it (only the desktop app has a file manager to hand it to).

describe("diagnosticsHandlers", () => {
  const handlers = diagnosticsHandlers({ dataDir: join("/data", "FiskAI Workstation") })

  it("names the data folder's logs/ and says it cannot be opened here", async () => {
    const folder = await handlers["diagnostics.logFolder"]({})
    expect(folder).toEqual({ path: join("/data", "FiskAI Workstation", "logs"), canOpen: false })
    expect(channels["diagnostics.logFolder"].output.parse(folder)).toEqual(folder)
  })

  it("answers a request to open it with UNAVAILABLE", async () => {
    const failure = await handlers["diagnostics.openLogFolder"]({}).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(IpcFailure)
    expect((failure as IpcFailure).code).toBe("UNAVAILABLE")
  })
})

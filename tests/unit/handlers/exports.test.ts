import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { ExportProgress } from "../../../src-shared/export"
import { IpcFailure } from "../../../src-shared/ipc/channel"
import { createHandlers } from "../../../src-main/handlers"
import type { HandlerTable } from "../../../src-main/ipc/handler-table"
import { foreignKey, readEntries, resign, writeEntries } from "../export/bundle-files"
import { openTempServices, untilRunStops, type TempServices } from "./temp-services"

describe("audit export channels", () => {
  let temp: TempServices
  let handlers: HandlerTable

  beforeEach(() => {
    temp = openTempServices()
    handlers = createHandlers(temp.services)
  })
  afterEach(() => temp.cleanup())

  it("exports a stored run on a worker, pushes its progress to the end, and the bundle verifies", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "Koja je stopa PDV-a?" })
    await untilRunStops(temp.services, requestId)
    await temp.services.runs.settled()

    const progress: ExportProgress[] = []
    const finished = new Promise<ExportProgress>((resolve) =>
      temp.services.pushes["exports.progress"].subscribe((p) => {
        progress.push(p)
        if (p.phase === "done" || p.phase === "failed" || p.phase === "cancelled") resolve(p)
      }),
    )
    const outPath = join(temp.dir, "bundle.zip")
    const { jobId } = await handlers["exports.start"]({ selection: { traceIds: [requestId] }, outPath })
    const end = await finished
    expect(end).toMatchObject({ jobId, phase: "done", outPath, done: 1, total: 1 })
    expect(progress.every((p) => p.jobId === jobId)).toBe(true)
    expect(existsSync(outPath)).toBe(true)

    const key = await handlers["exports.signingKey"]({})
    expect(key.algorithm).toBe("Ed25519")
    const verdict = await handlers["exports.verify"]({ path: outPath, trustedKeyPem: key.publicKeyPem })
    expect(verdict).toMatchObject({ ok: true, signatureOk: true, signerTrusted: true, trustedKeyMatches: true })
    expect(verdict.traces.map((t) => t.requestId)).toEqual([requestId])

    // No key required: a bundle this installation signed is still signed by a trusted signer ...
    expect(await handlers["exports.verify"]({ path: outPath })).toMatchObject({ ok: true, signerTrusted: true, trustedKeyMatches: null })
    // ... and the same bundle re-signed by anyone else is intact but not trusted.
    const forged = join(temp.dir, "forged.zip")
    await writeEntries(forged, resign(await readEntries(outPath), foreignKey()))
    expect(await handlers["exports.verify"]({ path: forged })).toMatchObject({ ok: true, signatureOk: true, signerTrusted: false, trustedKeyMatches: null })
  })

  it("never writes a bundle over the open database, its journal or the signing key (issue 20, item 1)", async () => {
    const db = temp.services.store.path
    const key = join(temp.services.dataDir, "signing", "bundle-signing-key.pem")
    for (const outPath of [db, `${db}-wal`, key]) {
      const refused = handlers["exports.start"]({ selection: { traceIds: ["any"] }, outPath })
      await expect(refused).rejects.toMatchObject({ code: "BAD_INPUT" })
      await expect(refused).rejects.toThrow(/never replaces/)
    }
  })

  it("says NOT_FOUND when cancelling an export that is not running", async () => {
    await expect(handlers["exports.cancel"]({ jobId: "nope" })).rejects.toBeInstanceOf(IpcFailure)
  })
})

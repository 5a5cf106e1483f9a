import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, beforeAll, expect, it } from "vitest"
import type { FirmView } from "../../../src-shared/firm"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value, failure } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import { createServices, type Services } from "../../../src-main/composition/services"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import type { SecretCipher } from "../../../src-main/secrets/secret-store"
import { initFirm, recordRuns } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "../firm/pg-harness"
import { aesCipher } from "../secrets/aes-cipher"

// The firm connection's channels (issue 25) through the real handler table and dispatcher, over
// real services on a real SQLite file and a real PostgreSQL: link (URL checked, password into the
// keychain, never into the database), the background sync it starts, the state pushed to the
// window, unlink, and a restart that picks the link up again.

const PASSWORD = "tajna-lozinka-123"

interface Desk {
  services: Services
  pushed: FirmView[]
  call: <T>(key: ChannelKey, input: unknown) => Promise<IpcResult<T>>
}

const dirs: string[] = []
const opened: Services[] = []

function openDeskServices(dir: string, cipher?: SecretCipher): Desk {
  const services = createServices({
    dbPath: join(dir, "fiskai.sqlite"),
    settingsOverrides: { deliberatePauseMs: 0 },
    onBackgroundError: () => {},
    ...(cipher === undefined ? {} : { secretCipher: cipher }),
  })
  opened.push(services)
  const dispatch = createDispatcher(createHandlers(services), { isTrustedCaller: () => true })
  const pushed: FirmView[] = []
  services.pushes["firm.changed"].subscribe((view) => pushed.push(view))
  return {
    services,
    pushed,
    call: <T>(key: ChannelKey, input: unknown) =>
      dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<T>>,
  }
}

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-firm-handlers-"))
  dirs.push(dir)
  return dir
}

/** Records finished runs in a desk's store, as the audit sink writes them. */
function addRuns(desk: Desk, count: number): Promise<string[]> {
  return recordRuns({ name: "x", dir: "", store: desk.services.store, close: () => undefined }, count)
}

afterEach(async () => {
  for (const services of opened.splice(0)) await services.close()
})
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describeWithPg("firm channels", () => {
  const pg = usePgCluster()
  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_ana", "desk_ivo"])
  })

  it("start not connected, and say whether this host can keep a password", async () => {
    const withKeychain = openDeskServices(newDir(), aesCipher())
    expect(await value<FirmView>(withKeychain.call("firm.status", {}))).toMatchObject({
      state: "not-connected",
      url: null,
      keychain: true,
      passwordSaved: false,
    })
    const without = openDeskServices(newDir())
    expect(await value<FirmView>(without.call("firm.status", {}))).toMatchObject({ keychain: false })
    expect(await failure(without.call("firm.syncNow", {}))).toMatchObject({ code: "BAD_INPUT" })
  })

  it("refuses a remote URL without TLS and a server it cannot reach, in Croatian, and keeps nothing", async () => {
    const desk = openDeskServices(newDir(), aesCipher())
    const tls = await failure(
      desk.call("firm.link", { url: "postgresql://db.ured.hr/fiskai", desk: "desk_ana", password: PASSWORD }),
    )
    expect(tls.code).toBe("BAD_INPUT")
    expect(tls.message).toContain("mora biti šifrirana (TLS)")
    const gone = await failure(
      desk.call("firm.link", {
        url: "postgresql://localhost/postgres?host=/nonexistent-fiskai-socket",
        desk: "desk_ana",
      }),
    )
    expect(gone.code).toBe("UNAVAILABLE")
    expect(gone.message).toContain("nije dostupan")
    const view = await value<FirmView>(desk.call("firm.status", {}))
    expect(view).toMatchObject({ state: "not-connected", url: null, passwordSaved: false })
  })

  it("links with the desk's name, keeps the password sealed and out of the database, and syncs what waits", async () => {
    const dir = newDir()
    const desk = openDeskServices(dir, aesCipher())
    const ids = await addRuns(desk, 3)
    const url = pg.current().url("").replace("postgresql://@", "postgresql://")
    const linked = await value<FirmView>(
      desk.call("firm.link", { url, desk: "desk_ana", password: PASSWORD }),
    )
    expect(linked).toMatchObject({ desk: "desk_ana", passwordSaved: true, keychain: true })
    expect(linked.url).not.toContain(PASSWORD)
    const after = await value<FirmView>(desk.call("firm.syncNow", {}))
    expect(after).toMatchObject({ state: "idle", waitingTotal: 0, lastError: null })
    expect(after.lastSyncAt).not.toBeNull()
    expect(desk.pushed.map((v) => v.state)).toContain("syncing")
    expect(desk.pushed.at(-1)?.state).toBe("idle")
    // The firm has the runs, in this desk's name.
    const other = openDeskServices(newDir(), aesCipher())
    await value(other.call("firm.link", { url: pg.current().url("desk_ivo") }))
    await value(other.call("firm.syncNow", {}))
    const mirrored = other.services.store.sqlite
      .prepare("SELECT request_id, desk FROM firm_traces ORDER BY request_id")
      .all()
    expect(mirrored).toEqual([...ids].sort().map((id) => ({ request_id: id, desk: "desk_ana" })))
    // Nowhere in plain text: not in the secrets file, not in the database.
    expect(readFileSync(join(dir, "secrets.json"), "utf8")).not.toContain(PASSWORD)
    expect(readFileSync(join(dir, "fiskai.sqlite")).includes(Buffer.from(PASSWORD))).toBe(false)
  })

  it("refuses a URL naming another user than the desk, and the firm's own refusal of an unknown desk", async () => {
    const desk = openDeskServices(newDir(), aesCipher())
    const clash = await failure(
      desk.call("firm.link", { url: pg.current().url("desk_ivo"), desk: "desk_ana" }),
    )
    expect(clash).toMatchObject({ code: "BAD_INPUT" })
    expect(clash.message).toContain("desk_ana")
    const unknown = await failure(desk.call("firm.link", { url: pg.current().url("nobody_here") }))
    expect(unknown.code).toBe("BAD_INPUT")
    expect(unknown.message).toContain("nobody_here")
    expect((await value<FirmView>(desk.call("firm.status", {}))).state).toBe("not-connected")
  })

  it("picks the link up again after a restart, syncs in the background, and unlinks", async () => {
    const dir = newDir()
    const cipher = aesCipher()
    const first = openDeskServices(dir, cipher)
    await value(first.call("firm.link", { url: pg.current().url("desk_ana"), password: PASSWORD }))
    await first.services.close()
    const again = openDeskServices(dir, cipher)
    await addRuns(again, 2)
    // The app's start began a sync of its own; "Sync now" joins or follows it.
    const view = await value<FirmView>(again.call("firm.syncNow", {}))
    expect(view).toMatchObject({ state: "idle", desk: "desk_ana", passwordSaved: true, waitingTotal: 0 })
    const unlinked = await value<FirmView>(again.call("firm.unlink", {}))
    expect(unlinked).toMatchObject({ state: "not-connected", url: null, passwordSaved: false })
    expect(await failure(again.call("firm.syncNow", {}))).toMatchObject({ code: "BAD_INPUT" })
  })

  it("closes while a sync is under way, and the next sync sends everything that was cut", async () => {
    const dir = newDir()
    const desk = openDeskServices(dir, aesCipher())
    await addRuns(desk, 300)
    await value(desk.call("firm.link", { url: pg.current().url("desk_ivo") }))
    // The link started a sync at once; close while it runs.
    await new Promise((resolve) => setTimeout(resolve, 30))
    await desk.services.close()
    const again = openDeskServices(dir, aesCipher())
    const view = await value<FirmView>(again.call("firm.syncNow", {}))
    expect(view).toMatchObject({ state: "idle", waitingTotal: 0 })
  })
})

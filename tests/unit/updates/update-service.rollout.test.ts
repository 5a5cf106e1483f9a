import { randomBytes } from "node:crypto"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { UUID } from "builder-util-runtime"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createUpdateService } from "../../../src-main/updates/update-service"
import {
  createNodeUpdater,
  latestYml,
  makeUpdaterDir,
  removeUpdaterDir,
  writeStagingId,
} from "./support/node-updater"
import { startUpdateFeedServer, type UpdateFeedServer } from "./support/update-feed-server"

// Staged rollouts: electron-updater places each install in the rollout by a random id it keeps in
// user data, and compares it with `stagingPercentage` in latest.yml. These tests pin that id to
// show the service honours the percentage, and that the id is stable across restarts.

let server: UpdateFeedServer
let dir: string

beforeEach(async () => {
  server = await startUpdateFeedServer()
  dir = await makeUpdaterDir()
})

afterEach(async () => {
  await server.close()
  await removeUpdaterDir(dir)
})

/** A valid staging id whose rollout position (its last 32 bits over 2^32-1) is `lastHex`. */
function stagingIdAt(lastHex: string): string {
  const random = UUID.v5(randomBytes(64), UUID.OID)
  return `${random.slice(0, -8)}${lastHex}`
}

async function checkWith(stagingPercentage: number | undefined): Promise<string> {
  server.setFile(
    "latest.yml",
    latestYml({ version: "1.1.0", ...(stagingPercentage === undefined ? {} : { stagingPercentage }) }),
  )
  const updater = await createNodeUpdater({ currentVersion: "1.0.0", feedUrl: server.url, dir })
  const service = createUpdateService({ backend: updater, resolvePolicy: async () => ({ enabled: true }) })
  return (await service.check()).status
}

describe("staged rollout", () => {
  it("an install at the middle of the range gets a 51% rollout but not a 50% one", async () => {
    await writeStagingId(dir, stagingIdAt("80000000"))
    expect(await checkWith(50)).toBe("not-available")
    expect(await checkWith(51)).toBe("available")
  })

  it("an install at a quarter of the range gets a 30% rollout; nobody gets a 0% one", async () => {
    await writeStagingId(dir, stagingIdAt("40000000"))
    expect(await checkWith(30)).toBe("available")
    expect(await checkWith(20)).toBe("not-available")
    expect(await checkWith(0)).toBe("not-available")
  })

  it("a release without stagingPercentage goes to everyone", async () => {
    await writeStagingId(dir, stagingIdAt("fffffffe"))
    expect(await checkWith(undefined)).toBe("available")
  })

  it("keeps one staging id per install across restarts and sends it to the feed", async () => {
    await checkWith(100)
    await checkWith(100) // a new updater over the same user data, as after a restart
    const stored = (await readFile(path.join(dir, "user-data", ".updaterId"), "utf8")).trim()
    expect(UUID.check(stored)).toBeTruthy()
    const sent = server.requests.map((request) => request.stagingId)
    expect(sent).toHaveLength(2)
    expect(new Set(sent)).toEqual(new Set([stored]))
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { UpdatePolicyDecision } from "../../../src-main/updates/policy"
import {
  createUpdateService,
  DEFAULT_INITIAL_DELAY_MS,
  DEFAULT_INTERVAL_MS,
} from "../../../src-main/updates/update-service"
import { ManualTimers } from "./support/manual-timers"
import { createNodeUpdater, latestYml, makeUpdaterDir, removeUpdaterDir } from "./support/node-updater"
import { closedPort, startUpdateFeedServer, type UpdateFeedServer } from "./support/update-feed-server"

// When the service looks: not at start, a while after it, then every period; a failed or
// disabled period is followed by the next one. Real updater and feed; hand-driven timers.

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

const feedRequests = () => server.requests.filter((request) => /latest[\w-]*\.yml$/.test(request.path))

async function scheduled(policy: () => UpdatePolicyDecision, feedUrl = server.url) {
  const timers = new ManualTimers()
  const updater = await createNodeUpdater({ currentVersion: "1.0.0", feedUrl, dir })
  const service = createUpdateService({ backend: updater, resolvePolicy: async () => policy(), timers })
  return { timers, service }
}

describe("update schedule", () => {
  it("waits a minute after start before the first check, then checks every six hours", async () => {
    expect(DEFAULT_INITIAL_DELAY_MS).toBe(60_000)
    expect(DEFAULT_INTERVAL_MS).toBe(6 * 60 * 60 * 1000)
    server.setFile("latest.yml", latestYml({ version: "1.0.0" }))
    const { timers, service } = await scheduled(() => ({ enabled: true }))

    expect(await service.start()).toEqual({ status: "idle" })
    expect(timers.pending.map((timer) => timer.delayMs)).toEqual([60_000])
    expect(feedRequests()).toEqual([])

    timers.fireNext()
    await vi.waitFor(() =>
      expect(timers.pending.map((timer) => timer.delayMs)).toEqual([DEFAULT_INTERVAL_MS]),
    )
    expect(service.state).toEqual({ status: "not-available" })
    expect(feedRequests()).toHaveLength(1)

    server.setFile("latest.yml", latestYml({ version: "1.2.0" }))
    timers.fireNext()
    await vi.waitFor(() => expect(service.state.status).toBe("available"))
    await vi.waitFor(() => expect(timers.pending).toHaveLength(1))
    expect(feedRequests()).toHaveLength(2)
  })

  it("shows 'disabled' at start, keeps its schedule, and checks once the policy allows it", async () => {
    server.setFile("latest.yml", latestYml({ version: "1.2.0" }))
    let decision: UpdatePolicyDecision = {
      enabled: false,
      source: "environment",
      reason: "turned off by the environment variable FISKAI_DISABLE_UPDATES=1",
    }
    const { timers, service } = await scheduled(() => decision)

    expect(await service.start()).toMatchObject({ status: "disabled", source: "environment" })
    timers.fireNext()
    await vi.waitFor(() => expect(timers.pending).toHaveLength(1))
    expect(service.state.status).toBe("disabled")
    expect(feedRequests()).toEqual([])

    decision = { enabled: true }
    timers.fireNext()
    await vi.waitFor(() => expect(service.state.status).toBe("available"))
  })

  it("after an offline period, tries again at the next one", async () => {
    const down = await closedPort()
    const { timers, service } = await scheduled(() => ({ enabled: true }), down.url)
    await service.start()
    timers.fireNext()
    await vi.waitFor(() => expect(service.state).toMatchObject({ status: "error", offline: true }), {
      timeout: 15_000,
    })
    await vi.waitFor(() =>
      expect(timers.pending.map((timer) => timer.delayMs)).toEqual([DEFAULT_INTERVAL_MS]),
    )

    const back = await startUpdateFeedServer(down.port)
    try {
      back.setFile("latest.yml", latestYml({ version: "1.2.0" }))
      timers.fireNext()
      await vi.waitFor(() => expect(service.state.status).toBe("available"))
    } finally {
      await back.close()
    }
  })

  it("stop() cancels the pending check", async () => {
    const { timers, service } = await scheduled(() => ({ enabled: true }))
    await service.start()
    expect(timers.pending).toHaveLength(1)
    service.stop()
    expect(timers.pending).toEqual([])
  })

  it("uses the configured delays", async () => {
    const timers = new ManualTimers()
    const updater = await createNodeUpdater({ currentVersion: "1.0.0", feedUrl: server.url, dir })
    const service = createUpdateService({
      backend: updater,
      resolvePolicy: async () => ({ enabled: true }),
      timers,
      initialDelayMs: 5_000,
      intervalMs: 60_000,
    })
    await service.start()
    expect(timers.pending.map((timer) => timer.delayMs)).toEqual([5_000])
  })
})

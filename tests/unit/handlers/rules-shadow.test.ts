import { afterEach, describe, expect, it } from "vitest"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import type { JobEnded } from "../../../src-shared/job-notice"
import type {
  RuleChangeView,
  RuleProfile,
  RuleWithEvidence,
  ShadowJob,
} from "../../../src-shared/rule-changes"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { openTempServices, untilRunStops, type TempServices } from "./temp-services"

// A shadow run announces its end once on the services' job-ended bus, with the answers it checked
// and how many would change, so a host can tell a user who turned to other work (issue 23).

let temp: TempServices | null = null
afterEach(async () => {
  await temp?.cleanup()
  temp = null
})

describe("a shadow run's end", () => {
  it("is announced once, as done, with its counts", async () => {
    temp = openTempServices()
    const t = temp
    const dispatch = createDispatcher(createHandlers(t.services), { isTrustedCaller: () => true })
    const call = <T>(key: ChannelKey, input: unknown) =>
      value<T>(dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<T>>)
    const ended: JobEnded[] = []
    t.services.jobsEnded.subscribe((e) => ended.push(e))

    const { requestId } = await call<{ requestId: string }>("runs.ask", {
      question: "Koja je stopa poreza na dobit ako je prihod 500.000 eura?",
      asOfDate: "2026-06-01",
    })
    await untilRunStops(t.services, requestId, t.published)
    await t.services.runs.settled()
    const ana = await call<RuleProfile>("profiles.create", { displayName: "Ana Anić" })
    const { rule } = await call<RuleWithEvidence>("rules.rule", { ruleId: "dobit.stopa.10" })
    const change = await call<RuleChangeView>("rules.propose", {
      kind: "edit",
      ruleId: rule.id,
      rule: { ...rule, effectiveUntil: "2025-12-31" },
      actor: ana.id,
      note: "Stopa 10 % do kraja 2025.",
    })
    await call("rules.submit", { changeId: change.id, actor: ana.id })
    const started = await call<ShadowJob>("rules.shadowStart", { changeId: change.id })
    expect(ended).toEqual([])
    let job = started
    while (job.state === "running") {
      await new Promise((r) => setTimeout(r, 50))
      job = await call<ShadowJob>("rules.shadowStatus", { jobId: started.jobId })
    }
    expect(job.state).toBe("complete")
    expect(ended).toEqual([{ kind: "shadow", result: "done", count: 1, changed: job.progress.changed }])
  }, 60_000)
})

import { afterEach, describe, expect, it } from "vitest"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value, failure } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import type { RuleProfile } from "../../../src-shared/rule-changes"
import type {
  RuleCatalog,
  RuleChangeView,
  RuleWithEvidence,
  LintResult,
  PublishResult,
  ShadowJob,
} from "../../../src-shared/rule-changes"
import type { PackInfo } from "../../../src-shared/pack-info"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { stopShadowRuns } from "../../../src-main/shadow/shadow-run"
import { cloneTraces } from "../export/clone-traces"
import { dumpDatabase, openTempServices, untilRunStops, type TempServices } from "./temp-services"

// The rules channels (issue 19) through the real handler table over real services and a real
// database file: profiles, the catalog, a draft checked as it is typed, four eyes refusing the
// author in the caller's language, a shadow run of the change in review, and a publication the
// app answers the next question with.

let temp: TempServices | null = null
afterEach(async () => {
  await temp?.cleanup()
  temp = null
})

function setup() {
  temp = openTempServices()
  const dispatch = createDispatcher(createHandlers(temp.services), { isTrustedCaller: () => true })
  const call = (key: ChannelKey, input: unknown) =>
    dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<never>>
  return { temp, call }
}

const QUESTION = "Koja je stopa poreza na dobit ako je prihod 500.000 eura?"

async function ask(t: TempServices, call: ReturnType<typeof setup>["call"]) {
  const { requestId } = await value<{ requestId: string }>(
    call("runs.ask", { question: QUESTION, asOfDate: "2026-06-01" }),
  )
  const events = await untilRunStops(t.services, requestId, t.published)
  await t.services.runs.settled()
  return { requestId, terminal: events.at(-1) }
}

async function untilShadowEnds(call: ReturnType<typeof setup>["call"], jobId: string): Promise<ShadowJob> {
  for (;;) {
    const job = await value<ShadowJob>(call("rules.shadowStatus", { jobId }))
    if (job.state !== "running") return job
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe("rules channels", () => {
  it("flag → draft → four eyes → shadow → publish: the next answer uses the new version", async () => {
    const { temp, call } = setup()
    const before = await ask(temp, call)
    expect(before.terminal?.status).toBe("complete")
    const ana = await value<RuleProfile>(call("profiles.create", { displayName: "Ana Anić" }))
    const ivo = await value<RuleProfile>(call("profiles.create", { displayName: "Ivo Ivić" }))
    expect((await value<RuleProfile[]>(call("profiles.list", {}))).map((p) => p.displayName)).toEqual([
      "Ana Anić",
      "Ivo Ivić",
    ])

    const catalog = await value<RuleCatalog>(call("rules.catalog", {}))
    const concept = catalog.concepts.find((c) => c.rules.some((r) => r.id === "dobit.stopa.10"))
    expect(concept?.nameHr).toEqual(expect.any(String))
    const { rule, evidence } = await value<RuleWithEvidence>(call("rules.rule", { ruleId: "dobit.stopa.10" }))
    expect(evidence.map((e) => e.id)).toEqual(rule.evidenceIds)

    // The live check: a value the primary quote does not state is a new finding; a broken date a problem.
    const draft = { kind: "edit", ruleId: rule.id }
    const wrongValue = await value<LintResult>(
      call("rules.lint", { ...draft, rule: { ...rule, value: { type: "percentage", value: 12 } } }),
    )
    expect(wrongValue.findings.map((f) => f.code)).toEqual(["QUOTE_VALUE"])
    const badDate = await value<LintResult>(
      call("rules.lint", { ...draft, rule: { ...rule, effectiveFrom: "2026-13-01" }, locale: "en" }),
    )
    expect(badDate.problem).toMatch(/^The rule is not valid: rule.effectiveFrom/)
    const ended = { ...rule, effectiveUntil: "2025-12-31" }
    expect(await value<LintResult>(call("rules.lint", { ...draft, rule: ended }))).toEqual({
      problem: null,
      findings: [],
    })

    const change = await value<RuleChangeView>(
      call("rules.propose", {
        ...draft,
        rule: ended,
        actor: ana.id,
        note: "Prijava: stopa 10 % vrijedi do kraja 2025.",
      }),
    )
    expect(change).toMatchObject({ status: "DRAFT", authorName: "Ana Anić" })
    await value(call("rules.submit", { changeId: change.id, actor: ana.id }))

    const refused = await failure(call("rules.approve", { changeId: change.id, actor: ana.id, locale: "hr" }))
    expect(refused.code).toBe("FORBIDDEN")
    expect(refused.message).toContain("Načelo četiri oka: autor (Ana Anić)")
    const refusedEn = await failure(
      call("rules.publish", { changeIds: [change.id], actor: ivo.id, locale: "en" }),
    )
    expect(refusedEn).toMatchObject({ code: "CONFLICT" })
    expect(refusedEn.message).toMatch(/is not approved yet/)

    const approved = await value<RuleChangeView>(
      call("rules.approve", { changeId: change.id, actor: ivo.id }),
    )
    expect(approved).toMatchObject({ status: "IN_REVIEW", approvedByName: "Ivo Ivić" })

    // Stop works: stopped at once, the report says so and covers what was done.
    const first = await value<ShadowJob>(call("rules.shadowStart", { changeId: change.id }))
    await value(call("rules.shadowStop", { jobId: first.jobId }))
    const stopped = await untilShadowEnds(call, first.jobId)
    expect(stopped).toMatchObject({ state: "stopped", report: { status: "stopped" } })
    expect(stopped.report?.done).toBeLessThanOrEqual(1)

    const started = await value<ShadowJob>(call("rules.shadowStart", { changeId: change.id }))
    const shadow = await untilShadowEnds(call, started.jobId)
    expect(shadow.state).toBe("complete")
    expect(shadow.report?.total).toBe(1)
    expect(shadow.report?.clients.flatMap((c) => c.entries.map((e) => e.requestId))).toEqual([
      before.requestId,
    ])

    const shipped = (await value<PackInfo>(call("settings.packInfo", {}))).version
    const next = shipped.replace(/\d+$/, (patch) => String(Number(patch) + 1))
    const published = await value<PublishResult>(
      call("rules.publish", { changeIds: [change.id], actor: ivo.id }),
    )
    expect(published).toMatchObject({ version: next, publisherName: "Ivo Ivić", inForce: true })
    expect((await value<PackInfo>(call("settings.packInfo", {}))).version).toBe(next)
    const after = await ask(temp, call)
    const headline = (e: unknown) => JSON.stringify(e)
    expect(headline(after.terminal)).not.toEqual(headline(before.terminal))
    expect((await value<{ ok: boolean }>(call("traces.verify", { requestId: before.requestId }))).ok).toBe(
      true,
    )
  }, 60_000)

  it("a refused move writes nothing, and an unknown change is NOT_FOUND in the caller's language", async () => {
    const { temp, call } = setup()
    const ana = await value<RuleProfile>(call("profiles.create", { displayName: "Ana" }))
    const { rule } = await value<RuleWithEvidence>(call("rules.rule", { ruleId: "dobit.stopa.10" }))
    const dump = dumpDatabase(temp.services)
    const lintRefusal = await failure(
      call("rules.propose", {
        kind: "edit",
        ruleId: rule.id,
        rule: { ...rule, value: { type: "percentage", value: 12 } },
        actor: ana.id,
        note: "x",
        locale: "en",
      }),
    )
    expect(lintRefusal.code).toBe("BAD_INPUT")
    expect(lintRefusal.message).toMatch(
      /^The pack check \(fiskai pack check\) reports new findings: QUOTE_VALUE/,
    )
    expect(
      (await failure(call("rules.submit", { changeId: "nope", actor: ana.id, locale: "hr" }))).message,
    ).toBe("Nema promjene nope.")
    expect((await failure(call("profiles.create", { displayName: "   " }))).code).toBe("BAD_INPUT")
    expect(dumpDatabase(temp.services)).toEqual(dump)
  }, 30_000)

  it("a shadow run under way is stopped when the host shuts down, and the database then closes", async () => {
    const { temp, call } = setup()
    await ask(temp, call)
    cloneTraces(temp.services.store.sqlite, 1200, { start: new Date("2026-06-02T00:00:00.000Z") })
    const ana = await value<RuleProfile>(call("profiles.create", { displayName: "Ana Anić" }))
    const { rule } = await value<RuleWithEvidence>(call("rules.rule", { ruleId: "dobit.stopa.10" }))
    const change = await value<RuleChangeView>(
      call("rules.propose", { kind: "edit", ruleId: rule.id, rule: { ...rule, effectiveUntil: "2025-12-31" }, actor: ana.id, note: "Stopa 10 % do kraja 2025." }),
    )
    await value(call("rules.submit", { changeId: change.id, actor: ana.id }))
    const started = await value<ShadowJob>(call("rules.shadowStart", { changeId: change.id }))
    let job = started
    while (job.progress.done === 0) {
      await new Promise((r) => setTimeout(r, 20))
      job = await value<ShadowJob>(call("rules.shadowStatus", { jobId: started.jobId }))
    }
    // What the hosts do first at shutdown (host/main.ts, electron/lifecycle.ts): the job has ended when it returns.
    await stopShadowRuns()
    const stopped = await value<ShadowJob>(call("rules.shadowStatus", { jobId: started.jobId }))
    expect(stopped).toMatchObject({ state: "stopped", error: null, report: { status: "stopped", total: 1200 } })
    expect(stopped.report?.done).toBeLessThan(1200)
    await temp.services.close()
    expect(temp.services.store.sqlite.open).toBe(false)
  }, 60_000)

  it("shadows only the chosen clients' stored answers when clients are chosen", async () => {
    const { temp, call } = setup()
    const client = await value<{ id: string }>(
      call("clients.save", { name: "Ana d.o.o.", context: {} }),
    )
    await ask(temp, call)
    const { requestId: forClient } = await value<{ requestId: string }>(
      call("runs.ask", { question: QUESTION, asOfDate: "2026-06-01", clientId: client.id }),
    )
    await untilRunStops(temp.services, forClient, temp.published)
    await temp.services.runs.settled()
    const ana = await value<RuleProfile>(call("profiles.create", { displayName: "Ana Anić" }))
    const { rule } = await value<RuleWithEvidence>(call("rules.rule", { ruleId: "dobit.stopa.10" }))
    const change = await value<RuleChangeView>(
      call("rules.propose", { kind: "edit", ruleId: rule.id, rule: { ...rule, effectiveUntil: "2025-12-31" }, actor: ana.id, note: "Do kraja 2025." }),
    )
    await value(call("rules.submit", { changeId: change.id, actor: ana.id }))
    const all = await untilShadowEnds(call, (await value<ShadowJob>(call("rules.shadowStart", { changeId: change.id }))).jobId)
    expect(all.report).toMatchObject({ total: 2, clientIds: null })
    const chosen = await untilShadowEnds(
      call,
      (await value<ShadowJob>(call("rules.shadowStart", { changeId: change.id, clientIds: [client.id] }))).jobId,
    )
    expect(chosen.report).toMatchObject({ status: "complete", total: 1, clientIds: [client.id] })
    expect(chosen.report?.clients.map((c) => [c.clientName, c.entries.map((e) => e.requestId)])).toEqual([["Ana d.o.o.", [forClient]]])
    const none = await failure(call("rules.shadowStart", { changeId: change.id, clientIds: [] }))
    expect(none.code).toBe("BAD_INPUT")
  }, 60_000)
})

import { describe, expect, it } from "vitest"
import { catalog, type MessageKey } from "../../../../src-renderer/i18n/catalog"
import { placeholdersOf, translate } from "../../../../src-renderer/i18n/translate"
import { ErrorCode, RefusalCode } from "../../../../src-shared/events/refusals"
import {
  Authority,
  ReasoningStage,
  RiskTier,
  STEPPER_STAGES,
  TerminalOutcome,
} from "../../../../src-shared/events/stages"
import { ExclusionCode } from "../../../../src-shared/events/payloads"
import { EntityType, ObrtSubtype, VatStatus } from "../../../../src-shared/context"
import { TraceStatus } from "../../../../src-shared/traces"

// Copy is API surface (seed 001 §9): the whole catalog is committed as a snapshot file, so any
// wording change in either language shows up in review as a diff of catalog.snapshot.json.

const entries = Object.entries(catalog) as Array<[MessageKey, { hr: string; en: string }]>

describe("message catalog", () => {
  it("matches the reviewed copy", async () => {
    await expect(JSON.stringify(catalog, null, 2) + "\n").toMatchFileSnapshot("./catalog.snapshot.json")
  })

  it("has both languages for every message, with the same placeholders", () => {
    for (const [key, { hr, en }] of entries) {
      expect(hr.trim(), key).not.toBe("")
      expect(en.trim(), key).not.toBe("")
      expect(placeholdersOf(hr), key).toEqual(placeholdersOf(en))
    }
  })

  it("covers every value of the contract's vocabularies the UI names", () => {
    const needed = [
      ...ReasoningStage.options.map((s) => `stage.${s}`),
      ...STEPPER_STAGES.map((s) => `stageActive.${s}`),
      ...TerminalOutcome.options.map((o) => `outcome.${o}`),
      ...RefusalCode.options.map((c) => `refusal.reason.${c}`),
      ...ErrorCode.options.map((c) => `error.code.${c}`),
      ...ExclusionCode.options.map((c) => `exclusion.${c}`),
      ...Authority.options.map((a) => `authority.${a}`),
      ...RiskTier.options.map((t) => `tier.${t}`),
      ...TraceStatus.options.map((s) => `traceStatus.${s}`),
      ...EntityType.options.map((v) => `entityType.${v}`),
      ...ObrtSubtype.options.map((v) => `obrtSubtype.${v}`),
      ...VatStatus.options.map((v) => `vat.${v}`),
    ]
    const missing = needed.filter((key) => !(key in catalog))
    expect(missing).toEqual([])
  })

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(translate("en", "stepper.lastUpdated", { duration: "2.1 s" })).toBe("Last updated 2.1 s ago")
    expect(translate("hr", "stepper.lastUpdated", { duration: "2,1 s" })).toBe("Zadnja promjena prije 2,1 s")
    expect(translate("en", "stepper.lastUpdated")).toBe("Last updated {duration} ago")
  })
})

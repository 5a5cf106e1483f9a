import { rmSync } from "node:fs"
import { join } from "node:path"
import type { ProfileContext } from "../../../../src-shared/context"
import type { TraceDetail } from "../../../../src-shared/traces"
import { buildAnswerWithReasoning } from "../../../../src-main/engine/pipeline"
import { RunService } from "../../../../src-main/runs/run-service"
import { openStore } from "../../../../src-main/store/store"
import { corePack, tempDir } from "../fixtures"

// Real runs for the answer-paper tests: the real store, engine and Croatian pack in a temp dir; a
// client with an OIB; the same VAT question asked in Croatian and in English; a question full of
// markup; a qualified, a conditional, a refused and an errored run; and a hypothetical.

export const CLIENT = { name: "Obrt <Ana> & kći", oib: "12345678903" }
export const VAT_HR = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
export const VAT_EN = "What is the VAT registration threshold?"
export const HOSTILE_QUESTION = `Koja je stopa PDV-a? <script>alert("x")</script><img src="https://evil.example/x.png"> "čćžšđ"`
export const AS_OF = "2025-06-01"

const OBRT: ProfileContext = {
  entity: { type: "OBRT", obrtSubtype: "PAUSALNI", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } },
}

export interface PaperFixture {
  dir: string
  dbPath: string
  clientId: string
  details: Record<"hr" | "en" | "hostile" | "qualified" | "conditional" | "refusal" | "error" | "hypothetical", TraceDetail>
  cleanup(): void
}

export async function buildPaperFixture(): Promise<PaperFixture> {
  const dir = tempDir("fiskai-paper-")
  const dbPath = join(dir, "fiskai.sqlite")
  let tick = Date.parse("2025-06-02T08:00:00.000Z")
  const store = openStore({ path: dbPath, clock: () => new Date((tick += 1000)) })
  try {
    const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: corePack() })
    const client = service.clients.save({ name: CLIENT.name, oib: CLIENT.oib, context: OBRT })
    const ask = async (question: string, extra: { locale?: "hr" | "en"; clientId?: string; asOfDate?: string } = {}, options = {}) =>
      (await service.ask({ question, asOfDate: extra.asOfDate ?? AS_OF, ...extra }, options)).requestId
    const ids = {
      hr: await ask(VAT_HR, { locale: "hr", clientId: client.id }),
      en: await ask(VAT_EN, { locale: "en", clientId: client.id }),
      hostile: await ask(HOSTILE_QUESTION, { locale: "hr" }, { clarifications: ["da"] }),
      qualified: await ask("Koja je stopa PDV-a na prirodni plin?", { asOfDate: "2026-06-01" }),
      conditional: await ask("Koliko je porez na dobit?", {}, { clarifications: ["da"] }),
      refusal: await ask("Koji je porez u Njemačkoj?"),
      error: (
        await new RunService({
          store,
          engine: buildAnswerWithReasoning,
          pack: corePack(),
          engineDefaults: { gate: { tryAcquire: () => false, release: () => undefined } },
        }).ask({ question: "Koja je stopa PDV-a?", asOfDate: AS_OF })
      ).requestId,
      hypothetical: "",
    }
    ids.hypothetical = (await service.ask({ question: VAT_HR, asOfDate: AS_OF, profile: OBRT }, { counterfactualOf: ids.hr })).requestId
    const details = Object.fromEntries(
      Object.entries(ids).map(([key, id]) => {
        const detail = service.get(id)
        if (detail === null) throw new Error(`fixture run ${key} was not stored`)
        return [key, detail]
      }),
    ) as PaperFixture["details"]
    return { dir, dbPath, clientId: client.id, details, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
  } finally {
    store.close()
  }
}

import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ProfileContext } from "../../../src-shared/context"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { loadPackFile, type LoadedPack } from "../../../src-main/knowledge/loader"
import { RunService } from "../../../src-main/runs/run-service"
import { openStore } from "../../../src-main/store/store"

// A real database for the export tests: the real store and engine with the shipped Croatian pack,
// one trace of every outcome, a clarified run, a question full of markup, and a hypothetical.

export const FIRM_NAME = "Računovodstvo Šćepanović & Žužić d.o.o."
export const MARKUP_QUESTION = `Koja je stopa PDV-a? <script>alert("x")</script><img src="https://evil.example/x.png"> "čćžšđ" 'ČĆŽŠĐ', =1+1`
const AS_OF = "2025-06-01"

const OBRT: ProfileContext = {
  entity: { type: "OBRT", obrtSubtype: "PAUSALNI", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } },
}

export interface ExportFixture {
  dir: string
  dbPath: string
  keyDir: string
  pack: LoadedPack
  ids: {
    answer: string
    qualified: string
    conditional: string
    refusal: string
    error: string
    clarified: string
    markup: string
    base: string
    hypothetical: string
  }
  cleanup(): void
}

export function tempDir(prefix = "fiskai-export-"): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export function corePack(): LoadedPack {
  return loadPackFile(join(import.meta.dirname, "..", "..", "..", "resources", "packs", "hr-core.json"))
}

export async function buildFixtureDb(): Promise<ExportFixture> {
  const dir = tempDir()
  const dbPath = join(dir, "fiskai.sqlite")
  const pack = corePack()
  let tick = Date.parse("2025-06-02T08:00:00.000Z")
  // A clock that moves, so the traces have distinct creation times in a known order.
  const store = openStore({ path: dbPath, clock: () => new Date((tick += 1000)) })
  try {
    const service = new RunService({ store, engine: buildAnswerWithReasoning, pack })
    service.settings.update({ firmName: FIRM_NAME })
    const ask = async (question: string, extra: { profile?: ProfileContext; asOfDate?: string } = {}, options = {}) =>
      (await service.ask({ question, asOfDate: extra.asOfDate ?? AS_OF, ...(extra.profile ? { profile: extra.profile } : {}) }, options)).requestId
    const answer = await ask("Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", { profile: OBRT })
    // The enacted 13 % gas rate against the government's 2027 proposal: a disclosed conflict.
    const qualified = await ask("Koja je stopa PDV-a na prirodni plin?", { asOfDate: "2026-06-01" })
    const conditional = await ask("Koliko je porez na dobit?", {}, { clarifications: ["da"] })
    const refusal = await ask("Koji je porez u Njemačkoj?")
    // "taksiste" is no word of the pack: the run confirms the topic before it answers.
    const clarified = await ask("Koliki je limit za paušalni obrt za taksiste?", {}, { clarifications: ["da"] })
    const markup = await ask(MARKUP_QUESTION, {}, { clarifications: ["da"] })
    // A full capacity gate: the engine ends the run in ERROR CAPACITY.
    const busy = new RunService({ store, engine: buildAnswerWithReasoning, pack, engineDefaults: { gate: { tryAcquire: () => false, release: () => undefined } } })
    const error = (await busy.ask({ question: "Koja je stopa PDV-a?", asOfDate: AS_OF })).requestId
    const base = await ask("Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
    const hypothetical = (
      await service.ask(
        { question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", asOfDate: AS_OF, profile: OBRT },
        { counterfactualOf: base },
      )
    ).requestId
    return {
      dir,
      dbPath,
      keyDir: join(dir, "user-data"),
      pack,
      ids: { answer, qualified, conditional, refusal, error, clarified, markup, base, hypothetical },
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    }
  } finally {
    store.close()
  }
}

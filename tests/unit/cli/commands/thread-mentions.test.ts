import { join } from "node:path"
import { describe, expect, test } from "vitest"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import type { CliIo } from "../../../../src-main/cli/io"
import { main, processIo } from "../../../../src-main/cli/main"
import { ClientsRepository } from "../../../../src-main/store/clients-repo"
import { StoredRequest } from "../../../../src-main/store/stored-request"
import { openStore } from "../../../../src-main/store/store"
import { tempDbPath } from "../../store/fixtures"

// `fiskai thread ask` with @-mentions (issue 22): the question's mentions resolve as the window's
// do (runs/mention-resolver.ts) and their documents go with the run, so a question about an
// e-invoice's buyer is answered from the document; a mention that fits several documents, or
// none, runs nothing and exits 4 with the candidates (or the reason), in Croatian and English.

const FIXTURES = join(__dirname, "../../../fixtures/einvoices")

async function cli(...argv: string[]) {
  let out = ""
  let err = ""
  const io: CliIo = { ...processIo(), stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) }, stdin: { isTTY: false } }
  const code = await main(argv, io)
  return { code, out, err }
}

async function threadWithDocuments(): Promise<{ db: string; threadId: string }> {
  const db = tempDbPath()
  const store = openStore({ path: db })
  new ClientsRepository(store).save({ id: "c1", name: "Hotel Lučica d.o.o.", context: {} })
  store.close()
  for (const [name, title] of [["ubl-invoice-valid.xml", "Pekara ožujak"], ["ubl-bad-oib.xml", "Pekara travanj"]] as const)
    expect((await cli("doc", "add", join(FIXTURES, name), "--client", "c1", "--title", title, "--db", db)).code).toBe(0)
  const created = await cli("thread", "new", "--client", "c1", "--as-of", "2026-03-20", "--json", "--db", db)
  return { db, threadId: (JSON.parse(created.out) as { id: string }).id }
}

function requestOf(db: string, requestId: string): StoredRequest {
  const store = openStore({ path: db })
  try {
    return StoredRequest.parse(JSON.parse(String(store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(requestId))))
  } finally {
    store.close()
  }
}

describe("fiskai thread ask with @-mentions", () => {
  test("a clear mention attaches its document and the answer is read from it", { timeout: 60_000 }, async () => {
    const { db, threadId } = await threadWithDocuments()
    const asked = await cli("thread", "ask", threadId, "Tko je kupac na @Pekara_ožujak?", "--json", "--db", db)
    expect(asked.err).toBe("")
    expect(asked.code).toBe(0)
    const events = asked.out.trim().split("\n").map((line) => JSON.parse(line) as ReasoningEvent)
    const last = events.at(-1)
    expect(last?.stage).toBe("ANSWER")
    if (last?.stage !== "ANSWER") return
    expect(last.data.answerHr).toContain("kupac: Hotel Lučica d.o.o.")
    expect(requestOf(db, last.requestId).documents?.map((d) => d.title)).toEqual(["Pekara ožujak"])
  })

  test("an ambiguous mention exits 4 with its candidates and runs nothing; an unknown one exits 4 with the reason", { timeout: 60_000 }, async () => {
    const { db, threadId } = await threadWithDocuments()
    const unclear = await cli("thread", "ask", threadId, "Tko je kupac na @Pekara?", "--db", db)
    expect(unclear.code).toBe(4)
    expect(unclear.out).toBe("")
    expect(unclear.err).toContain("nije jasno na koje dokumente pitanje misli; ništa nije pokrenuto")
    expect(unclear.err).toContain("@Pekara može značiti:")
    // Added with `fiskai doc add`, an e-invoice keeps the number it states (as one added in the window does).
    expect(unclear.err).toMatch(/ {4}- 17-P1-1 \(Pekara ožujak\) \[[0-9a-f-]{36}\]\n/)
    expect(unclear.err).toMatch(/ {4}- 17-P1-1 \(Pekara travanj\) \[[0-9a-f-]{36}\]\n/)
    const english = await cli("thread", "ask", threadId, "Who is the buyer on @Pekara?", "--locale", "en", "--db", db)
    expect(english).toMatchObject({ code: 4, out: "" })
    expect(english.err).toContain("@Pekara may mean:")
    const unknown = await cli("thread", "ask", threadId, "Tko je kupac na @Mesnica?", "--locale", "en", "--db", db)
    expect(unknown).toMatchObject({ code: 4, out: "", err: "fiskai thread: no document of this client matches @Mesnica; add the document or correct the name\n" })
    const store = openStore({ path: db })
    expect(store.sqlite.prepare("SELECT count(*) FROM traces").pluck().get()).toBe(0)
    store.close()
  })
})

import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { describe, expect, test } from "vitest"
import { ClientsRepository } from "../../../src-main/store/clients-repo"
import { DocumentError, DocumentsRepository, sha256Of, type NewDocument } from "../../../src-main/store/documents-repo"
import type { Store } from "../../../src-main/store/store"
import { openTestStore, tempDbPath } from "./fixtures"

// Client documents in a real database file (migration 0010) with their bytes in the
// content-addressed folder beside it: idempotent adding, full-text search with snippets,
// @-mention completion, deletion, and the triggers that keep the indexes in step.

let clock = Date.parse("2026-03-01T08:00:00.000Z")
const tick = () => new Date((clock += 1000))

function setUp(path = tempDbPath()): { store: Store; docs: DocumentsRepository } {
  const store = openTestStore(path, tick)
  const clients = new ClientsRepository(store)
  if (clients.get("c1") === null) {
    clients.save({ id: "c1", name: "Obrt Horvat", context: {} })
    clients.save({ id: "c2", name: "Kovač d.o.o.", context: {} })
  }
  return { store, docs: new DocumentsRepository(store) }
}

function textDoc(text: string, extra: Partial<NewDocument> = {}): NewDocument {
  return {
    bytes: Buffer.from(text, "utf8"),
    fileName: "dokument.txt",
    clientId: "c1",
    title: "Dokument",
    kind: "text",
    text,
    pageCount: null,
    ...extra,
  }
}

describe("adding documents", () => {
  test("the bytes are stored once under their hash; the same bytes again give back the same document", () => {
    const { docs } = setUp()
    const input = textDoc("Ugovor o najmu poslovnog prostora", { title: "Ugovor o najmu" })
    const first = docs.add(input)
    expect(first.created).toBe(true)
    expect(first.document).toMatchObject({ clientId: "c1", title: "Ugovor o najmu", kind: "text", sizeBytes: 33 })
    const path = docs.contentPath(sha256Of(input.bytes))
    expect(readFileSync(path).equals(Buffer.from(input.bytes))).toBe(true)
    expect(docs.content(first.document.id).equals(Buffer.from(input.bytes))).toBe(true)

    const again = docs.add({ ...input, title: "Drugi naslov", fileName: "kopija.txt" })
    expect(again).toEqual({ document: first.document, created: false })
    expect(docs.list({ clientId: "c1" })).toHaveLength(1)

    // The same bytes for another client are that client's document; the file is shared.
    const other = docs.add({ ...input, clientId: "c2" })
    expect(other.created).toBe(true)
    expect(other.document.id).not.toBe(first.document.id)
    // The firm's own (no client) are one more, and only once, though SQL's NULLs are all distinct.
    expect(docs.add({ ...input, clientId: null }).created).toBe(true)
    expect(docs.add({ ...input, clientId: null }).created).toBe(false)
    expect(docs.list().map((d) => d.clientId)).toEqual([null, "c2", "c1"])
  })

  test("a client that does not exist is refused in both languages, and nothing is written", () => {
    const { docs, store } = setUp()
    const input = textDoc("x", { clientId: "nobody" })
    let error: unknown
    try {
      docs.add(input)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(DocumentError)
    expect((error as DocumentError).text("hr")).toBe("nema klijenta nobody; dokument nije dodan")
    expect((error as DocumentError).text("en")).toBe("no client nobody; the document was not added")
    expect(store.sqlite.prepare("SELECT count(*) AS n FROM documents").get()).toEqual({ n: 0 })
    expect(existsSync(docs.contentPath(sha256Of(input.bytes)))).toBe(false)
  })

  test("documents survive closing and opening the database", () => {
    const path = tempDbPath()
    const first = setUp(path)
    const { document } = first.docs.add(textDoc("Izvod banke za ožujak"))
    first.store.close()
    const reopened = setUp(path)
    expect(reopened.docs.get(document.id)).toEqual(document)
    expect(reopened.docs.search({ text: "izvod" }).map((h) => h.document.id)).toEqual([document.id])
  })

  test("bytes changed on disk are reported, not returned", () => {
    const { docs } = setUp()
    const { document } = docs.add(textDoc("Račun 17"))
    writeFileSync(docs.contentPath(document.sha256), "Račun 18")
    expect(() => docs.content(document.id)).toThrow(/missing or changed/)
  })
})

describe("searching", () => {
  test("words match by their beginning with diacritics folded (đ too), every word must occur, best first", () => {
    const { docs } = setUp()
    const placa = docs.add(textDoc("Obračun plaće za veljaču. Isplata u Đakovu.", { title: "Plaće veljača" })).document
    const najam = docs.add(textDoc("Ugovor o najmu stana u Đakovu.", { title: "Najam" })).document
    expect(docs.search({ text: "placa" }).map((h) => h.document.id)).toEqual([placa.id])
    expect(docs.search({ text: "dakov" }).map((h) => h.document.id).sort()).toEqual([placa.id, najam.id].sort())
    expect(docs.search({ text: "dakov najm" }).map((h) => h.document.id)).toEqual([najam.id])
    // A title match outranks a match in the text.
    docs.add(textDoc("Ovdje se spominje najam jednom, usput.", { title: "Razno" }))
    expect(docs.search({ text: "najam" })[0]?.document.id).toBe(najam.id)
    // FTS5 syntax typed by a user is only words (here: one, "najm").
    expect(docs.search({ text: 'najm"* (' }).map((h) => h.document.id)).toEqual([najam.id])
    expect(docs.search({ text: "  " })).toEqual([])
  })

  test("the snippet is the original text around the match with the matched words marked", () => {
    const { docs } = setUp()
    const long = `${"Uvodni tekst bez veze. ".repeat(10)}Ovdje je obračun plaće za veljaču i još malo teksta.`
    docs.add(textDoc(long))
    const [hit] = docs.search({ text: "placa veljaca" })
    expect(hit?.snippet[0]).toEqual({ text: "…", hit: false })
    expect(hit?.snippet.filter((p) => p.hit).map((p) => p.text)).toEqual(["plaće", "veljaču"])
    expect(hit?.snippet.map((p) => p.text).join("")).toContain("obračun plaće za veljaču i još malo teksta.")
  })

  test("a client's documents only, when asked", () => {
    const { docs } = setUp()
    docs.add(textDoc("PDV prijava siječanj", { clientId: "c1" }))
    docs.add(textDoc("PDV prijava veljača", { clientId: "c2" }))
    expect(docs.search({ text: "pdv", clientId: "c2" }).map((h) => h.document.clientId)).toEqual(["c2"])
    expect(docs.search({ text: "pdv" })).toHaveLength(2)
  })
})

describe("@-mention completion", () => {
  function seeded() {
    const ctx = setUp()
    const add = (title: string, invoiceNumber: string | null, clientId = "c1") =>
      ctx.docs.add(textDoc(`${title} ${invoiceNumber ?? ""}`, { title, invoiceNumber, clientId })).document
    return {
      ...ctx,
      racun: add("Račun Čakovec Trgovina", "R-2025-017"),
      ugovor: add("Ugovor o najmu", null),
      izvod: add("Izvod banke ožujak", "2025-0017"),
      tudji: add("Račun drugog klijenta", "R-2025-018", "c2"),
    }
  }

  test("an invoice number's beginning ranks first, then titles; diacritics folded; one client's only", () => {
    const { docs, racun, izvod } = seeded()
    const byNumber = docs.complete({ text: "2025-0", clientId: "c1" })
    expect(byNumber.map((c) => c.document.id)).toEqual([izvod.id, racun.id])
    expect(byNumber[0]).toMatchObject({ matchedOn: "number" })
    expect(docs.complete({ text: "cakov", clientId: "c1" }).map((c) => c.document.id)).toEqual([racun.id])
    expect(docs.complete({ text: "R-2025", clientId: "c1" }).map((c) => c.document.title)).toEqual(["Račun Čakovec Trgovina"])
    expect(docs.complete({ text: "R-2025" }).map((c) => c.document.title).sort()).toEqual(["Račun Čakovec Trgovina", "Račun drugog klijenta"].sort())
  })

  test("control characters in what was typed complete like spaces and never break the index query", () => {
    const { docs, racun } = seeded()
    expect(() => docs.complete({ text: "\fӨ\u0000\u0001", clientId: "c1" })).not.toThrow()
    expect(docs.complete({ text: "\u0000cakov\u0001", clientId: "c1" }).map((c) => c.document.id)).toEqual([racun.id])
  })

  test("one or two letters complete words by their beginning; a typo still finds the title", () => {
    const { docs, ugovor, izvod } = seeded()
    expect(docs.complete({ text: "ug", clientId: "c1" }).map((c) => c.document.id)).toEqual([ugovor.id])
    expect(docs.complete({ text: "izovd banke", clientId: "c1" }).map((c) => c.document.id)).toEqual([izvod.id])
    expect(docs.complete({ text: "zzzzqq", clientId: "c1" })).toEqual([])
  })

  test("nothing typed lists the client's newest documents", () => {
    const { docs, izvod } = seeded()
    const recent = docs.complete({ text: "", clientId: "c1", limit: 2 })
    expect(recent.map((c) => c.document.id)[0]).toBe(izvod.id)
    expect(recent).toHaveLength(2)
  })
})

describe("deleting and changing", () => {
  test("a deleted document leaves the indexes; its file goes only when no other document has the bytes", () => {
    const { docs } = setUp()
    const input = textDoc("Putni nalog Zagreb–Split")
    const a = docs.add(input).document
    const b = docs.add({ ...input, clientId: "c2" }).document
    const path = docs.contentPath(a.sha256)
    expect(docs.delete(a.id)).toBe(true)
    expect(docs.get(a.id)).toBeNull()
    expect(existsSync(path)).toBe(true)
    expect(docs.search({ text: "putni" }).map((h) => h.document.id)).toEqual([b.id])
    expect(docs.delete(b.id)).toBe(true)
    expect(existsSync(path)).toBe(false)
    expect(docs.search({ text: "putni" })).toEqual([])
    expect(docs.complete({ text: "putni" })).toEqual([])
    expect(docs.delete(b.id)).toBe(false)
  })

  test("a new title or number is searchable at once; what identifies a document cannot change", () => {
    const { docs, store } = setUp()
    const { document } = docs.add(textDoc("e-račun", { title: "Stari naslov" }))
    store.sqlite.prepare("UPDATE documents SET title = 'Novi naslov', invoice_number = 'INV-9' WHERE id = ?").run(document.id)
    expect(docs.complete({ text: "inv-9" }).map((c) => c.document.id)).toEqual([document.id])
    expect(docs.search({ text: "novi" })).toHaveLength(1)
    expect(docs.search({ text: "stari" })).toEqual([])
    for (const change of ["sha256 = '" + "0".repeat(64) + "'", "client_id = 'c2'", "added_at = 'x'", "size_bytes = 1"])
      expect(() => store.sqlite.prepare(`UPDATE documents SET ${change} WHERE id = ?`).run(document.id)).toThrow(
        /keeps its id, client, bytes/,
      )
    // The full-text index agrees with its content (FTS5's own check).
    store.sqlite.exec("INSERT INTO documents_fts (documents_fts, rank) VALUES ('integrity-check', 1)")
    store.sqlite.exec("INSERT INTO documents_names (documents_names, rank) VALUES ('integrity-check', 1)")
  })
})

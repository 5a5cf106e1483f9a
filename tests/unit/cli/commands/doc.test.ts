import { existsSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, test } from "vitest"
import { ClientsRepository } from "../../../../src-main/store/clients-repo"
import type { SearchHit, StoredDocument } from "../../../../src-main/store/documents-repo"
import { openStore } from "../../../../src-main/store/store"
import { buildPdf } from "../../documents/intake/pdf-fixtures"
import { tempDbPath, tempDir } from "../../store/fixtures"
import { cli } from "./cli-harness"

// `fiskai doc add|list|audit|compare` through the CLI entry point, on real files in a temporary
// folder: the kind from the content, idempotent adding, a client's documents, full-text search,
// audits and comparisons run through the one run path (recorded, verified by replay, printed as
// before), refusals in the user's language with exit 1, and usage errors with exit 2.

function databaseWithClient(): string {
  const db = tempDbPath()
  const store = openStore({ path: db })
  new ClientsRepository(store).save({ id: "c1", name: "Obrt Horvat", context: {} })
  store.close()
  return db
}

function file(name: string, bytes: Buffer | string): string {
  const path = join(tempDir(), name)
  writeFileSync(path, bytes)
  return path
}

describe("fiskai doc add", () => {
  test("adds a PDF for a client with its title, pages and size; the same file again is recognised", async () => {
    const db = databaseWithClient()
    const pdf = file("racun-17.pdf", buildPdf({ pages: [{ lines: ["Račun R-17 za održavanje"] }, {}], compress: true }))
    const added = await cli("doc", "add", pdf, "--client", "c1", "--db", db)
    expect(added.err).toBe("")
    expect(added.code).toBe(0)
    expect(added.out).toMatch(/^Dodan dokument [0-9a-f-]{36}: racun-17 \(PDF, 2 stranice, 1 KB\)\n/)
    expect(added.out).toContain("Napomena: stranica 2 nema tekstualnog sloja (skenirani dokument); aplikacija ne radi OCR")
    // The bytes sit beside the database, under their hash.
    expect(readdirSync(join(db, "..", "documents"))).toHaveLength(1)

    const again = await cli("doc", "add", pdf, "--client", "c1", "--title", "Other", "--locale", "en", "--db", db)
    expect(again.code).toBe(0)
    expect(again.out).toMatch(/^Already added \(the same file\) [0-9a-f-]{36}: racun-17 \(PDF, 2 pages, 1 KB\)\n$/)
    const json = await cli("doc", "add", pdf, "--client", "c1", "--json", "--db", db)
    expect(JSON.parse(json.out)).toMatchObject({ created: false, document: { title: "racun-17", kind: "pdf", pageCount: 2 } })
  })

  test("the name does not decide the kind: XML named .pdf is XML, a ZIP named .csv is refused (exit 1, in the user's language)", async () => {
    const db = databaseWithClient()
    const xml = file("e-racun.pdf", '<?xml version="1.0"?><Invoice><ID>R-9</ID></Invoice>')
    const added = await cli("doc", "add", xml, "--title", "E-račun R-9", "--json", "--db", db)
    expect(JSON.parse(added.out)).toMatchObject({ created: true, document: { kind: "xml", title: "E-račun R-9", clientId: null } })
    const zip = file("tablica.csv", Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(40)]))
    const refused = await cli("doc", "add", zip, "--db", db)
    expect(refused).toMatchObject({ code: 1, out: "" })
    expect(refused.err).toMatch(/^fiskai doc add: nepodržana vrsta datoteke: ZIP arhiva/)
    const english = await cli("doc", "add", zip, "--locale", "en", "--db", db)
    expect(english.err).toMatch(/^fiskai doc add: unsupported file type: a ZIP archive/)
  })

  test("a missing file, a scanned PDF and an unknown client are refused, and nothing is stored", async () => {
    const db = databaseWithClient()
    const missing = await cli("doc", "add", join(tempDir(), "nema.pdf"), "--db", db)
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/^fiskai doc add: nema datoteke .*nema\.pdf\n$/)
    const scan = await cli("doc", "add", file("sken.pdf", buildPdf({ pages: [{}] })), "--db", db)
    expect(scan).toMatchObject({ code: 1, err: "fiskai doc add: stranica 1 nema tekstualnog sloja (skenirani dokument); aplikacija ne radi OCR\n" })
    const client = await cli("doc", "add", file("a.txt", "Bilješka"), "--client", "c9", "--db", db)
    expect(client).toMatchObject({ code: 1, err: "fiskai doc add: nema klijenta c9; dokument nije dodan\n" })
    const list = await cli("doc", "list", "--json", "--db", db)
    expect(JSON.parse(list.out)).toEqual([])
    expect(existsSync(join(db, "..", "documents"))).toBe(false)
  })
})

describe("fiskai doc list", () => {
  test("lists newest first, one client's on request, and searches the text with the matches marked", async () => {
    const db = databaseWithClient()
    const placa = "Obračun plaće za veljaču 2026."
    const najam = "Opis;Iznos\nNajam ureda;800,00\nRežije;120,50\n"
    await cli("doc", "add", file("placa.txt", placa), "--client", "c1", "--db", db)
    await cli("doc", "add", file("najam.csv", najam), "--db", db)
    const all = await cli("doc", "list", "--db", db)
    expect(all.code).toBe(0)
    const lines = all.out.split("\n")
    expect(lines[0]).toBe("2 dokumenta")
    expect(lines[1]).toMatch(/^[0-9a-f-]{36} {2}\d{1,2}\. \d{1,2}\. \d{4}\. {2}najam {2}CSV, (\d+) B$/)
    expect(lines[1]?.endsWith(`CSV, ${Buffer.byteLength(najam)} B`)).toBe(true)
    expect(lines[2]).toMatch(new RegExp(` {2}placa {2}tekst, ${Buffer.byteLength(placa)} B {2}\\(c1\\)$`))
    const mine = JSON.parse((await cli("doc", "list", "--client", "c1", "--json", "--db", db)).out) as StoredDocument[]
    expect(mine.map((d) => d.title)).toEqual(["placa"])

    const found = await cli("doc", "list", "--search", "placa veljaca", "--locale", "en", "--db", db)
    expect(found.out.split("\n")[0]).toBe("1 document")
    expect(found.out).toContain("    Obračun »plaće« za »veljaču« 2026.\n")
    const hits = JSON.parse((await cli("doc", "list", "--search", "rezije", "--json", "--db", db)).out) as SearchHit[]
    expect(hits.map((h) => h.document.title)).toEqual(["najam"])
  })

  test("bad usage exits 2 with the reason and the usage on stderr; a missing database exits 1", async () => {
    for (const argv of [["doc"], ["doc", "show"], ["doc", "add"], ["doc", "list", "x"], ["doc", "list", "--limit", "0"], ["doc", "add", "a", "b"]]) {
      const result = await cli(...argv)
      expect(result.code).toBe(2)
      expect(result.err).toMatch(/^fiskai doc|^--limit/)
      expect(result.err).toContain("usage: fiskai doc add FILE")
    }
    const help = await cli("doc", "--help")
    expect(help).toMatchObject({ code: 0, err: "" })
    expect(help.out).toContain("fiskai doc list [--client ID] [--search TEXT]")
    const none = await cli("doc", "list", "--db", join(tempDir(), "none.sqlite"))
    expect(none.code).toBe(1)
    expect(none.err).toMatch(/^fiskai doc: nema baze podataka na .*none\.sqlite\n$/)
  })
})

describe("fiskai doc audit and compare", () => {
  const fixture = (name: string) => join(__dirname, "../../../fixtures/einvoices", name)

  test("audits a stored e-invoice by its id: the wrong VAT rate for bread is an error citing the pack's rule", async () => {
    const db = databaseWithClient()
    const added = await cli("doc", "add", fixture("ubl-wrong-vat-rate.xml"), "--client", "c1", "--db", db, "--json")
    const id = (JSON.parse(added.out) as { document: { id: string } }).document.id
    const audit = await cli("doc", "audit", id, "--db", db)
    expect(audit.code).toBe(0)
    expect(audit.out).toMatch(/grešaka: 1/)
    expect(audit.out).toContain("GREŠKA: Stavka 1 („Kruh bijeli 500 g”) ima stopu 25 %")
    expect(audit.out).toContain("na dan 15. 3. 2026.")
    expect(audit.out).toContain("[pdv.stopa.kruh]")
  })

  test("audits a file in English and as JSON lines; a correct invoice has no error", async () => {
    const db = tempDbPath()
    const english = await cli("doc", "audit", fixture("ubl-bad-oib.xml"), "--db", db, "--locale", "en")
    expect(english.code).toBe(0)
    expect(english.out).toMatch(/ERROR: .*OIB/)
    const json = await cli("doc", "audit", fixture("ubl-invoice-valid.xml"), "--db", db, "--json")
    const severities = json.out.trim().split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { severity: string }).severity)
    expect(severities).not.toContain("error")
  })

  test("compares two invoices field by field, and refuses what is not an e-invoice", async () => {
    const db = tempDbPath()
    const compared = await cli("doc", "compare", fixture("ubl-invoice-valid.xml"), fixture("ubl-wrong-vat-rate.xml"), "--db", db)
    expect(compared.code).toBe(0)
    expect(compared.out).toMatch(/^Razlika: 8 \(važnih za porez: 7, označene s \*\)\n/)
    // Each field by the name the window and the paper give it; "*" marks what matters for tax.
    expect(compared.out).toContain("\n  * Stopa PDV-a (stavka 1) · BT-152: 5 → 25\n")
    expect(compared.out).toContain("\n    Iznos za plaćanje · BT-115: 556.12 → 565.72\n")
    expect(compared.out).toContain("\n  * Osnovica (S, 5 %) · BT-116: 48.00 → —\n")
    expect(compared.out).not.toContain("lines[1].vatRate")
    const english = await cli("doc", "compare", fixture("ubl-invoice-valid.xml"), fixture("ubl-bad-oib.xml"), "--db", db, "--locale", "en")
    expect(english.out).toMatch(/^Differences: 2 \(2 matter for tax, marked \*\)\n {2}\* Buyer's OIB · BT-47: 98765432106 → 98765432107\n/)
    const notInvoice = await cli("doc", "audit", file("biljeska.txt", "samo tekst"), "--db", db)
    expect(notInvoice.code).toBe(1)
    expect(notInvoice.err).toMatch(/^fiskai doc: /)
    expect((await cli("doc", "compare", fixture("ubl-invoice-valid.xml"), "--db", db)).code).toBe(2)
  })

  test("an audit and a comparison are runs: recorded with their documents, verified by replay, listed as document actions", async () => {
    const db = databaseWithClient()
    const audit = await cli("doc", "audit", fixture("ubl-wrong-vat-rate.xml"), "--db", db, "--locale", "en")
    expect(audit.code).toBe(0)
    const auditId = /Recorded as (\S+) \(fiskai traces show \1 --db /.exec(audit.out)?.[1]
    expect(auditId).toBeDefined()
    const compared = await cli("doc", "compare", fixture("ubl-invoice-valid.xml"), fixture("ubl-wrong-vat-rate.xml"), "--db", db)
    const compareId = /Zapisano kao (\S+) /.exec(compared.out)?.[1]
    for (const id of [auditId, compareId]) {
      const verified = await cli("traces", "verify", String(id), "--db", db, "--json")
      expect(verified.code).toBe(0)
      expect(JSON.parse(verified.out)).toMatchObject({ ok: true, chainOk: true, replayOk: true })
    }
    // The file given was added once (without a client) and the trace names it by its hash.
    const listed = JSON.parse((await cli("doc", "list", "--db", db, "--json")).out) as StoredDocument[]
    expect(listed.map((d) => d.fileName).sort()).toEqual(["ubl-invoice-valid.xml", "ubl-wrong-vat-rate.xml"])
    expect(listed.every((d) => d.clientId === null && d.invoiceNumber !== null)).toBe(true)
    const shown = await cli("traces", "show", String(auditId), "--db", db, "--json")
    const wrongRate = listed.find((d) => d.fileName === "ubl-wrong-vat-rate.xml")
    expect(shown.out).toContain(String(wrongRate?.sha256))
    expect(shown.out).toContain('"documentAction":"audit"')
  })

  test("the JSON lines are the run's findings and nothing else; a document not there exits 1 in the user's language", async () => {
    const db = tempDbPath()
    const json = await cli("doc", "audit", fixture("ubl-wrong-vat-rate.xml"), "--db", db, "--json", "--as-of", "2026-03-15")
    const lines = json.out.trim().split("\n")
    const findings = lines.map((line) => JSON.parse(line) as { code: string; citation?: { ruleId: string } })
    expect(findings.find((f) => f.code === "VAT_RATE_WRONG_FOR_ITEM")?.citation?.ruleId).toBe("pdv.stopa.kruh")
    const compared = await cli("doc", "compare", fixture("ubl-invoice-valid.xml"), fixture("ubl-wrong-vat-rate.xml"), "--db", db, "--json")
    const differences = compared.out.trim().split("\n").map((line) => JSON.parse(line) as { field: string; a?: string; b?: string; taxRelevant?: boolean })
    expect(differences.find((d) => d.field === "lines[1].vatRate")).toMatchObject({ a: "5", b: "25", taxRelevant: true })
    expect(differences.find((d) => d.field === "totals.payable")).toMatchObject({ taxRelevant: false })
    expect(differences).toHaveLength(8)
    const missing = await cli("doc", "audit", "no-such-document", "--db", db)
    expect(missing.code).toBe(1)
    expect(missing.err).toBe("fiskai doc audit: nema dokumenta no-such-document\n")
  })
})

import { describe, expect, test } from "vitest"
import { DEFAULT_LIMITS } from "../../../../src-main/documents/intake/contract"
import { IntakeError } from "../../../../src-main/documents/intake/errors"
import { extractDocument } from "../../../../src-main/documents/intake/extract"
import { buildPdf } from "./pdf-fixtures"

// Intake by content: the kind comes from the bytes (never the name), each kind gives its text,
// and what cannot be read is refused with a code and a sentence in both languages.

async function refusal(bytes: Uint8Array, limits = DEFAULT_LIMITS): Promise<IntakeError> {
  try {
    await extractDocument(bytes, limits)
  } catch (error) {
    if (error instanceof IntakeError) return error
    throw error
  }
  throw new Error("expected a refusal")
}

const WINDOWS_1250: Readonly<Record<string, number>> = { č: 0xe8, ć: 0xe6, đ: 0xf0, š: 0x9a, ž: 0x9e, Č: 0xc8, Ć: 0xc6, Đ: 0xd0, Š: 0x8a, Ž: 0x8e }

function windows1250(text: string): Buffer {
  return Buffer.from([...text].map((ch) => WINDOWS_1250[ch] ?? ch.charCodeAt(0)))
}

describe("plain text and CSV", () => {
  test("UTF-8 with and without a byte order mark, UTF-16 with one, and Windows-1250 all read as the same text", async () => {
    const text = "Obračun plaće: Đuro Šimić, Žaklina Čačić"
    const variants = [
      Buffer.from(text, "utf8"),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
      windows1250(text),
    ]
    for (const bytes of variants) expect(await extractDocument(bytes)).toMatchObject({ kind: "text", text, pageCount: null })
  })

  test("a Croatian Excel CSV (semicolons, decimal commas, Windows-1250) is a table; so is a comma one", async () => {
    const semicolons = windows1250("Datum;Opis;Iznos\n01.03.2026;Račun za struju;125,40\n02.03.2026;Najam ureda;800,00\n")
    const csv = await extractDocument(semicolons)
    expect(csv).toMatchObject({ kind: "csv", csvDelimiter: ";" })
    expect(csv.text.split("\n")).toEqual(["Datum Opis Iznos", "01.03.2026 Račun za struju 125,40", "02.03.2026 Najam ureda 800,00"])
    const commas = await extractDocument(Buffer.from('name,amount\n"Horvat, Ivan",10\nKovač,20\n'))
    expect(commas).toMatchObject({ kind: "csv", csvDelimiter: "," })
    expect(commas.text).toContain("Horvat, Ivan 10")
  })

  test("prose with a comma here and there stays text; a one-line file too", async () => {
    expect((await extractDocument(Buffer.from("Poštovani,\nšaljem račun za ožujak.\nLijep pozdrav"))).kind).toBe("text")
    expect((await extractDocument(Buffer.from("a;b;c"))).kind).toBe("text")
  })

  test("the kind comes from the content: binary formats are refused by their signature, whatever the name", async () => {
    const zip = await refusal(Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(64)]))
    expect(zip.code).toBe("UNSUPPORTED_TYPE")
    expect(zip.text("hr")).toMatch(/^nepodržana vrsta datoteke: ZIP arhiva \(i \.docx\/\.xlsx su ZIP\)/)
    expect(zip.text("en")).toMatch(/^unsupported file type: a ZIP archive .*PDF, XML, CSV and plain text are supported\.$/)
    expect((await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).text("en")).toContain("an image (PNG)")
    const binary = await refusal(Buffer.from([0x01, 0x02, 0x00, 0x7f, 0x10]))
    expect(binary.code).toBe("UNSUPPORTED_TYPE")
    expect(binary.text("hr")).toContain("binarni sadržaj")
  })

  test("empty, too large, and too much text are refused before or while reading", async () => {
    expect((await refusal(Buffer.alloc(0))).text("hr")).toBe("datoteka je prazna")
    const big = await refusal(Buffer.alloc(2 * 1024 * 1024, 0x61), { ...DEFAULT_LIMITS, maxBytes: 1024 * 1024 })
    expect(big.code).toBe("TOO_LARGE")
    expect(big.text("en")).toBe("the file is 2 MB; the largest allowed is 1 MB")
    const long = await refusal(Buffer.alloc(5000, 0x61), { ...DEFAULT_LIMITS, maxTextChars: 4000 })
    expect(long.code).toBe("TEXT_TOO_LONG")
    expect(long.text("hr")).toContain("podijelite je na manje dijelove")
  })
})

describe("XML", () => {
  test("the source is kept and its text, without tags, is what is searched", async () => {
    const source = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><!-- e-račun -->
  <ID>R-2026-17</ID><Note>Plaćanje &amp; dostava &#x10D;</Note><Total currencyID="EUR">125.00</Total>
  <Memo><![CDATA[<b>nije oznaka</b>]]></Memo>
</Invoice>`
    const xml = await extractDocument(Buffer.from(source))
    expect(xml).toMatchObject({ kind: "xml", rawXml: source })
    expect(xml.text).toBe("R-2026-17 Plaćanje & dostava č 125.00 <b>nije oznaka</b>")
  })

  test("a DOCTYPE or ENTITY declaration is refused outright; broken XML is named as such", async () => {
    const dtd = await refusal(Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'))
    expect(dtd.code).toBe("XML_DTD_FORBIDDEN")
    expect(dtd.text("hr")).toContain("sadrži deklaraciju <!DOCTYPE>")
    expect(dtd.text("en")).toContain("refused for safety")
    for (const [source, detail] of [
      ["<a><b></a>", "</a> closes <b>"],
      ["<a>x</a><b/>", "a second root element <b>"],
      ["<a>&nbsp;</a>", "undeclared entity &nbsp;"],
      ["<a>1 & 2</a>", "a bare '&'"],
      ["<a>", "<a> is never closed"],
    ] as const) {
      const error = await refusal(Buffer.from(source))
      expect(error.code).toBe("XML_MALFORMED")
      expect(error.text("en")).toContain(detail)
    }
  })
})

describe("PDF", () => {
  test("the text layer of every page, Croatian letters included, with the page count and embedded title", async () => {
    const pdf = buildPdf({
      title: "Racun R-17",
      compress: true,
      pages: [{ lines: ["Račun broj R-17", "Kupac: Đuro Žagar, Čakovec"] }, { lines: ["Ukupno: 125,00 EUR", "Hvala na povjerenju"] }],
    })
    const extracted = await extractDocument(pdf)
    expect(extracted).toMatchObject({ kind: "pdf", pageCount: 2, embeddedTitle: "Racun R-17", notices: [] })
    expect(extracted.text).toBe("Račun broj R-17\nKupac: Đuro Žagar, Čakovec\n\nUkupno: 125,00 EUR\nHvala na povjerenju")
  })

  test("a page without a text layer is named in a notice; a wholly scanned PDF is refused", async () => {
    const mixed = await extractDocument(buildPdf({ pages: [{ lines: ["Prva"] }, { lines: ["Druga"] }, {}] }))
    expect(mixed.notices).toEqual([
      {
        code: "PAGES_WITHOUT_TEXT",
        pages: [3],
        hr: "stranica 3 nema tekstualnog sloja (skenirani dokument); aplikacija ne radi OCR",
        en: "page 3 has no text layer (a scanned document); the app does not do OCR",
      },
    ])
    const single = await refusal(buildPdf({ pages: [{}] }))
    expect(single.code).toBe("PDF_SCANNED")
    expect(single.text("hr")).toBe("stranica 1 nema tekstualnog sloja (skenirani dokument); aplikacija ne radi OCR")
    expect((await refusal(buildPdf({ pages: [{}, {}, {}] }))).text("en")).toBe(
      "none of the pages (1–3) has a text layer (a scanned document); the app does not do OCR",
    )
  })

  test("too many pages, an encrypted PDF and a damaged one are refused with what to do", async () => {
    const pages = await refusal(buildPdf({ pages: Array.from({ length: 6 }, () => ({ lines: ["x"] })) }), {
      ...DEFAULT_LIMITS,
      maxPdfPages: 5,
    })
    expect(pages.code).toBe("PDF_TOO_MANY_PAGES")
    expect(pages.text("hr")).toBe("PDF ima 6 stranica; najviše ih može imati 5")
    const encrypted = await refusal(buildPdf({ pages: [{ lines: ["x"] }], trailerExtra: "/Encrypt 99 0 R" }))
    expect(encrypted.code).toBe("PDF_ENCRYPTED")
    expect(encrypted.text("en")).toContain("print it to a new PDF")
    const damaged = await refusal(Buffer.from("%PDF-1.7\nthis is not a PDF body at all\n"))
    expect(damaged.code).toBe("PDF_DAMAGED")
  })
})

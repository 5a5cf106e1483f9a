import { describe, expect, it } from "vitest"
import { EInvoiceParseError, parseEInvoice } from "../../../../src-main/documents/einvoice"
import { DEFAULT_XML_LIMITS } from "../../../../src-main/documents/einvoice/xml-safety"
import { fixture } from "./fixtures"

// Hostile files are refused before the XML parser sees them, quickly, with a reason in both languages.

function refusal(
  input: string | Buffer,
  limits = DEFAULT_XML_LIMITS,
): { error: EInvoiceParseError; ms: number } {
  const started = performance.now()
  try {
    parseEInvoice(input, limits)
  } catch (error) {
    if (error instanceof EInvoiceParseError) return { error, ms: performance.now() - started }
    throw error
  }
  throw new Error("the input was accepted")
}

const UBL = 'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"'

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE Invoice [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<Invoice ${UBL}><ID>&lol9;</ID></Invoice>`

const XXE = `<?xml version="1.0"?>
<!DOCTYPE Invoice [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<Invoice ${UBL}><ID>&secret;</ID></Invoice>`

describe("parseEInvoice refuses hostile XML", () => {
  it("refuses an entity-expansion bomb (billion laughs) fast, without expanding it", () => {
    const { error, ms } = refusal(BILLION_LAUGHS)
    expect(error.code).toBe("DOCTYPE_FORBIDDEN")
    expect(error.messageIn("en")).toMatch(/XML bomb/)
    expect(error.messageIn("hr")).toMatch(/XML bomba/)
    expect(ms).toBeLessThan(50)
  })

  it("refuses an external entity (XXE) and never reads the file it names", () => {
    const { error } = refusal(XXE)
    expect(error.code).toBe("DOCTYPE_FORBIDDEN")
    expect(error.message).not.toMatch(/root:/)
  })

  it("refuses a DOCTYPE whatever its case or spacing", () => {
    expect(refusal(`<!doctype Invoice><Invoice ${UBL}/>`).error.code).toBe("DOCTYPE_FORBIDDEN")
  })

  it("refuses an oversized file by its size alone, before decoding or parsing it", () => {
    // Not even XML: were it decoded or parsed, the error would say so instead.
    const huge = Buffer.alloc(DEFAULT_XML_LIMITS.maxBytes + 1, 0xff)
    const { error, ms } = refusal(huge)
    expect(error.code).toBe("TOO_LARGE")
    expect(error.messageIn("en")).toMatch(/at most 10\.0 MB/)
    expect(ms).toBeLessThan(50)
  })

  it("refuses nesting deeper than the limit", () => {
    const deep = `<Invoice ${UBL}>${"<a>".repeat(100)}${"</a>".repeat(100)}</Invoice>`
    expect(refusal(deep).error.code).toBe("TOO_DEEP")
  })

  it("refuses more elements than the limit", () => {
    const many = `<Invoice ${UBL}>${"<a/>".repeat(2_000)}</Invoice>`
    expect(refusal(many, { ...DEFAULT_XML_LIMITS, maxElements: 1_000 }).error.code).toBe("TOO_MANY_ELEMENTS")
  })

  it("counts tags correctly around comments, CDATA and quoted '>' in attributes", () => {
    const tricky = fixture("ubl-invoice-valid.xml")
      .toString("utf8")
      .replace(
        "<cbc:ID>17-P1-1</cbc:ID>",
        '<!-- <a><b> --><cbc:ID schemeID="x>y"><![CDATA[17-P1-1]]></cbc:ID>',
      )
    expect(parseEInvoice(tricky, { ...DEFAULT_XML_LIMITS, maxDepth: 8 }).number?.value).toBe("17-P1-1")
  })
})

import { EInvoiceParseError } from "./errors"

// Checks made on the raw text BEFORE any XML parser sees it. An e-invoice never needs a DOCTYPE:
// refusing every DOCTYPE and ENTITY declaration shuts out entity expansion bombs ("billion
// laughs") and external entities (XXE) whatever the parser would do with them. Size, nesting depth
// and element count are bounded by one linear scan, so a hostile file costs at most one pass.

export interface XmlLimits {
  /** Bytes of the file (UTF-8). */
  maxBytes: number
  /** Elements nested inside each other. A UBL invoice is about 8 deep. */
  maxDepth: number
  /** Elements in the whole document. A 1,000-line invoice has about 40,000. */
  maxElements: number
}

export const DEFAULT_XML_LIMITS: XmlLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxDepth: 64,
  maxElements: 500_000,
}

const MB = 1024 * 1024

/** Refuses a buffer over the size limit without decoding it. */
export function checkSize(bytes: number, limits: XmlLimits): void {
  if (bytes <= limits.maxBytes) return
  const size = (n: number) => `${(n / MB).toFixed(1)} MB`
  throw new EInvoiceParseError("TOO_LARGE", {
    hr: `Datoteka ima ${size(bytes)}, a eRačun smije imati najviše ${size(limits.maxBytes)}; nije učitana.`,
    en: `The file is ${size(bytes)}; an e-invoice may be at most ${size(limits.maxBytes)}, so it was not read.`,
  })
}

const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i

export function refuseDeclarations(xml: string): void {
  const found = DECLARATION.exec(xml)
  if (!found) return
  const kind = (found[1] ?? "").toUpperCase()
  throw new EInvoiceParseError("DOCTYPE_FORBIDDEN", {
    hr: `Datoteka sadrži deklaraciju <!${kind}>. eRačun je ne treba, a takve deklaracije mogu skrivati napad (XML bomba, XXE), pa datoteka nije učitana.`,
    en: `The file contains a <!${kind}> declaration. An e-invoice never needs one, and such declarations can hide an attack (XML bomb, XXE), so the file was not read.`,
  })
}

/** Skips past `end` from `from`; the index after it, or the text's length when it never comes. */
function skipPast(xml: string, from: number, end: string): number {
  const at = xml.indexOf(end, from)
  return at < 0 ? xml.length : at + end.length
}

/** The index just after the `>` that closes a tag starting at `from`, honouring quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = ""
  for (let i = from; i < xml.length; i++) {
    const char = xml[i]
    if (quote !== "") {
      if (char === quote) quote = ""
    } else if (char === '"' || char === "'") quote = char
    else if (char === ">") return i + 1
  }
  return xml.length
}

/** Counts elements and nesting in one pass; throws as soon as a limit is passed. */
export function checkStructure(xml: string, limits: XmlLimits): void {
  let depth = 0
  let elements = 0
  let i = xml.indexOf("<")
  while (i >= 0 && i < xml.length) {
    const next = xml[i + 1]
    if (xml.startsWith("<!--", i)) i = skipPast(xml, i + 4, "-->")
    else if (xml.startsWith("<![CDATA[", i)) i = skipPast(xml, i + 9, "]]>")
    else if (next === "?" || next === "!") i = skipPast(xml, i + 2, ">")
    else if (next === "/") {
      depth--
      i = tagEnd(xml, i + 2)
    } else {
      const end = tagEnd(xml, i + 1)
      elements++
      if (xml[end - 2] !== "/") depth++
      if (depth > limits.maxDepth) throw tooDeep(limits.maxDepth)
      if (elements > limits.maxElements) throw tooMany(limits.maxElements)
      i = end
    }
    i = xml.indexOf("<", i)
  }
}

function tooDeep(max: number): EInvoiceParseError {
  return new EInvoiceParseError("TOO_DEEP", {
    hr: `Elementi su ugniježđeni dublje od ${max} razina; to nije eRačun, pa datoteka nije učitana.`,
    en: `Elements are nested deeper than ${max} levels; that is not an e-invoice, so the file was not read.`,
  })
}

function tooMany(max: number): EInvoiceParseError {
  return new EInvoiceParseError("TOO_MANY_ELEMENTS", {
    hr: `Datoteka ima više od ${max.toLocaleString("hr-HR")} elemenata; eRačun ih nema toliko, pa datoteka nije učitana.`,
    en: `The file has more than ${max.toLocaleString("en-GB")} elements; no e-invoice has that many, so it was not read.`,
  })
}

import { IntakeError } from "./errors"

// An XML file: its source is kept as is (the e-invoice reader parses it later) and its text,
// without tags, comments or processing instructions, is what the search index gets. A document
// type declaration is refused outright, before anything is parsed: entities declared in it are
// how an XML bomb ("billion laughs") multiplies a few kilobytes into gigabytes, and no e-invoice
// (UBL, CII) needs one. Only XML's five predefined entities and character references are read.

const PREDEFINED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" }
const MAX_DEPTH = 1000

export interface XmlText {
  /** The element content, tags dropped, one space between elements. */
  text: string
  rootName: string
}

function malformed(detail: string): IntakeError {
  return new IntakeError("XML_MALFORMED", {
    hr: `XML datoteka nije ispravna: ${detail}`,
    en: `the XML file is not well-formed: ${detail}`,
  })
}

export function refuseDocumentType(source: string): void {
  const found = /<!(DOCTYPE|ENTITY)/i.exec(source)
  if (found === null) return
  throw new IntakeError("XML_DTD_FORBIDDEN", {
    hr: `XML datoteka sadrži deklaraciju <!${found[1]?.toUpperCase() ?? "DOCTYPE"}>; iz sigurnosnih razloga takve se datoteke ne učitavaju (e-računi je nemaju)`,
    en: `the XML file contains a <!${found[1]?.toUpperCase() ?? "DOCTYPE"}> declaration; such files are refused for safety (e-invoices have none)`,
  })
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) throw malformed("a bare '&' in text (write &amp;)")
    if (name.startsWith("#")) {
      const code = name.startsWith("#x") ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
      if (!Number.isFinite(code) || code > 0x10ffff || code === 0) throw malformed(`character reference ${whole}`)
      return String.fromCodePoint(code)
    }
    const value = PREDEFINED[name]
    if (value === undefined) throw malformed(`undeclared entity ${whole}`)
    return value
  })
}

/** The text of a well-formed XML document (one root element); throws for anything else. */
export function xmlText(source: string): XmlText {
  refuseDocumentType(source)
  const parts: string[] = []
  const stack: string[] = []
  let rootName: string | null = null
  let i = 0
  while (i < source.length) {
    const lt = source.indexOf("<", i)
    const text = source.slice(i, lt === -1 ? source.length : lt)
    if (stack.length > 0) parts.push(decodeEntities(text))
    else if (text.trim() !== "" && text !== "\uFEFF") throw malformed("text outside the root element")
    if (lt === -1) break
    i = markup(source, lt, { stack, parts, onRoot: (name) => (rootName = rootName === null ? name : fail(name)) })
  }
  if (stack.length > 0) throw malformed(`<${stack.at(-1) ?? ""}> is never closed`)
  if (rootName === null) throw malformed("no root element")
  return { text: parts.join("").replace(/\s+/g, " ").trim(), rootName }
}

function fail(name: string): never {
  throw malformed(`a second root element <${name}>`)
}

interface ScanState {
  stack: string[]
  parts: string[]
  onRoot: (name: string) => void
}

/** Reads the markup starting at `<` (index lt); returns the index after it. */
function markup(source: string, lt: number, state: ScanState): number {
  if (source.startsWith("<!--", lt)) return after(source, "-->", lt + 4, "a comment")
  if (source.startsWith("<![CDATA[", lt)) {
    if (state.stack.length === 0) throw malformed("CDATA outside the root element")
    const end = after(source, "]]>", lt + 9, "a CDATA section")
    state.parts.push(source.slice(lt + 9, end - 3))
    return end
  }
  if (source.startsWith("<?", lt)) return after(source, "?>", lt + 2, "a processing instruction")
  if (source.startsWith("<!", lt)) throw malformed("a declaration inside the document")
  return tag(source, lt, state)
}

function after(source: string, terminator: string, from: number, what: string): number {
  const end = source.indexOf(terminator, from)
  if (end === -1) throw malformed(`${what} is never closed`)
  return end + terminator.length
}

function tag(source: string, lt: number, state: ScanState): number {
  const gt = tagEnd(source, lt)
  const body = source.slice(lt + 1, gt)
  const closing = body.startsWith("/")
  const name = /^\/?([A-Za-z_:][\w.:-]*)/.exec(body)?.[1]
  if (name === undefined) throw malformed(`a tag without a name at character ${lt}`)
  if (closing) {
    const open = state.stack.pop()
    if (open !== name) throw malformed(`</${name}> closes <${open ?? "nothing"}>`)
  } else {
    if (state.stack.length === 0) state.onRoot(name)
    if (!body.endsWith("/")) {
      if (state.stack.length >= MAX_DEPTH) throw malformed(`elements nested deeper than ${MAX_DEPTH}`)
      state.stack.push(name)
    }
  }
  // Elements are words apart in the text ("<a>1</a><b>2</b>" reads "1 2").
  state.parts.push(" ")
  return gt + 1
}

/** The `>` ending the tag at lt, skipping quoted attribute values. */
function tagEnd(source: string, lt: number): number {
  let quote: string | null = null
  for (let j = lt + 1; j < source.length; j += 1) {
    const c = source[j]
    if (quote !== null) {
      if (c === quote) quote = null
    } else if (c === '"' || c === "'") quote = c
    else if (c === ">") return j
    else if (c === "<") break
  }
  throw malformed(`a tag at character ${lt} is never closed`)
}

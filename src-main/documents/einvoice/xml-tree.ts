import { XMLParser, XMLValidator } from "fast-xml-parser"
import { EInvoiceParseError } from "./errors"

// The parsed XML as a tree of elements, each with the path that names it in findings. Namespace
// prefixes are dropped when parsing (a document may bind UBL's namespaces to any prefix) and the
// conventional prefixes (cbc:, cac:, ram:) are put back in paths by the readers, which know them.

type RawElement = Record<string, unknown>

export interface XmlElement {
  /** e.g. "cac:InvoiceLine[2]/cac:Item"; "" for the root. */
  readonly path: string
  readonly raw: RawElement
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  // Every value stays text: "19.90" must not become the float 19.9.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  // Only XML's five predefined entities: a DOCTYPE was refused before parsing, so none are declared.
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 128,
})

export interface ParsedDocument {
  /** Local name of the root element, e.g. "Invoice". */
  rootName: string
  root: XmlElement
}

export function parseXml(xml: string): ParsedDocument {
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    const { line, msg } = valid.err
    throw new EInvoiceParseError("NOT_WELL_FORMED", {
      hr: `Datoteka nije ispravan XML (redak ${line}: ${msg}).`,
      en: `The file is not well-formed XML (line ${line}: ${msg}).`,
    })
  }
  const tree: unknown = parser.parse(xml)
  const entries = isRecord(tree) ? Object.entries(tree) : []
  for (const [name, value] of entries) {
    const [first] = occurrences(value)
    if (first !== undefined) return { rootName: name, root: { path: "", raw: first } }
  }
  throw new EInvoiceParseError("NOT_AN_EINVOICE", {
    hr: "Datoteka nema korijenski element; nije eRačun.",
    en: "The file has no root element; it is not an e-invoice.",
  })
}

function isRecord(value: unknown): value is RawElement {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * The elements stored under one name: the parser gives an array only for a repeated element.
 * (Asking it for arrays everywhere through its isArray hook doubled the parsing time.) An element
 * with neither text nor children comes as "", and one with text only as a string.
 */
function occurrences(value: unknown): RawElement[] {
  const list: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return list.map((item) => (isRecord(item) ? item : { "#text": typeof item === "string" ? item : "" }))
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(":")
  return colon < 0 ? qualified : qualified.slice(colon + 1)
}

function join(parent: string, step: string): string {
  return parent === "" ? step : `${parent}/${step}`
}

/** Every child element called `qualified` (matched by local name), paths indexed from 1. */
export function childrenOf(parent: XmlElement, qualified: string): XmlElement[] {
  return occurrences(parent.raw[localName(qualified)]).map((raw, k) => ({
    path: join(parent.path, `${qualified}[${k + 1}]`),
    raw,
  }))
}

/** The first child called `qualified`; its path carries no index (most such elements occur once). */
export function childOf(parent: XmlElement, qualified: string): XmlElement | undefined {
  const [raw] = occurrences(parent.raw[localName(qualified)])
  return raw === undefined ? undefined : { path: join(parent.path, qualified), raw }
}

/** Follows a path of first children ("cac:Price/cbc:PriceAmount"); "." is the element itself. */
export function descend(from: XmlElement, steps: string): XmlElement | undefined {
  if (steps === ".") return from
  let at: XmlElement | undefined = from
  for (const step of steps.split("/")) {
    if (at === undefined) return undefined
    at = childOf(at, step)
  }
  return at
}

export function textOf(element: XmlElement): string {
  const text = element.raw["#text"]
  return typeof text === "string" ? text : ""
}

export function attributeOf(element: XmlElement, name: string): string | undefined {
  const value = element.raw[`@_${name}`]
  return typeof value === "string" ? value : undefined
}

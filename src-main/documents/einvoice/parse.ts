import { readCii } from "./cii-reader"
import { EInvoiceParseError } from "./errors"
import { EInvoice } from "./model"
import { readUbl } from "./ubl-reader"
import {
  checkSize,
  checkStructure,
  DEFAULT_XML_LIMITS,
  refuseDeclarations,
  type XmlLimits,
} from "./xml-safety"
import { parseXml } from "./xml-tree"

// parseEInvoice: bytes or text in, the validated model out, or an EInvoiceParseError saying why
// not. The order matters for safety: size first (before decoding), then declarations and
// structure on the raw text, and only then the XML parser.

/** The root elements of an e-invoice, by local name, with the namespace each must be in. */
const ROOTS: ReadonlyMap<string, string> = new Map([
  ["Invoice", "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"],
  ["CreditNote", "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"],
  ["CrossIndustryInvoice", "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"],
])

/**
 * Reads a UBL 2.1 Invoice or CreditNote, or a UN/CEFACT CrossIndustryInvoice, into the model.
 * Every value carries the path it came from and its EN 16931 business term. Throws
 * EInvoiceParseError (code + hr/en message) for an oversized, hostile, malformed or foreign file.
 */
export function parseEInvoice(xml: string | Buffer, limits: XmlLimits = DEFAULT_XML_LIMITS): EInvoice {
  const text = decode(xml, limits)
  refuseDeclarations(text)
  checkStructure(text, limits)
  const { rootName, root } = parseXml(text)
  const namespace = ROOTS.get(rootName)
  if (namespace === undefined || !declaresNamespace(text, namespace)) throw notAnInvoice(rootName)
  const model = rootName === "CrossIndustryInvoice" ? readCii(root) : readUbl(root, rootName === "CreditNote")
  const checked = EInvoice.safeParse(model)
  if (!checked.success) {
    const where = checked.error.issues[0]?.path.join(".") ?? "?"
    throw new EInvoiceParseError("UNREADABLE_MODEL", {
      hr: `eRačun je pročitan, ali polje ${where} nema očekivani oblik.`,
      en: `The e-invoice was read, but field ${where} does not have the expected form.`,
    })
  }
  return checked.data
}

function decode(xml: string | Buffer, limits: XmlLimits): string {
  if (typeof xml === "string") {
    checkSize(Buffer.byteLength(xml, "utf8"), limits)
    return stripBom(xml)
  }
  checkSize(xml.length, limits)
  try {
    return stripBom(new TextDecoder("utf-8", { fatal: true }).decode(xml))
  } catch {
    throw new EInvoiceParseError("NOT_TEXT", {
      hr: "Datoteka nije tekst u kodnoj stranici UTF-8, pa nije eRačun.",
      en: "The file is not UTF-8 text, so it is not an e-invoice.",
    })
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** The root's namespace must be declared: an element merely called "Invoice" is not a UBL invoice. */
function declaresNamespace(text: string, namespace: string): boolean {
  return text.includes(`"${namespace}"`) || text.includes(`'${namespace}'`)
}

function notAnInvoice(rootName: string): EInvoiceParseError {
  return new EInvoiceParseError("NOT_AN_EINVOICE", {
    hr: `Korijenski element je <${rootName}>; eRačun je UBL Invoice ili CreditNote, ili CII CrossIndustryInvoice.`,
    en: `The root element is <${rootName}>; an e-invoice is a UBL Invoice or CreditNote, or a CII CrossIndustryInvoice.`,
  })
}

import { cents, exact, formatCents, isZero, sameNumber } from "./decimal"
import type { AllowanceCharge, EInvoice, InvoiceLine, VatBreakdown } from "../../../src-shared/einvoice"
import { en16931, finding, type Finding } from "./finding"

// VAT category codes (UNCL5305 as EN 16931 restricts it) and what each demands of the rate, the
// breakdown and the parties' VAT identifiers. Croatia's reduced rates (13 %, 5 %) are "S" with
// that rate: EN 16931 has no separate reduced-rate code, and AA/AB are refused by BR-CL-18.

/** The codes BR-CL-17/18 allow. */
const EN16931_CATEGORIES = new Set(["AE", "L", "M", "E", "S", "Z", "G", "O", "K", "B"])

/** The letters of each category in the ids of its rules: K's rules are BR-IC-*. */
const RULE_PREFIX: Record<string, string> = { S: "S", Z: "Z", E: "E", AE: "AE", K: "IC", G: "G", O: "O" }

const NAMES: Record<string, { hr: string; en: string }> = {
  S: { hr: "oporezivo (S)", en: "standard rated (S)" },
  Z: { hr: "nulta stopa (Z)", en: "zero rated (Z)" },
  E: { hr: "oslobođeno PDV-a (E)", en: "exempt from VAT (E)" },
  AE: { hr: "prijenos porezne obveze (AE)", en: "reverse charge (AE)" },
  K: { hr: "isporuka unutar EU (K)", en: "intra-community supply (K)" },
  G: { hr: "izvoz izvan EU (G)", en: "export outside the EU (G)" },
  O: { hr: "izvan sustava PDV-a (O)", en: "not subject to VAT (O)" },
}

const nameOf = (code: string) => NAMES[code] ?? { hr: code, en: code }

export function checkVatCategories(invoice: EInvoice): Finding[] {
  return [
    ...invoice.lines.flatMap(checkLineCategory),
    ...invoice.vatBreakdown.flatMap(checkBreakdownCategory),
    ...checkGroups(invoice),
    ...checkVatIdentifiers(invoice),
  ]
}

function checkLineCategory(line: InvoiceLine): Finding[] {
  const category = line.vatCategory
  if (category === undefined) return []
  const n = line.id?.value ?? line.path
  if (!EN16931_CATEGORIES.has(category.value))
    return [
      finding(
        "error",
        "VAT_CATEGORY_UNKNOWN",
        category,
        {
          hr: `Kategorija PDV-a „${category.value}” u stavci ${n} nije u popisu EN 16931 (UNCL5305: S, Z, E, AE, K, G, O, L, M, B); snižene stope u Hrvatskoj pišu se kao S sa stopom 13 ili 5.`,
          en: `VAT category "${category.value}" of line ${n} is not in the EN 16931 list (UNCL5305: S, Z, E, AE, K, G, O, L, M, B); Croatian reduced rates are written as S with rate 13 or 5.`,
        },
        en16931("BR-CL-18"),
      ),
    ]
  const prefix = RULE_PREFIX[category.value]
  const rate = line.vatRate
  const problem = rate === undefined ? undefined : rateProblem(category.value, rate.value)
  if (prefix === undefined || rate === undefined || problem === undefined) return []
  const name = nameOf(category.value)
  return [
    finding(
      "error",
      problem.code,
      rate,
      {
        hr: `Stavka ${n} je ${name.hr}, ${problem.hr} (ima ${rate.value} %).`,
        en: `Line ${n} is ${name.en}, ${problem.en} (it has ${rate.value}%).`,
      },
      en16931(`BR-${prefix}-05`),
    ),
  ]
}

/** What BR-x-05 says is wrong with a line's rate under its category, or undefined when it fits. */
function rateProblem(category: string, rate: string): { code: string; hr: string; en: string } | undefined {
  if (category === "O")
    return {
      code: "VAT_RATE_NOT_ALLOWED",
      hr: "pa ne smije imati stopu PDV-a",
      en: "so it must not carry a VAT rate",
    }
  if (category === "S")
    return (exact(rate)?.units ?? BigInt(0)) > BigInt(0)
      ? undefined
      : {
          code: "VAT_RATE_FITS_NOT_CATEGORY",
          hr: "pa stopa mora biti veća od nule",
          en: "so its rate must be above zero",
        }
  return isZero(rate)
    ? undefined
    : { code: "VAT_RATE_FITS_NOT_CATEGORY", hr: "pa stopa mora biti 0", en: "so its rate must be 0" }
}

function checkBreakdownCategory(b: VatBreakdown): Finding[] {
  const code = b.category?.value
  if (code === undefined) return []
  if (!EN16931_CATEGORIES.has(code))
    return [
      finding(
        "error",
        "VAT_CATEGORY_UNKNOWN",
        b.category ?? b,
        {
          hr: `Kategorija PDV-a „${code}” u rekapitulaciji nije u popisu EN 16931 (UNCL5305).`,
          en: `VAT category "${code}" of the VAT breakdown is not in the EN 16931 list (UNCL5305).`,
        },
        en16931("BR-CL-17"),
      ),
    ]
  const prefix = RULE_PREFIX[code]
  if (prefix === undefined || code === "S" || b.taxAmount === undefined || isZero(b.taxAmount.value))
    return []
  const name = nameOf(code)
  return [
    finding(
      "error",
      "VAT_TAX_NOT_ZERO",
      b.taxAmount,
      {
        hr: `U rekapitulaciji za ${name.hr} iznos PDV-a mora biti 0 (iznosi ${b.taxAmount.value}).`,
        en: `In the breakdown for ${name.en} the tax amount must be 0 (it is ${b.taxAmount.value}).`,
      },
      en16931(`BR-${prefix}-09`),
    ),
  ]
}

interface Group {
  category: string
  rate: string | undefined
  netCents: bigint
}

function groupKey(category: string, rate: string | undefined): string {
  return `${category}|${rate === undefined ? "" : (cents(rate) ?? rate).toString()}`
}

/** Lines and document allowances/charges by category and rate, with their net amount. */
function groups(invoice: EInvoice): Map<string, Group> {
  const out = new Map<string, Group>()
  const add = (category: string | undefined, rate: string | undefined, net: bigint) => {
    if (category === undefined) return
    const key = groupKey(category, rate)
    const group = out.get(key) ?? { category, rate, netCents: BigInt(0) }
    group.netCents += net
    out.set(key, group)
  }
  for (const line of invoice.lines)
    add(line.vatCategory?.value, line.vatRate?.value, cents(line.netAmount?.value ?? "0") ?? BigInt(0))
  for (const ac of invoice.allowanceCharges) add(ac.vatCategory?.value, ac.vatRate?.value, signed(ac))
  return out
}

function signed(ac: AllowanceCharge): bigint {
  const value = cents(ac.amount?.value ?? "0") ?? BigInt(0)
  return ac.charge ? value : -value
}

/** BR-x-01: each category used has a breakdown; BR-x-08: its taxable amount is the group's net. */
function checkGroups(invoice: EInvoice): Finding[] {
  return [...groups(invoice).values()].flatMap((group) => checkGroup(invoice, group))
}

function checkGroup(invoice: EInvoice, group: Group): Finding[] {
  const prefix = RULE_PREFIX[group.category]
  if (prefix === undefined) return []
  const label = `${group.category}${group.rate === undefined ? "" : ` ${group.rate} %`}`
  const breakdown = invoice.vatBreakdown.find(
    (b) =>
      b.category?.value === group.category &&
      (group.category === "O" ||
        (b.rate !== undefined && group.rate !== undefined && sameNumber(b.rate.value, group.rate))),
  )
  if (breakdown === undefined)
    return [
      finding(
        "error",
        "VAT_BREAKDOWN_MISSING",
        { path: invoice.vatBreakdown[0]?.path ?? invoice.totals.path, bt: "BG-23" },
        {
          hr: `Stavke s PDV-om ${label} nemaju svoju rekapitulaciju PDV-a.`,
          en: `Lines with VAT ${label} have no VAT breakdown of their own.`,
        },
        en16931(`BR-${prefix}-01`),
      ),
    ]
  const taxable = breakdown.taxableAmount
  const stated = taxable === undefined ? undefined : cents(taxable.value)
  if (taxable === undefined || stated === undefined || stated === group.netCents) return []
  return [
    finding(
      "error",
      "VAT_TAXABLE_MISMATCH",
      taxable,
      {
        hr: `Osnovica za PDV ${label} iznosi ${formatCents(stated)}, a zbroj stavki te kategorije (uz popuste i troškove) je ${formatCents(group.netCents)}.`,
        en: `The taxable amount for VAT ${label} is ${formatCents(stated)}, but the lines of that category (with allowances and charges) add up to ${formatCents(group.netCents)}.`,
      },
      en16931(`BR-${prefix}-08`),
    ),
  ]
}

/** Reverse charge and intra-EU supplies need both parties' VAT ids; supplies outside VAT carry none. */
function checkVatIdentifiers(invoice: EInvoice): Finding[] {
  const used = new Set(invoice.lines.map((l) => l.vatCategory?.value))
  const out: Finding[] = []
  for (const [code, rule] of [
    ["AE", "BR-AE-02"],
    ["K", "BR-IC-02"],
  ] as const) {
    if (!used.has(code)) continue
    if (invoice.seller.vatId === undefined || invoice.buyer.vatId === undefined)
      out.push(
        finding(
          "error",
          "VAT_ID_REQUIRED",
          { path: invoice.buyer.path, bt: "BT-48" },
          {
            hr: `Račun sa stavkama ${nameOf(code).hr} mora imati PDV identifikatore prodavatelja i kupca.`,
            en: `An invoice with ${nameOf(code).en} lines must carry the seller's and the buyer's VAT identifiers.`,
          },
          en16931(rule),
        ),
      )
  }
  if (used.has("O") && (invoice.seller.vatId !== undefined || invoice.buyer.vatId !== undefined))
    out.push(
      finding(
        "error",
        "VAT_ID_NOT_ALLOWED",
        invoice.seller.vatId ?? invoice.buyer.vatId ?? { path: invoice.seller.path },
        {
          hr: "Račun sa stavkama izvan sustava PDV-a (O) ne smije imati PDV identifikatore stranaka.",
          en: "An invoice with lines not subject to VAT (O) must not carry the parties' VAT identifiers.",
        },
        en16931("BR-O-02"),
      ),
    )
  return out
}

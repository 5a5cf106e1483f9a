import { oibProblem } from "../../../src-shared/oib"
import { oibFromVatId } from "../../../src-shared/einvoice"
import type { EInvoice, Party, SourcedText } from "../../../src-shared/einvoice"
import { en16931, finding, type Citation, type Finding } from "./finding"

// The parties' identifiers: a Croatian party's OIB must be eleven digits with a valid ISO 7064
// MOD 11,10 check digit (src-shared/oib.ts), and a VAT identifier must start with the country
// code of the state that issued it (BR-CO-09).

const OIB_LAW: Citation = {
  source: "LAW",
  ruleId: "OIB",
  legalBasis: "Zakon o osobnom identifikacijskom broju, NN 60/08 (kontrolna znamenka ISO 7064, MOD 11,10)",
  evidence: [],
}

export function checkParties(invoice: EInvoice): Finding[] {
  return [...checkParty(invoice.seller, "seller"), ...checkParty(invoice.buyer, "buyer")]
}

function checkParty(party: Party, role: "seller" | "buyer"): Finding[] {
  const who = role === "seller" ? { hr: "prodavatelja", en: "seller" } : { hr: "kupca", en: "buyer" }
  const out: Finding[] = []
  if (party.oib) out.push(...checkOib(party.oib, who))
  const inVatId = oibFromVatId(party.vatId)
  // The OIB inside "HR…" is checked too, unless it is the very value checked above.
  if (inVatId && inVatId.path !== party.oib?.path) out.push(...checkOib(inVatId, who))
  if (party.oib && inVatId && oibProblem(party.oib.value) === null && party.oib.value !== inVatId.value)
    out.push(
      finding("warning", "OIB_DIFFERS_FROM_VAT_ID", inVatId, {
        hr: `OIB ${who.hr} (${party.oib.value}) razlikuje se od OIB-a u PDV identifikatoru (${inVatId.value}).`,
        en: `The ${who.en}'s OIB (${party.oib.value}) differs from the OIB in its VAT identifier (${inVatId.value}).`,
      }),
    )
  if (party.vatId && !/^[A-Z]{2}/.test(party.vatId.value))
    out.push(
      finding(
        "error",
        "VAT_ID_WITHOUT_COUNTRY_PREFIX",
        party.vatId,
        {
          hr: `PDV identifikator ${who.hr} „${party.vatId.value}” ne počinje oznakom države (npr. HR).`,
          en: `The ${who.en}'s VAT identifier "${party.vatId.value}" does not start with a country code (such as HR).`,
        },
        en16931("BR-CO-09"),
      ),
    )
  if (!party.oib && isCroatian(party))
    out.push(
      finding(
        "info",
        "OIB_NOT_FOUND",
        { path: party.path, bt: role === "seller" ? "BT-30" : "BT-47" },
        {
          hr: `OIB ${who.hr} nije pronađen u računu, pa nije provjeren.`,
          en: `The ${who.en}'s OIB was not found in the invoice, so it was not checked.`,
        },
      ),
    )
  return out
}

function isCroatian(party: Party): boolean {
  return party.country?.value === "HR" || /^HR/i.test(party.vatId?.value ?? "")
}

function checkOib(oib: SourcedText, who: { hr: string; en: string }): Finding[] {
  const problem = oibProblem(oib.value)
  if (problem === null) return []
  const message =
    problem === "format"
      ? {
          hr: `OIB ${who.hr} „${oib.value}” nema 11 znamenki.`,
          en: `The ${who.en}'s OIB "${oib.value}" is not eleven digits.`,
        }
      : {
          hr: `OIB ${who.hr} ${oib.value} ima pogrešnu kontrolnu znamenku.`,
          en: `The ${who.en}'s OIB ${oib.value} has a wrong check digit.`,
        }
  return [finding("error", problem === "format" ? "OIB_FORMAT" : "OIB_CHECK_DIGIT", oib, message, OIB_LAW)]
}

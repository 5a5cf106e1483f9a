import { formatDate } from "../../../src-shared/format/dates"
import { IsoDate } from "../../../src-shared/context"
import type { LoadedPack } from "../../knowledge/loader"
import type { Rule } from "../../knowledge/pack-schema"
import { exact, toScale } from "./decimal"
import type { EInvoice, FieldRef, InvoiceLine, SourcedDecimal } from "../../../src-shared/einvoice"
import { finding, type Citation, type Finding } from "./finding"
import {
  generalRateConcepts,
  matchItem,
  percentOf,
  ratesInForce,
  ruleCitation,
  type ItemMatch,
  type RatesInForce,
} from "./pack-rates"

// Each line's VAT rate against the pack, on the invoice's issue date: it must be a Croatian rate
// in force then (the general, reduced and zero rates of the pack), and when the item is one the
// pack has a rate rule for, it must be that rule's rate. Only lines taxed at a rate (S, Z) are
// checked: exempt, reverse-charge, intra-EU and export lines carry 0 by their category.

const RATED = new Set(["S", "Z"])

/** Rates are compared in hundredths of a percent: "13", "13.0" and "13.00" are the same rate. */
function hundredths(value: string | number): bigint | undefined {
  const parsed = exact(String(value))
  return parsed === undefined ? undefined : toScale(parsed, 2)
}

function sameRate(rule: Rule, rate: SourcedDecimal): boolean {
  const percent = percentOf(rule)
  return percent !== undefined && hundredths(percent) === hundredths(rate.value)
}

/** "25 %, 13 %" in Croatian, "25%, 13%" in English. */
const percentList = (rules: readonly Rule[], locale: "hr" | "en") =>
  [...new Set(rules.map((r) => `${percentOf(r) ?? "?"}${locale === "hr" ? " %" : "%"}`))].join(", ")

export function checkVatRates(invoice: EInvoice, pack: LoadedPack, asOf?: string): Finding[] {
  const date = asOf ?? invoice.issueDate?.value
  const rated = invoice.lines.filter((l) => l.vatRate !== undefined && RATED.has(l.vatCategory?.value ?? "S"))
  if (rated.length === 0) return []
  if (date === undefined || !IsoDate.safeParse(date).success)
    return [
      finding(
        "info",
        "VAT_RATES_NOT_CHECKED",
        invoice.issueDate ?? {
          path: invoice.syntax === "CII" ? "rsm:ExchangedDocument/ram:IssueDateTime" : "cbc:IssueDate",
          bt: "BT-2",
        },
        {
          hr: "Stope PDV-a nisu provjerene jer račun nema ispravan datum izdavanja.",
          en: "The VAT rates were not checked because the invoice has no valid issue date.",
        },
      ),
    ]
  const schedule = ratesInForce(pack, generalRateConcepts(pack), date).enacted
  // An invoice repeats its items: each distinct name is matched against the pack once.
  const matches = new Map<string, ItemMatch>()
  const matchOf = (item: string) => {
    const known = matches.get(item)
    if (known !== undefined) return known
    const match = matchItem(pack, item)
    matches.set(item, match)
    return match
  }
  return rated.flatMap((line) => [
    ...checkSchedule(line, schedule, pack, date),
    ...checkItem(line, pack, date, matchOf),
  ])
}

function checkSchedule(line: InvoiceLine, schedule: Rule[], pack: LoadedPack, date: string): Finding[] {
  const rate = line.vatRate
  if (rate === undefined || schedule.length === 0 || schedule.some((r) => sameRate(r, rate))) return []
  const n = line.id?.value ?? line.path
  return [
    finding(
      "error",
      "VAT_RATE_NOT_IN_FORCE",
      rate,
      {
        hr: `Stopa ${rate.value} % u stavci ${n} nije stopa PDV-a u Hrvatskoj na dan ${formatDate(date, "hr")} (na snazi: ${percentList(schedule, "hr")}).`,
        en: `Rate ${rate.value}% of line ${n} is not a Croatian VAT rate on ${formatDate(date, "en")} (in force: ${percentList(schedule, "en")}).`,
      },
      ruleCitation(pack, schedule),
    ),
  ]
}

interface ItemRule {
  item: string
  /** The matched concepts' names, for the message. */
  names: { hr: string; en: string }
  rates: RatesInForce
}

function notChecked(at: FieldRef, hr: string, en: string, citation?: Citation): Finding {
  return finding(
    "info",
    "VAT_RATE_ITEM_NOT_CHECKED",
    at,
    { hr: `Nije provjereno: ${hr}`, en: `Not checked: ${en}` },
    citation,
  )
}

/** The line's item against the pack's rate rule for it: a verdict only when the pack has exactly one rate. */
function checkItem(
  line: InvoiceLine,
  pack: LoadedPack,
  date: string,
  matchOf: (item: string) => ItemMatch,
): Finding[] {
  const rate = line.vatRate
  const item = line.itemName?.value
  if (rate === undefined || item === undefined) return []
  const match = matchOf(item)
  if (match.kind === "none")
    return [
      notChecked(rate, `paket pravila nema pravila za „${item}”.`, `the pack has no rule for "${item}".`),
    ]
  if (match.kind === "gap") {
    const why = match.subject.gap ?? { hr: match.subject.nameHr, en: match.subject.nameEn }
    return [
      notChecked(
        rate,
        `paket pravila nema pravila za „${item}” (${why.hr}).`,
        `the pack has no rule for "${item}" (${why.en}).`,
      ),
    ]
  }
  if (match.kind === "narrower") {
    const names = {
      hr: match.concepts.map((c) => c.nameHr).join(", "),
      en: match.concepts.map((c) => c.nameEn).join(", "),
    }
    return [
      notChecked(
        rate,
        `pravila paketa odnose se samo na uže stavke od „${item}” (${names.hr}).`,
        `the pack's rules cover only narrower items than "${item}" (${names.en}).`,
      ),
    ]
  }
  const rates = ratesInForce(pack, match.concepts, date)
  const names = {
    hr: match.concepts.map((c) => c.nameHr).join(", "),
    en: match.concepts.map((c) => c.nameEn).join(", "),
  }
  if (rates.enacted.length === 0)
    return [
      notChecked(
        rate,
        `paket pravila nema pravila o stopi za „${item}” (${names.hr}) na snazi na dan ${formatDate(date, "hr")}.`,
        `the pack has no rate rule for "${item}" (${names.en}) in force on ${formatDate(date, "en")}.`,
      ),
    ]
  if (new Set(rates.enacted.map((r) => hundredths(percentOf(r) ?? -1))).size > 1)
    return [
      notChecked(
        rate,
        `za „${item}” paket ima više stopa (${percentList(rates.enacted, "hr")}); koja vrijedi ovisi o tome što je isporučeno.`,
        `the pack has several rates for "${item}" (${percentList(rates.enacted, "en")}); which applies depends on what was supplied.`,
        ruleCitation(pack, rates.enacted),
      ),
    ]
  return [judgeRate(line, rate, { item, names, rates }, pack, date)]
}

/** The line's rate against the one enacted rate: confirmed, only a proposal's, or wrong. */
function judgeRate(
  line: InvoiceLine,
  rate: SourcedDecimal,
  rule: ItemRule,
  pack: LoadedPack,
  date: string,
): Finding {
  const { enacted, proposed } = rule.rates
  const n = line.id?.value ?? line.path
  const expected = { hr: percentList(enacted, "hr"), en: percentList(enacted, "en") }
  if (enacted.some((r) => sameRate(r, rate)))
    return finding(
      "info",
      "VAT_RATE_MATCHES_PACK",
      rate,
      {
        hr: `Stopa ${rate.value} % u stavci ${n} odgovara pravilu paketa „${rule.names.hr}”.`,
        en: `Rate ${rate.value}% of line ${n} matches the pack's rule "${rule.names.en}".`,
      },
      ruleCitation(pack, enacted),
    )
  const proposal = proposed.filter((r) => sameRate(r, rate))
  if (proposal.length > 0)
    return finding(
      "warning",
      "VAT_RATE_ONLY_PROPOSED",
      rate,
      {
        hr: `Stopa ${rate.value} % u stavci ${n} odgovara samo predloženoj izmjeni; prema donesenom pravilu „${rule.names.hr}” stopa je ${expected.hr}. Provjerite je li izmjena donesena.`,
        en: `Rate ${rate.value}% of line ${n} matches only a proposed change; under the enacted rule "${rule.names.en}" the rate is ${expected.en}. Check whether the change was enacted.`,
      },
      ruleCitation(pack, [...enacted, ...proposal]),
    )
  return finding(
    "error",
    "VAT_RATE_WRONG_FOR_ITEM",
    rate,
    {
      hr: `Stavka ${n} („${rule.item}”) ima stopu ${rate.value} %, a prema pravilu paketa „${rule.names.hr}” na dan ${formatDate(date, "hr")} stopa je ${expected.hr}.`,
      en: `Line ${n} ("${rule.item}") has rate ${rate.value}%, but on ${formatDate(date, "en")} the pack's rule "${rule.names.en}" gives ${expected.en}.`,
    },
    ruleCitation(pack, enacted),
  )
}

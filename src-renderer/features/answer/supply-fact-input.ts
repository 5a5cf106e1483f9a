import type { Locale } from "../../../src-shared/events/stages"
import type { MessageKey } from "../../i18n/catalog"
import { parseAmountInput } from "../../format/money"
import { SuppliedFact, type FactControl } from "./missing-facts"

// What the user typed into a refusal's fact control, read into a checked fact, or the reason it
// cannot be (a message key of the UI language). The typed text is never cleared on an error.

export type ReadFact = { ok: true; fact: SuppliedFact } | { ok: false; error: MessageKey }

const ERROR_OF: Record<FactControl["kind"], MessageKey> = {
  date: "supply.error.date",
  money: "supply.error.amount",
  count: "supply.error.count",
  yesno: "supply.error.choice",
  choice: "supply.error.choice",
  text: "supply.error.text",
}

function rawValue(control: FactControl, raw: string, uiLocale: Locale): unknown {
  switch (control.kind) {
    case "date":
    case "text":
      return raw
    case "money":
    case "count":
      return parseAmountInput(raw, uiLocale)
    case "yesno":
      return raw === "yes" ? true : raw === "no" ? false : null
    case "choice":
      return control.options.includes(raw) ? raw : null
  }
}

export function readFact(path: string, control: FactControl, raw: string, uiLocale: Locale): ReadFact {
  const parsed = SuppliedFact.safeParse({ kind: control.kind, path, value: rawValue(control, raw.trim(), uiLocale) })
  return parsed.success ? { ok: true, fact: parsed.data } : { ok: false, error: ERROR_OF[control.kind] }
}

import type { z } from "zod"
import type { EntityType, ObrtSubtype, ProfileContext, VatStatus } from "../../../src-shared/context"
import type { Locale } from "../../../src-shared/events/stages"
import { oibProblem } from "../../../src-shared/oib"
import { ClientInput, type Client } from "../../../src-shared/traces"
import type { MessageKey } from "../../i18n/catalog"
import { formatAmount, parseAmountInput } from "../../format/money"

// The client form as strings, to and from the contract's ClientInput. Validation is the contract's
// own schema; its issues are mapped back to the form field they belong to, in the UI language. An
// OIB is checked by the one shared rule (src-shared/oib.ts), which also says which problem it has.

export interface ClientFormValues {
  name: string
  oib: string
  entityType: EntityType | ""
  obrtSubtype: ObrtSubtype | ""
  vatStatus: VatStatus
  activityNkd: string
  county: string
  revenueYtd: string
  revenuePriorYear: string
}

export type FieldName = keyof ClientFormValues
export type FieldError = { key: MessageKey } | { text: string }
export type FieldErrors = Partial<Record<FieldName, FieldError>>

export const EMPTY_FORM: ClientFormValues = {
  name: "",
  oib: "",
  entityType: "",
  obrtSubtype: "",
  vatStatus: "UNKNOWN",
  activityNkd: "",
  county: "",
  revenueYtd: "",
  revenuePriorYear: "",
}

export function valuesFromClient(client: Client, locale: Locale): ClientFormValues {
  const entity = client.context.entity
  const counters = client.context.counters
  return {
    name: client.name,
    oib: client.oib ?? "",
    entityType: entity?.type ?? "",
    obrtSubtype: entity?.obrtSubtype ?? "",
    vatStatus: entity?.vat.status ?? "UNKNOWN",
    activityNkd: entity?.activityNkd ?? "",
    county: entity?.location.county ?? "",
    revenueYtd: counters?.revenueYtd === undefined ? "" : formatAmount(counters.revenueYtd, locale),
    revenuePriorYear:
      counters?.revenuePriorYear === undefined ? "" : formatAmount(counters.revenuePriorYear, locale),
  }
}

const FIELD_BY_PATH: Record<string, FieldName> = {
  name: "name",
  oib: "oib",
  "context.entity.type": "entityType",
  "context.entity.obrtSubtype": "obrtSubtype",
  "context.entity.vat.status": "vatStatus",
  "context.entity.activityNkd": "activityNkd",
  "context.entity.location.county": "county",
  "context.counters.revenueYtd": "revenueYtd",
  "context.counters.revenuePriorYear": "revenuePriorYear",
}

/** The form field an issue path ("context.counters.revenueYtd") belongs to. */
export function fieldForPath(path: string): FieldName | null {
  return FIELD_BY_PATH[path] ?? null
}

/** Which of the OIB's two problems the user has, in catalog terms (null when the OIB is valid). */
export function oibError(oib: string): FieldError | null {
  const problem = oibProblem(oib)
  if (problem === null) return null
  return { key: problem === "format" ? "validation.oib" : "validation.oibCheckDigit" }
}

function errorFor(field: FieldName, issue: z.core.$ZodIssue, values: ClientFormValues): FieldError {
  if (issue.code === "too_small" && field === "name") return { key: "validation.required" }
  if (field === "oib") return oibError(values.oib.trim()) ?? { text: issue.message }
  if (issue.code === "too_big") {
    return {
      key:
        field === "revenueYtd" || field === "revenuePriorYear"
          ? "validation.amountTooLarge"
          : "validation.tooLong",
    }
  }
  return { text: issue.message }
}

export type BuildResult = { ok: true; input: ClientInput } | { ok: false; errors: FieldErrors }

/** Form values -> ClientInput, keeping context facts the form does not edit (e.g. txn). */
export function buildClientInput(
  values: ClientFormValues,
  locale: Locale,
  existing?: { id: string; context: ProfileContext },
): BuildResult {
  const errors: FieldErrors = {}
  const amount = (field: "revenueYtd" | "revenuePriorYear"): number | undefined => {
    if (values[field].trim() === "") return undefined
    const parsed = parseAmountInput(values[field], locale)
    if (parsed === null) errors[field] = { key: "validation.amount" }
    return parsed ?? undefined
  }
  const revenueYtd = amount("revenueYtd")
  const revenuePriorYear = amount("revenuePriorYear")

  const context: ProfileContext = { ...(existing?.context ?? {}) }
  delete context.entity
  delete context.counters
  if (values.entityType) {
    context.entity = {
      type: values.entityType,
      ...(values.entityType === "OBRT" && values.obrtSubtype ? { obrtSubtype: values.obrtSubtype } : {}),
      vat: { status: values.vatStatus },
      ...(values.activityNkd.trim() ? { activityNkd: values.activityNkd.trim() } : {}),
      location: { country: "HR", ...(values.county.trim() ? { county: values.county.trim() } : {}) },
    }
  }
  if (revenueYtd !== undefined || revenuePriorYear !== undefined) {
    context.counters = {
      ...(revenueYtd !== undefined ? { revenueYtd } : {}),
      ...(revenuePriorYear !== undefined ? { revenuePriorYear } : {}),
    }
  }
  const candidate = {
    ...(existing ? { id: existing.id } : {}),
    name: values.name,
    ...(values.oib.trim() ? { oib: values.oib.trim() } : {}),
    context,
  }
  const parsed = ClientInput.safeParse(candidate)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldForPath(issue.path.join("."))
      if (field && !errors[field]) errors[field] = errorFor(field, issue, values)
    }
    if (Object.keys(errors).length === 0) errors.name = { text: parsed.error.issues[0]?.message ?? "invalid" }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors }
  return { ok: true, input: parsed.data }
}

import { z } from "zod"

// The evaluation context of seed 003: the facts a rule's `appliesWhen` predicate reads.
// A client profile file is this context without `asOf` (the engine supplies the date).

export const EntityType = z.enum(["DOO", "JDOO", "OBRT", "UDRUGA", "OTHER"])
export const ObrtSubtype = z.enum(["PAUSALNI", "DOHODAS", "DOBITAS"])
export const VatStatus = z.enum(["IN_VAT", "OUTSIDE_VAT", "UNKNOWN"])

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date as YYYY-MM-DD")
/** A calendar date that really exists: 2025-02-30 is refused (Date.parse would roll it into March). */
export const IsoDate = isoDate.refine(isRealDate, "not a real date")

function isRealDate(text: string): boolean {
  const [year, month, day] = text.split("-").map(Number)
  if (year === undefined || month === undefined || day === undefined) return false
  const date = new Date(0)
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month - 1, day)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export const EntityProfile = z.strictObject({
  type: EntityType,
  obrtSubtype: ObrtSubtype.optional(),
  vat: z.strictObject({ status: VatStatus }),
  activityNkd: z.string().max(16).optional(),
  location: z.strictObject({ country: z.literal("HR"), county: z.string().max(80).optional() }),
})

const money = z.number().finite().nonnegative().max(1e13, "amount is implausibly large")

export const Counters = z.strictObject({
  revenueYtd: money.optional(),
  revenuePriorYear: money.optional(),
})

export const Transaction = z.strictObject({
  kind: z.enum(["GOODS", "SERVICES"]).optional(),
  paymentMethod: z.enum(["CASH", "CARD", "TRANSFER", "OTHER"]).optional(),
  amount: money.optional(),
  b2b: z.boolean().optional(),
  crossBorderEu: z.boolean().optional(),
})

/** A client profile as stored and as given to the CLI's `--profile FILE`. */
export const ProfileContext = z.strictObject({
  entity: EntityProfile.optional(),
  counters: Counters.optional(),
  txn: Transaction.optional(),
})

/**
 * A one-sided bound the question states instead of an exact measure ("više od 12 sati": `gt 12`).
 * A condition on the measure is decided by it only when every value the bound allows decides it
 * the same way (knowledge/fact-bounds.ts); an exact measure, when also known, wins.
 */
export const FactBound = z.strictObject({
  operator: z.enum(["gt", "gte", "lt", "lte"]),
  value: z.number().finite().nonnegative(),
})

/** Facts taken from the question itself (amounts, years, items), kept apart from the profile. */
export const QueryFacts = z.strictObject({
  amount: money.optional(),
  year: z.number().int().min(1990).max(2100).optional(),
  item: z.string().max(80).optional(),
  entityType: EntityType.optional(),
  obrtSubtype: ObrtSubtype.optional(),
  vatStatus: VatStatus.optional(),
  /** How long the trip the question is about lasted, in hours (per-diem rules depend on it). */
  tripHours: z.number().finite().nonnegative().max(24 * 366, "a trip of more than a year is not a trip").optional(),
  /** A bound on the trip's duration when the question states no exact one ("dulje od 12 sati"). */
  tripHoursBound: FactBound.optional(),
  /** The employee's years of service, a whole number (jubilee-award caps depend on it). */
  serviceYears: z.number().int().min(1).max(70, "no one has worked for more than 70 years").optional(),
})

/** The full context a run evaluates against; frozen at the start of the run. */
export const EvaluationContext = z.strictObject({
  asOf: IsoDate,
  // Partial: a question can state the VAT status ("nisam u sustavu PDV-a") without the legal form.
  entity: EntityProfile.partial().optional(),
  counters: Counters.optional(),
  txn: Transaction.optional(),
  query: QueryFacts.optional(),
})

/** Where a fact came from: the seed's exclusion `source` values. */
export const FactSource = z.enum(["user_profile", "query", "assumed_default"])

export type EntityType = z.infer<typeof EntityType>
export type ObrtSubtype = z.infer<typeof ObrtSubtype>
export type VatStatus = z.infer<typeof VatStatus>
export type ProfileContext = z.infer<typeof ProfileContext>
export type QueryFacts = z.infer<typeof QueryFacts>
export type FactBound = z.infer<typeof FactBound>
export type EvaluationContext = z.infer<typeof EvaluationContext>
export type FactSource = z.infer<typeof FactSource>

function unwrapOptional(schema: z.ZodType): z.ZodType {
  let node = schema
  while (node instanceof z.ZodOptional || node instanceof z.ZodNullable) node = node.unwrap() as z.ZodType
  return node
}

/**
 * Is `path` a fact of the evaluation context ("counters.revenueYtd", "entity.vat.status",
 * "asOf")? Read from the schema itself, own keys only: "counters.__proto__.x" is not one, so a
 * what-if can never write outside the profile's shape (issue 20, item 3).
 */
export function isContextFactPath(path: string): boolean {
  let node: z.ZodType = EvaluationContext
  for (const segment of path.split(".")) {
    node = unwrapOptional(node)
    if (!(node instanceof z.ZodObject)) return false
    const shape = node.shape as Record<string, z.ZodType>
    if (!Object.hasOwn(shape, segment)) return false
    const next = shape[segment]
    if (next === undefined) return false
    node = next
  }
  return !(unwrapOptional(node) instanceof z.ZodObject)
}

import { z } from "zod"
import { EntityType, IsoDate, ObrtSubtype, VatStatus } from "../../src-shared/context"
import { FocusAttribute } from "../../src-shared/events/payloads"
import { Authority } from "../../src-shared/events/stages"

// The rule pack: concepts -> rules -> evidence (seed 003, regulatory truth layer).
// Validated at load; everything the engine reads from a pack has passed this schema.

const Localized = z.strictObject({ hr: z.string().min(1), en: z.string().min(1) })

/** A fact path into the evaluation context, e.g. "counters.revenueYtd" or "entity.vat.status". */
export const FactPath = z.string().regex(/^(asOf|[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+)$/, "not a fact path")

const Scalar = z.union([z.string(), z.number(), z.boolean()])

/** The appliesWhen DSL. Comparisons read one fact and compare it with a literal. */
export type Predicate =
  | { and: Predicate[] }
  | { or: Predicate[] }
  | { not: Predicate }
  | { eq: [string, string | number | boolean] }
  | { neq: [string, string | number | boolean] }
  | { lt: [string, number | string] }
  | { lte: [string, number | string] }
  | { gt: [string, number | string] }
  | { gte: [string, number | string] }
  | { in: [string, Array<string | number>] }
  | { exists: string }

export const Predicate: z.ZodType<Predicate> = z.lazy(() =>
  z.union([
    z.strictObject({ and: z.array(Predicate).min(1) }),
    z.strictObject({ or: z.array(Predicate).min(1) }),
    z.strictObject({ not: Predicate }),
    z.strictObject({ eq: z.tuple([FactPath, Scalar]) }),
    z.strictObject({ neq: z.tuple([FactPath, Scalar]) }),
    z.strictObject({ lt: z.tuple([FactPath, z.union([z.number(), IsoDate])]) }),
    z.strictObject({ lte: z.tuple([FactPath, z.union([z.number(), IsoDate])]) }),
    z.strictObject({ gt: z.tuple([FactPath, z.union([z.number(), IsoDate])]) }),
    z.strictObject({ gte: z.tuple([FactPath, z.union([z.number(), IsoDate])]) }),
    z.strictObject({ in: z.tuple([FactPath, z.array(z.union([z.string(), z.number()])).min(1)]) }),
    z.strictObject({ exists: FactPath }),
  ]),
)

export const PackSource = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  authority: Authority,
  /** Publisher home, e.g. the official gazette; evidence urls point at the exact page. */
  homeUrl: z.url().optional(),
})

export const Evidence = z.strictObject({
  id: z.string().min(1),
  sourceId: z.string().min(1),
  url: z.url(),
  title: z.string().min(1),
  /** Verbatim, as retrieved; never paraphrased. */
  quote: z.string().min(1).max(400),
  fetchedAt: IsoDate,
  language: z.enum(["hr", "en"]),
})

/**
 * What a question asks about a subject (issue 17's "asked attribute"). A rule answers exactly one
 * attribute; an answer whose primary rule answers another attribute than the one asked is refused.
 */
export const Attribute = FocusAttribute

/** What kind of thing a subject is: a tax, a contribution, a form, a good or service, a regime. */
export const SubjectKind = z.enum(["tax", "contribution", "form", "item", "regime", "topic"])

/**
 * A subject a question can be about, with the words users type for it. Terms are lower-case and
 * matched with diacritics folded on both sides; a term with spaces is a phrase; a term ending in
 * "*" matches any word that begins with it. `within` names a broader subject ("kruh" is within
 * "pdv"): when both are named, the narrower one is the question's subject.
 */
export const Subject = z.strictObject({
  id: z.string().regex(/^[a-z0-9_-]+$/),
  kind: SubjectKind,
  nameHr: z.string().min(1),
  nameEn: z.string().min(1),
  terms: z.array(z.string().min(2)).min(1),
  within: z.string().optional(),
  /** The term is not this subject when the previous word is one of these ("poslovne knjige"). */
  notAfter: z.array(z.string()).optional(),
  /** ... or when the next word is one of these ("knjiga ulaznih racuna"). */
  notBefore: z.array(z.string()).optional(),
  /**
   * The subject counts only in a question asking one of these attributes. "Se plaća" names the
   * payment in "Do kada se plaća porez na dohodak?" (a payment deadline, not the return's), but in
   * "Koliko se plaća PDV na kruh?" the question asks a rate and names no payment.
   */
  onlyWith: z.array(FocusAttribute).min(1).optional(),
  /**
   * Subjects a question naming this one is not about: "Do kada se predaje PDV prijava?" asks the
   * filing deadline, so the payment's ("plaćanje") is no answer, however close its keywords are.
   * Such a subject only rules others out; no concept needs to be about it.
   */
  rulesOut: z.array(z.string()).min(1).optional(),
  /**
   * The attribute a question about this subject asks when its words name none: "What is the per
   * diem for Austria?" asks an amount, so a rule on where the amounts are published does not answer it.
   */
  asks: FocusAttribute.optional(),
  /**
   * Named, too, by a question naming a broader subject this one is within together with a foreign
   * country as the place of a trip ("dnevnica za put u Njemačku" asks the per diem abroad): the
   * country says which of the two subjects is meant, and no list of country phrases is needed.
   */
  abroad: z.literal(true).optional(),
  /**
   * Named, too, by a question naming a broader subject this one is within together with goods
   * sold to a business in another EU member state ("Prodajem robu firmi u Njemačkoj, zaračunavam
   * li PDV?" asks about the intra-EU supply of goods, not the general VAT rate).
   */
  euGoodsSupply: z.literal(true).optional(),
  /** A known gap: why the pack has no rule on this subject (a refusal says so). */
  gap: Localized.optional(),
  /** What naming the subject says about the client ("paušalist": a paušalni obrt), as question facts. */
  implies: z
    .strictObject({ entityType: EntityType.optional(), obrtSubtype: ObrtSubtype.optional(), vatStatus: VatStatus.optional() })
    .optional(),
})

/** The words that say which attribute a question asks for ("stopa" -> rate, "do kada" -> deadline). */
export const AttributeTerms = z.strictObject({
  attribute: Attribute,
  terms: z.array(z.string().min(2)).min(1),
})

/** The law a rule applies: the act, its Narodne novine issues, and the article where a source shows it. */
export const LegalBasis = z.strictObject({
  act: z.string().min(1),
  /** "NN 73/13, 152/24"; EU acts by their own reference. */
  gazette: z.string().min(1),
  /** "čl. 38 st. 2"; absent when no retrieved source shows the article ("article not verified"). */
  article: z.string().min(1).optional(),
})

/** How well the research notes verify a rule (their confidence labels). */
export const Verification = z.enum(["CONFIRMED_OFFICIAL", "CONFIRMED_SECONDARY", "SINGLE_SECONDARY"])

export const Concept = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  nameHr: z.string().min(1),
  nameEn: z.string().min(1),
  /** Lower-case words as users type them; matching folds diacritics on both sides. */
  keywords: z.array(z.string().min(2)).min(1),
  /** Multi-word phrases that identify the concept on their own. */
  aliases: z.array(z.string().min(2)).default([]),
  topic: z.string().min(1),
  /** Subject ids the concept's rules are about; a question's subjects must all be among them. */
  subjects: z.array(z.string().min(1)).optional(),
})

export const Dimension = z.strictObject({
  dimension: z.string().min(1),
  /** Fact path that resolves this dimension. */
  factPath: FactPath,
  required: z.boolean(),
  label: Localized,
  possibleValues: z.array(Scalar).optional(),
})

export const Topic = z.strictObject({
  id: z.string().min(1),
  nameHr: z.string().min(1),
  nameEn: z.string().min(1),
  riskTier: z.enum(["T0", "T1", "T2", "T3"]).optional(),
  dimensions: z.array(Dimension).default([]),
})

export const RuleValue = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("percentage"), value: z.number() }),
  z.strictObject({ type: z.literal("currency"), value: z.number(), currency: z.literal("EUR").or(z.literal("HRK")) }),
  z.strictObject({ type: z.literal("deadline"), text: Localized }),
  z.strictObject({ type: z.literal("date"), value: IsoDate }),
  z.strictObject({ type: z.literal("boolean"), value: z.boolean() }),
  z.strictObject({ type: z.literal("text"), text: Localized }),
])

export const Rule = z.strictObject({
  id: z.string().regex(/^[a-z0-9.-]+$/),
  conceptSlug: z.string().min(1),
  /** What the rule asserts; two rules with the same concept and valueKey can conflict. */
  valueKey: z.string().min(1),
  titleHr: z.string().min(1),
  titleEn: z.string().min(1),
  authority: Authority,
  effectiveFrom: IsoDate,
  effectiveUntil: IsoDate.nullable(),
  appliesWhen: Predicate.optional(),
  value: RuleValue,
  /** Plain-language statement of the rule, used to compose answers. */
  statement: Localized,
  kind: z.enum(["threshold", "rate", "deadline", "obligation", "fact"]),
  obligations: z.array(Localized).default([]),
  /** Topic dimensions this rule depends on (decision coverage). */
  dimensions: z.array(z.string()).default([]),
  /** First is the primary citation. */
  evidenceIds: z.array(z.string().min(1)).min(1),
  status: z.enum(["PUBLISHED", "DRAFT"]),
  /** Enacted but not yet in force, or only proposed. */
  certainty: z.enum(["ENACTED", "PROPOSED"]).default("ENACTED"),
  /** The attribute the rule's value answers (packs before 2.0: derived from `kind`). */
  attribute: Attribute.optional(),
  legalBasis: LegalBasis.optional(),
  verification: Verification.optional(),
})

/** A documented disagreement between sources, with what practitioners do about it. */
export const ConflictNote = z.strictObject({
  id: z.string().min(1),
  ruleIds: z.array(z.string()).min(2),
  description: Localized,
  practicalResolution: Localized.optional(),
  /** When true an unresolved conflict is disclosed (QUALIFIED_ANSWER); otherwise the engine refuses. */
  canProceedWithWarning: z.boolean(),
})

export const RulePack = z.strictObject({
  id: z.string().min(1),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  jurisdiction: z.literal("HR"),
  publishedAt: IsoDate,
  sources: z.array(PackSource).min(1),
  evidence: z.array(Evidence).min(1),
  topics: z.array(Topic).min(1),
  concepts: z.array(Concept).min(1),
  rules: z.array(Rule).min(1),
  conflicts: z.array(ConflictNote).default([]),
  // Optional, not defaulted: a default would change the canonical JSON, and so the hash, of
  // packs written before 2.0, and the traces made with them would no longer verify.
  subjects: z.array(Subject).optional(),
  attributeTerms: z.array(AttributeTerms).optional(),
})

export type PackSource = z.infer<typeof PackSource>
export type Evidence = z.infer<typeof Evidence>
export type Concept = z.infer<typeof Concept>
export type Dimension = z.infer<typeof Dimension>
export type Topic = z.infer<typeof Topic>
export type RuleValue = z.infer<typeof RuleValue>
export type Rule = z.infer<typeof Rule>
export type ConflictNote = z.infer<typeof ConflictNote>
export type RulePack = z.infer<typeof RulePack>
export type Attribute = z.infer<typeof Attribute>
export type Subject = z.infer<typeof Subject>
export type LegalBasis = z.infer<typeof LegalBasis>
export type Verification = z.infer<typeof Verification>

import { z } from "zod"

// The question's focus (issue 17) and a follow-up's inherited parts (seed 002), as QUESTION_INTAKE
// records them (payloads.ts). Fields are additions to seed 001 Appendix A.

/** What a question asks about a subject (issue 17); a rule pack's rules answer one each. */
export const FocusAttribute = z.enum(["rate", "deadline", "threshold", "amount", "penalty", "obligation", "procedure"])

/** A subject of the pack the question names (addition). */
export const FocusSubject = z.object({
  id: z.string(),
  kind: z.string(),
  nameHr: z.string(),
  nameEn: z.string(),
})

/**
 * The question's focus (addition, issue 17): the narrowest subjects it names, the attribute it asks
 * for, and words in the subject's place that the pack has no subject for ("PDV na čokoladu").
 * An answer must come from a rule about these subjects that answers this attribute.
 */
export const QuestionFocus = z.object({
  subjects: z.array(FocusSubject),
  attribute: FocusAttribute.optional(),
  unknownSubject: z.string().optional(),
})

/** A part of the previous turn's question that a follow-up took over (seed 002: "A za 2023?"). */
export const InheritedPart = z.enum(["subject", "attribute", "date", "entity"])

/**
 * A follow-up in a thread: the question as the engine read it (the typed one completed with what
 * it inherited from the previous turn), and the parts inherited, which the window shows as chips
 * the user can remove.
 */
export const FollowUp = z.object({
  /** The previous turn's request id. */
  of: z.string(),
  effectiveQuestion: z.string(),
  inherited: z.array(z.object({ part: InheritedPart, text: z.string() })),
})

export type FocusAttribute = z.infer<typeof FocusAttribute>
export type FocusSubject = z.infer<typeof FocusSubject>
export type QuestionFocus = z.infer<typeof QuestionFocus>
export type InheritedPart = z.infer<typeof InheritedPart>
export type FollowUp = z.infer<typeof FollowUp>

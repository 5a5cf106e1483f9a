import { z } from "zod"
import { DocumentKind } from "./documents"
import { InheritedPart } from "./events/payloads"
import { Locale } from "./events/stages"

// @-mentions of client documents in a thread's question (issue 22, seed 002's document resolver
// and its interrupt). A mention names a document by its number or title; one that names none
// clearly is never guessed: the turn pauses with the candidates, the pause is kept in the thread's
// checkpoint (so it survives a restart), and the turn runs once the user has chosen.

/** What "@R-2025-001" was resolved to: the text after "@" as typed, and the document. */
export const MentionChoice = z.strictObject({
  mention: z.string().trim().min(1).max(200),
  documentId: z.string().min(1).max(64),
})

export const MentionCandidate = z.object({
  id: z.string(),
  title: z.string(),
  invoiceNumber: z.string().nullable(),
  kind: DocumentKind,
})

export const UnresolvedMention = z.object({
  mention: z.string(),
  /** Two or more documents it may name, or one it names only nearly: the user chooses. */
  candidates: z.array(MentionCandidate).min(1),
})

/** A question waiting for the user to say which documents it means (stored in the checkpoint). */
export const PendingMention = z.object({
  question: z.string(),
  dropped: z.array(InheritedPart),
  locale: Locale.nullable(),
  /** Mentions already clear (chosen in the completion list, or known to the thread). */
  resolved: z.array(MentionChoice),
  unresolved: z.array(UnresolvedMention).min(1),
  pausedAt: z.string(),
})

export type MentionChoice = z.infer<typeof MentionChoice>
export type MentionCandidate = z.infer<typeof MentionCandidate>
export type UnresolvedMention = z.infer<typeof UnresolvedMention>
export type PendingMention = z.infer<typeof PendingMention>

/**
 * The mentions in a question, in order, each once: "@" at the start or after a space, then the
 * characters up to the next space, without trailing punctuation ("@R-1?" names "R-1"). An
 * underscore stands for a space ("@Ugovor_o_najmu"), since a mention ends at the first space.
 */
export function mentionsIn(question: string): string[] {
  const found = new Set<string>()
  for (const match of question.matchAll(/(?:^|\s)@(\S+)/gu)) {
    const name = (match[1] ?? "").replace(/[.,;:!?)»"”]+$/u, "")
    if (name !== "") found.add(name)
  }
  return [...found]
}

/** A document's name as a mention: its number, else its title with spaces as underscores. */
export function mentionNameOf(document: { title: string; invoiceNumber: string | null }): string {
  const name = document.invoiceNumber ?? document.title
  return name.trim().replace(/\s+/gu, "_")
}

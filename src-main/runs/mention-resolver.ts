import type { Locale } from "../../src-shared/events/stages"
import { mentionsIn, type MentionCandidate, type MentionChoice, type UnresolvedMention } from "../../src-shared/thread-mentions"
import { fold, type ClientScope, type DocumentsRepository, type StoredDocument } from "../store/documents-repo"

// seed 002's document resolver, for a thread's question: every @-mention becomes a document id, or
// is handed back unresolved with its candidates. Never a silent guess: a mention is taken as
// clear only when exactly one document has it as its number or title, or one alone matches it by
// the beginning of its number or of a word of its title; near misses and ties go to the user.

/** A mention no document of the client matches at all: the question is refused with this. */
export class MentionNotFoundError extends Error {
  constructor(readonly mention: string) {
    super(`no document matches @${mention}`)
  }

  text(locale: Locale): string {
    return locale === "hr"
      ? `nijedan dokument ovog klijenta ne odgovara oznaci @${this.mention}; dodajte dokument ili ispravite naziv`
      : `no document of this client matches @${this.mention}; add the document or correct the name`
  }
}

export interface MentionResolution {
  resolved: MentionChoice[]
  unresolved: UnresolvedMention[]
}

/** Scores of documents-repo's rankCompletion at or above which a lone match is clear (a word's beginning). */
const CLEAR_SCORE = 700
const MAX_CANDIDATES = 6

export function resolveMentions(
  question: string,
  known: { given: readonly MentionChoice[]; registry: Readonly<Record<string, string>> },
  docs: DocumentsRepository,
  clientId: ClientScope,
): MentionResolution {
  const resolved: MentionChoice[] = []
  const unresolved: UnresolvedMention[] = []
  for (const mention of mentionsIn(question)) {
    const chosen = known.given.find((choice) => choice.mention === mention)?.documentId ?? known.registry[mention]
    // A choice made earlier still has to name a document of this client that exists.
    if (chosen !== undefined && inScope(docs.get(chosen), clientId)) {
      resolved.push({ mention, documentId: chosen })
      continue
    }
    const found = findMention(mention, docs, clientId)
    if (found.clear !== null) resolved.push({ mention, documentId: found.clear })
    else unresolved.push({ mention, candidates: found.candidates })
  }
  return { resolved, unresolved }
}

function findMention(mention: string, docs: DocumentsRepository, clientId: ClientScope): { clear: string | null; candidates: MentionCandidate[] } {
  const typed = mention.replaceAll("_", " ")
  const completions = docs.complete({ text: typed, clientId, limit: MAX_CANDIDATES })
  if (completions.length === 0) throw new MentionNotFoundError(mention)
  const folded = fold(typed).trim()
  const exact = completions.filter((c) => fold(c.document.invoiceNumber ?? "") === folded || fold(c.document.title) === folded)
  const [only] = completions
  if (exact.length === 1 && exact[0] !== undefined) return { clear: exact[0].document.id, candidates: [] }
  if (exact.length === 0 && completions.length === 1 && only !== undefined && only.score >= CLEAR_SCORE)
    return { clear: only.document.id, candidates: [] }
  const shown = exact.length > 1 ? exact.map((c) => c.document) : completions.map((c) => c.document)
  return { clear: null, candidates: shown.map(candidateOf) }
}

function inScope(document: StoredDocument | null, clientId: ClientScope): boolean {
  if (document === null) return false
  return clientId === undefined || document.clientId === clientId
}

function candidateOf(document: StoredDocument): MentionCandidate {
  return { id: document.id, title: document.title, invoiceNumber: document.invoiceNumber, kind: document.kind }
}

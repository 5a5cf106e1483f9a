import { useEffect, useRef, useState, type KeyboardEvent } from "react"
import type { DocumentSummary } from "../../../src-shared/documents"
import { mentionNameOf, type MentionChoice } from "../../../src-shared/thread-mentions"
import { call } from "../../api/client"
import { useStores } from "../../state/stores"

// The @-mention completion of a question box: while the text before the caret ends in "@word",
// the client's documents whose title or number match it (the store's trigram completion, fuzzy);
// picking one writes its name into the question and remembers which document it meant, so the
// question goes with that document and never pauses on it.

const COMPLETION_DELAY_MS = 120

export interface ActiveMention {
  /** Where the "@" is in the question. */
  start: number
  /** What was typed after it, up to the caret. */
  typed: string
}

/** The mention being typed: "@" at the start or after a space, then no space up to the caret. */
export function activeMentionAt(text: string, caret: number): ActiveMention | null {
  const before = text.slice(0, caret)
  const match = /(?:^|\s)@(\S*)$/u.exec(before)
  if (match === null) return null
  const typed = match[1] ?? ""
  return { start: caret - typed.length - 1, typed }
}

export function useMentionCompletion(clientId: string | null) {
  const { api } = useStores()
  const [active, setActive] = useState<ActiveMention | null>(null)
  const [options, setOptions] = useState<DocumentSummary[]>([])
  const [highlighted, setHighlighted] = useState(0)
  /** What was typed when the options shown were found (so "no match" waits for the answer). */
  const [answeredFor, setAnsweredFor] = useState<string | null>(null)
  const [choices, setChoices] = useState<MentionChoice[]>([])
  const generation = useRef(0)

  useEffect(() => {
    if (active === null) {
      setOptions([])
      return
    }
    const mine = ++generation.current
    const timer = setTimeout(() => {
      call("documents.complete", { text: active.typed, clientId: clientId ?? undefined, limit: 8 }, api).then(
        (found) => {
          if (generation.current !== mine) return
          setOptions(found.map((c) => c.document))
          setHighlighted(0)
          setAnsweredFor(active.typed)
        },
        () => generation.current === mine && setOptions([]),
      )
    }, COMPLETION_DELAY_MS)
    return () => clearTimeout(timer)
  }, [active, api, clientId])

  /** The question with the picked document's name in place of what was typed after "@", and the caret after it. */
  function pick(text: string, document: DocumentSummary): { text: string; caret: number } {
    if (active === null) return { text, caret: text.length }
    const name = mentionNameOf(document)
    const end = active.start + 1 + active.typed.length
    const next = `${text.slice(0, active.start)}@${name} ${text.slice(end).replace(/^ /u, "")}`
    setChoices((c) => [...c.filter((x) => x.mention !== name), { mention: name, documentId: document.id }])
    setActive(null)
    return { text: next, caret: active.start + name.length + 2 }
  }

  /** The picked documents still named in the question. */
  function choicesFor(question: string): MentionChoice[] {
    return choices.filter((c) => new RegExp(`(^|\\s)@${escapeRegExp(c.mention)}(?=$|[\\s.,;:!?])`, "u").test(question))
  }

  /** Arrows, Enter (or Tab) and Escape while the list is open; true when the key was the list's. */
  function handleKey(event: KeyboardEvent, choose: (document: DocumentSummary) => void): boolean {
    const count = options.length
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      setHighlighted((i) => (i + (event.key === "ArrowDown" ? 1 : count - 1)) % count)
      return true
    }
    const current = options[highlighted]
    if ((event.key === "Enter" || event.key === "Tab") && current !== undefined) {
      event.preventDefault()
      choose(current)
      return true
    }
    if (event.key === "Escape") {
      event.preventDefault()
      setActive(null)
      return true
    }
    return false
  }

  return {
    active,
    handleKey,
    open: active !== null && options.length > 0,
    /** A mention typed that no document matches (said in the list, not an error yet). */
    noMatch: active !== null && active.typed !== "" && answeredFor === active.typed && options.length === 0,
    options,
    highlighted,
    setHighlighted,
    track: (text: string, caret: number) => setActive(activeMentionAt(text, caret)),
    close: () => setActive(null),
    pick,
    choicesFor,
    reset: () => setChoices([]),
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")
}

import { z } from "zod"

// Text a person typed that crosses the IPC boundary and is stored (a question, a clarification
// answer, a note on a flagged answer): trimmed, not empty, bounded, and well formed.

// A lone UTF-16 surrogate (broken text from a bad paste or a script) cannot be stored as UTF-8:
// SQLite would keep U+FFFD instead, so the store would not record what was typed. Refuse it.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

export const BROKEN_TEXT = "text contains a broken character (a lone UTF-16 surrogate); paste it again"

export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text)
}

/** Trimmed typed text of 1..max characters without lone surrogates; `what` names it in the messages. */
export function typedText(what: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${what} is empty`)
    .max(max, `${what} is too long`)
    .refine(isWellFormed, BROKEN_TEXT)
}

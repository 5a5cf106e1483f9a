// Sanitising the model's thoughts before anyone sees or records them (seed 004 §8.1): sentences
// that talk about the system prompt or the model's instructions go, credential-like strings
// (keys, tokens, passwords, bearer values, private keys, long base64 or hex runs) are replaced,
// control and bidirectional-override characters are stripped, and no piece is longer than
// MAX_CHUNK_CHARS (a step's thought: MAX_STEP_CHARS). Pure functions; the stream sanitiser holds
// text back until a sentence ends, so that a secret cut by a chunk border is still seen whole.

export const MAX_CHUNK_CHARS = 500
export const MAX_STEP_CHARS = 200
export const REDACTED = "[•••]"

export interface Sanitised {
  text: string
  /** How many credential-like strings and prompt-referencing sentences were taken out. */
  redacted: number
}

// Sentences about the model's own set-up, in English and Croatian (seed 004 §8.1 point 1).
const PROMPT_REFERENCE =
  /\b(?:system\s*(?:prompt|message|instructions?)|developer\s*(?:prompt|message)|prompt\w*|my\s+instructions|i\s+(?:was|am|have\s+been)\s+instructed|sistemsk\w*\s+(?:upit\w*|poruk\w*|uput\w*)|upute\s+(?:sustava|modela)|moje\s+upute|dobio\s+sam\s+upute)\b/iu

const CREDENTIALS: readonly RegExp[] = [
  // A private key block, whole.
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/gu,
  // "Bearer <token>", "Basic <token>".
  /\b(?:bearer|basic)\s+[\w.~+/=-]{6,}/giu,
  // "password: x", "api_key=x", "lozinka je x" …: the word stays, the value goes.
  /\b(password|passwd|pwd|passphrase|secret|token|api[\s_-]?key|access[\s_-]?key|client[\s_-]?secret|lozinka|zaporka|tajna|ključ|kljuc)(\s*(?:[:=]|\bje\b|\bis\b)\s*)["']?[^\s"',;]{3,}[^\s"',;.!?]["']?/giu,
  // Well-known key shapes: OpenAI/Anthropic-style sk-…, GitHub, Slack, AWS, Google, JWTs.
  /\b(?:sk|pk|rk)-[\w-]{8,}/gu,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/gu,
  /\bxox[abprs]-[\w-]{10,}/gu,
  /\bAKIA[0-9A-Z]{16}\b/gu,
  /\bAIza[\w-]{30,}/gu,
  /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{4,}/gu,
  // Long runs of hex or base64: no word of a tax question looks like that.
  /\b[0-9a-fA-F]{24,}\b/gu,
  /[A-Za-z0-9+/_-]{32,}={0,2}/gu,
]

// C0/C1 controls except tab and newline, and the bidirectional overrides that can disguise text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu

/** Replaces credential-like strings; counts them. */
function redactCredentials(text: string): Sanitised {
  let redacted = 0
  let out = text
  for (const pattern of CREDENTIALS) {
    out = out.replace(pattern, (_match: string, word?: unknown, joint?: unknown) => {
      redacted += 1
      return typeof word === "string" && typeof joint === "string" ? `${word}${joint}${REDACTED}` : REDACTED
    })
  }
  return { text: out, redacted }
}

/**
 * Splits text into sentences, keeping each sentence's end (and the space after it). A full stop
 * ends a sentence only before a space and a word that may start one: "65.000", "1. 6. 2025." and
 * "15. siječnja" stay whole.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  let from = 0
  for (const end of text.matchAll(/[.!?]+["')\]]*(?:\s+|$)|\n+/gu)) {
    const to = end.index + end[0].length
    if (!end[0].startsWith("\n") && /^[\p{Ll}\d]/u.test(text.slice(to))) continue
    if (to > from) out.push(text.slice(from, to))
    from = to
  }
  if (from < text.length) out.push(text.slice(from))
  return out.filter((s) => s.trim() !== "")
}

/** Sanitises a complete piece of text (no length limit): controls, prompt references, credentials. */
export function sanitiseText(text: string): Sanitised {
  const clean = text.replace(CONTROL, "").replace(/\t/gu, " ")
  let redacted = 0
  const kept: string[] = []
  for (const sentence of splitSentences(clean)) {
    if (PROMPT_REFERENCE.test(sentence)) redacted += 1
    else kept.push(sentence)
  }
  const credentials = redactCredentials(kept.join(""))
  return { text: credentials.text, redacted: redacted + credentials.redacted }
}

/**
 * Cuts text to at most `max` characters (UTF-16 code units, as the record contract counts them),
 * at a word border when there is one, with an ellipsis; never inside a surrogate pair.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const head = text.slice(0, clearOfSurrogate(text, max - 1))
  const space = head.lastIndexOf(" ")
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`
}

/** `at`, or one less when `at` would split a surrogate pair. */
function clearOfSurrogate(text: string, at: number): number {
  const before = text.charCodeAt(at - 1)
  return at > 0 && at < text.length && before >= 0xd800 && before <= 0xdbff ? at - 1 : at
}

/** A step's thought (seed 004 §5.3): sanitised, one line, at most MAX_STEP_CHARS characters. */
export function sanitiseStep(text: string): Sanitised {
  const result = sanitiseText(text)
  return { text: truncate(result.text.replace(/\s+/gu, " ").trim(), MAX_STEP_CHARS), redacted: result.redacted }
}

/**
 * The live stream's sanitiser: feed it the model's deltas as they come; it gives back sanitised
 * pieces of at most MAX_CHUNK_CHARS characters, each made of whole sentences (a sentence longer
 * than that is cut at a word border after sanitising, so nothing whole is missed).
 */
export class StreamSanitiser {
  private held = ""

  push(delta: string): Sanitised[] {
    this.held += delta
    // Text up to the last sentence end that is followed by a space or a line end goes out; the
    // rest may go on in the next delta ("sk-proj." may be the start of "sk-proj.abc…").
    let cut = 0
    for (const end of this.held.matchAll(/[.!?]+["')\]]*\s+|\n+/gu)) cut = end.index + end[0].length
    // A sentence that never ends is let through once it is long, keeping its last words back.
    if (this.held.length - cut > 2 * MAX_CHUNK_CHARS) cut = Math.max(cut, safeCut(this.held) + 1)
    const complete = this.held.slice(0, cut)
    this.held = this.held.slice(cut)
    return pieces(complete)
  }

  /** The stream ended: what is held back, sanitised. */
  end(): Sanitised[] {
    const rest = this.held
    this.held = ""
    return pieces(rest)
  }
}

// Words after which a credential's value may follow: a cut never falls right behind one.
const BEFORE_VALUE = /(?:password|passwd|pwd|passphrase|secret|token|key|lozinka|zaporka|tajna|ključ|kljuc|bearer|basic|[:=]|\bje|\bis)\s*$/iu

/** Where a sentence that never ends may be cut: at a space well before its end, not inside "password: x". */
function safeCut(text: string): number {
  let cut = text.lastIndexOf(" ", text.length - 80)
  while (cut > 0 && BEFORE_VALUE.test(text.slice(Math.max(0, cut - 40), cut + 1))) cut = text.lastIndexOf(" ", cut - 1)
  return cut
}

/** Sanitises text and splits it into pieces of at most MAX_CHUNK_CHARS characters (UTF-16 units). */
function pieces(text: string): Sanitised[] {
  if (text.trim() === "") return []
  const result = sanitiseText(text)
  const out: Sanitised[] = []
  let rest = result.text
  let redacted = result.redacted
  while (rest.length > 0) {
    let take = clearOfSurrogate(rest, Math.min(rest.length, MAX_CHUNK_CHARS))
    if (take < rest.length) {
      const space = rest.lastIndexOf(" ", take - 1)
      if (space > MAX_CHUNK_CHARS / 2) take = space + 1
    }
    const piece = rest.slice(0, take)
    rest = rest.slice(take)
    if (piece.trim() !== "") out.push({ text: piece, redacted })
    redacted = 0
  }
  return out
}

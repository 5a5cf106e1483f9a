import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { MAX_CHUNK_CHARS, MAX_STEP_CHARS, REDACTED, sanitiseStep, sanitiseText, StreamSanitiser } from "../../../src-main/model/sanitize"

// Seed 004 §8: what the model thinks is shown and recorded only sanitised.

const WORDS = ["porez", "prag", "obrt", "klijent", "promet", "the", "rule", "threshold", "applies", "pitanje", "godina", "stopa", "😀😀", "€"]
const word = fc.constantFrom(...WORDS)
const sentence = fc.array(word, { minLength: 1, maxLength: 14 }).map((w) => `${w.join(" ")}${[".", "!", "?", ""][w.length % 4] ?? "."}`)
const alnum = fc.string({ unit: fc.constantFrom(..."abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789".split("")), minLength: 8, maxLength: 40 })
const hex = fc.string({ unit: fc.constantFrom(..."0123456789abcdef".split("")), minLength: 32, maxLength: 64 })

/** A secret and the text it appears as in a thought: the secret must never come out. */
const secret: fc.Arbitrary<{ value: string; written: string }> = fc.oneof(
  alnum.map((v) => ({ value: `sk-${v}x9Q`, written: `sk-${v}x9Q` })),
  hex.map((v) => ({ value: v, written: v })),
  fc.tuple(alnum, alnum).map(([a, b]) => ({ value: `${a}${b}Zz9`, written: `Bearer ${a}${b}Zz9` })),
  fc.tuple(fc.constantFrom("password", "lozinka", "api_key", "token", "secret"), fc.constantFrom(": ", "=", " je ", " is "), alnum).map(([k, j, v]) => ({ value: `${v}Q7`, written: `${k}${j}${v}Q7` })),
  fc.tuple(alnum, alnum, alnum).map(([a, b, c]) => ({ value: `eyJ${a}.${b}.${c}`, written: `eyJ${a}.${b}.${c}` })),
)

/** Cuts text into pieces at random places, as a stream would deliver it. */
function cutAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let from = 0
  for (const point of points) {
    pieces.push(text.slice(from, point))
    from = point
  }
  pieces.push(text.slice(from))
  return pieces
}

function streamed(pieces: readonly string[]): string[] {
  const sanitiser = new StreamSanitiser()
  return [...pieces.flatMap((p) => sanitiser.push(p)), ...sanitiser.end()].map((s) => s.text)
}

describe("the stream sanitiser", () => {
  test("no piece is longer than 500 characters and no generated secret survives, however the stream is cut", () => {
    fc.assert(
      fc.property(fc.array(sentence, { maxLength: 60 }), secret, fc.nat(60), fc.array(fc.nat(), { maxLength: 30 }), (sentences, s, at, cuts) => {
        const parts = [...sentences]
        parts.splice(at % (parts.length + 1), 0, s.written + ".")
        const out = streamed(cutAt(parts.join(" "), cuts))
        for (const piece of out) expect(piece.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS)
        expect(out.join("")).not.toContain(s.value)
      }),
      { numRuns: 400 },
    )
  })

  test("a long run-on thought without a full stop still comes out in pieces of at most 500 characters", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 300, maxLength: 900 }), secret, fc.array(fc.nat(), { maxLength: 40 }), (words, s, cuts) => {
        const text = [...words.slice(0, 150), s.written, ...words.slice(150)].join(" ")
        const out = streamed(cutAt(text, cuts))
        for (const piece of out) expect(piece.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS)
        expect(out.join("")).not.toContain(s.value)
        // Nothing but the secret is lost: every word is still there.
        expect(out.join("").split(/\s+/u).filter((w) => WORDS.includes(w)).length).toBe(words.length)
      }),
      { numRuns: 100 },
    )
  })

  test("ordinary thinking passes unchanged", () => {
    const text = "Korisnik pita o pragu za PDV. The threshold in the pack applies from 2025! Je li klijent obrt?"
    expect(streamed(cutAt(text, [5, 17, 40, 41, 70])).join("")).toBe(text)
  })
})

describe("sanitising a text", () => {
  test("sentences about the system prompt or the model's instructions are dropped", () => {
    const out = sanitiseText("The user asks about VAT. My system prompt says to be brief. I was instructed to hide this. Sistemske upute kažu drukčije. The rule applies.")
    expect(out.text).toBe("The user asks about VAT. The rule applies.")
    expect(out.redacted).toBe(3)
  })

  test("control characters and direction overrides are stripped, credential words keep their word but lose the value", () => {
    const out = sanitiseText("a\u0000b\u202Ec lozinka: Tajna123! and api_key=abcd1234efgh")
    expect(out.text).toBe(`abc lozinka: ${REDACTED}! and api_key=${REDACTED}`)
    expect(out.redacted).toBe(2)
  })

  test("a private key block goes whole", () => {
    const out = sanitiseText("Key: -----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAK\n-----END RSA PRIVATE KEY----- done")
    expect(out.text).not.toContain("MIIBOgIBAAJBAK")
  })

  test("a step's thought is one line of at most 200 characters", () => {
    fc.assert(
      fc.property(fc.array(sentence, { maxLength: 40 }), secret, (sentences, s) => {
        const step = sanitiseStep(`${sentences.join("\n")} ${s.written}`)
        expect(step.text.length).toBeLessThanOrEqual(MAX_STEP_CHARS)
        expect(step.text).not.toMatch(/\n/u)
        expect(step.text).not.toContain(s.value)
      }),
      { numRuns: 300 },
    )
  })
})

import { parseArgs } from "node:util"
import { describe, expect, it } from "vitest"
import { parseAskArgs } from "../../../src-main/cli/commands/ask"
import { parseArgsLinear } from "../../../src-main/cli/parse-args-linear"

// parseArgsLinear must be parseArgs (strict, positionals allowed), only linear: same values,
// positionals, tokens and error messages for any command line, and a question of 170,000 words
// read whole (node's parseArgs alone takes tens of seconds on that; see `npm run bench -- engine`).

const OPTIONS = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  db: { type: "string" },
  pack: { type: "string", short: "p" },
  clarify: { type: "string", multiple: true },
} as const

// Options, their values, "--", lone dashes and words, so runs of words fall after every kind of flag.
const VOCABULARY = [
  "--",
  "-",
  "",
  "PDV",
  "prag",
  "2025-01-01",
  "--json",
  "--json=1",
  "--help",
  "-h",
  "-hp",
  "-ph",
  "-pv",
  "-p",
  "-x",
  "-hx",
  "-5",
  "--db",
  "--db=",
  "--db=t.db",
  "--clarify",
  "--clarify=confirm",
  "--no-db",
  "--unknown",
  "---",
  "--=x",
]

function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

function outcome(parse: () => unknown): unknown {
  try {
    return { parsed: parse() }
  } catch (error) {
    return { error: (error as Error).message }
  }
}

describe("parseArgsLinear", () => {
  it("gives what node's parseArgs gives (values, positionals, tokens or the error) for 5,000 random command lines", () => {
    const random = seededRandom(20250601)
    for (let n = 0; n < 5000; n++) {
      const length = Math.floor(random() * 12)
      const argv = Array.from({ length }, () =>
        random() < 0.5
          ? `w${Math.floor(random() * 9)}`
          : (VOCABULARY[Math.floor(random() * VOCABULARY.length)] ?? ""),
      )
      const expected = outcome(() =>
        parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true, tokens: true }),
      )
      expect(
        outcome(() => parseArgsLinear(argv, OPTIONS)),
        JSON.stringify(argv),
      ).toEqual(expected)
    }
  })

  it("keeps a word after a string option as its value and the words after it as positionals", () => {
    const parsed = parseArgsLinear(["a", "b", "--db", "t.db", "c", "d", "--", "--json", "e", "f"], OPTIONS)
    expect(parsed.values).toEqual({ db: "t.db" })
    expect(parsed.positionals).toEqual(["a", "b", "c", "d", "--json", "e", "f"])
    expect(parsed.tokens.filter((t) => t.kind === "positional").map((t) => t.index)).toEqual([
      0, 1, 4, 5, 7, 8, 9,
    ])
  })
})

describe("fiskai ask with a question of 170,000 words", () => {
  const words = Array.from({ length: 170_000 }, (_, i) => (i % 2 === 0 ? "PDV" : `prag${i}`))

  it("reads the whole question, and the options before, between and after its words", () => {
    const half = words.length / 2
    const parsed = parseAskArgs([
      "--json",
      ...words.slice(0, half),
      "--clarify",
      "confirm",
      ...words.slice(half),
      "--as-of",
      "2025-03-01",
      "--no-db",
    ])
    expect(parsed.request.question).toBe(words.join(" "))
    expect(parsed).toMatchObject({
      json: true,
      clarifications: ["confirm"],
      request: { asOfDate: "2025-03-01" },
    })
    expect(parsed.dbPath).toBeUndefined()
  })

  it("still refuses an unknown flag among the words with parseArgs's message", () => {
    expect(() => parseAskArgs([...words, "--drop-table", ...words])).toThrow(
      "fiskai ask: Unknown option '--drop-table'",
    )
  })
})

import { parseArgs, type ParseArgsOptionsConfig } from "node:util"

// node:util parseArgs in strict mode with positionals allowed, in linear time. parseArgs shifts
// its list of remaining arguments once per argument, so a question typed as 170,000 shell words
// costs quadratic time (seconds to minutes). Here each run of plain words (arguments that are no
// option: not starting with "-", or a lone "-") reaches parseArgs as at most two words: its first
// word, which may be the value of the option before it (`--as-of 2025-01-01`), and one stand-in
// for the rest, which can only be positionals. parseArgs still decides everything else (options,
// values, "--", unknown flags and their messages); the stand-in is then expanded back in place.

type StrictConfig<T extends ParseArgsOptionsConfig> = {
  args: string[]
  options: T
  allowPositionals: true
  strict: true
  tokens: true
}

export type LinearParsed<T extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<StrictConfig<T>>>

function isPlainWord(arg: string): boolean {
  return arg === "-" || !arg.startsWith("-")
}

/** Same result (values, positionals, tokens with their argv indexes) and errors as parseArgs. */
export function parseArgsLinear<T extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  options: T,
): LinearParsed<T> {
  const shortArgs: string[] = []
  // origin[k]: the argv index of shortArgs[k]; restEnd: a stand-in's index -> where its run ends.
  const origin: number[] = []
  const restEnd = new Map<number, number>()
  let i = 0
  while (i < argv.length) {
    const arg = argv[i] ?? ""
    shortArgs.push(arg)
    origin.push(i)
    i += 1
    if (!isPlainWord(arg)) continue
    let end = i
    while (end < argv.length && isPlainWord(argv[end] ?? "")) end += 1
    if (end === i) continue
    restEnd.set(shortArgs.length, end)
    shortArgs.push(argv[i] ?? "")
    origin.push(i)
    i = end
  }

  const parsed = parseArgs({ args: shortArgs, options, allowPositionals: true, strict: true, tokens: true })
  const positionals: string[] = []
  const tokens: LinearParsed<T>["tokens"] = []
  for (const token of parsed.tokens) {
    const from = origin[token.index] ?? token.index
    const end = token.kind === "positional" ? restEnd.get(token.index) : undefined
    if (end === undefined) {
      tokens.push({ ...token, index: from })
      if (token.kind === "positional") positionals.push(token.value)
      continue
    }
    for (let j = from; j < end; j += 1) {
      const value = argv[j] ?? ""
      tokens.push({ kind: "positional", index: j, value })
      positionals.push(value)
    }
  }
  return { values: parsed.values, positionals, tokens }
}

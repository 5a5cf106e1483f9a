import type { ParseArgsOptionsConfig } from "node:util"
import { IsoDate } from "../../src-shared/context"
import { Locale } from "../../src-shared/events/stages"
import { parseArgsLinear, type LinearParsed } from "./parse-args-linear"

// Argument parsing shared by the CLI commands: node:util parseArgs in strict mode (through
// parseArgsLinear, so a question of many words parses in linear time), with every problem turned
// into a UsageError (exit code 2) that names the flag.

export class UsageError extends Error {}

export interface ParsedArgs<T extends ParseArgsOptionsConfig> {
  values: LinearParsed<T>["values"]
  positionals: string[]
}

export function parseCommandArgs<T extends ParseArgsOptionsConfig>(
  command: string,
  argv: readonly string[],
  options: T,
): ParsedArgs<T> {
  try {
    const parsed = parseArgsLinear(argv, options)
    return { values: parsed.values, positionals: parsed.positionals }
  } catch (error) {
    throw new UsageError(`fiskai ${command}: ${(error as Error).message}`)
  }
}

export function parseIsoDate(flag: string, value: string): string {
  // Round-trip through Date as well: Date.parse alone accepts "2025-02-30" and rolls it over.
  const real =
    IsoDate.safeParse(value).success && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value
  if (!real) throw new UsageError(`${flag}: expected a real date as YYYY-MM-DD, got "${value}"`)
  return value
}

export function parseLocale(flag: string, value: string): Locale {
  const parsed = Locale.safeParse(value)
  if (!parsed.success)
    throw new UsageError(`${flag}: expected one of ${Locale.options.join("|")}, got "${value}"`)
  return parsed.data
}

import { readBoundedText } from "../util/bounded-read"
import type { z } from "zod"
import { ProfileContext } from "../../src-shared/context"
import { printable } from "../util/printable"
import { UsageError } from "./args"

// `--profile FILE`: a client profile (seed 003's evaluation context without asOf), validated at
// the boundary with the contract's schema. Errors name the field, e.g.
// "profile.entity.vat.status: expected one of IN_VAT|OUTSIDE_VAT|UNKNOWN".

/** A client profile is a few hundred bytes; anything past this is not one. */
export const MAX_PROFILE_BYTES = 1024 * 1024

export function readProfileFile(path: string): ProfileContext {
  let raw: unknown
  try {
    raw = JSON.parse(readBoundedText(path, MAX_PROFILE_BYTES, "a client profile"))
  } catch (error) {
    throw new UsageError(`--profile ${printable(path)}: ${printable((error as Error).message)}`)
  }
  const parsed = ProfileContext.safeParse(raw)
  if (!parsed.success)
    throw new UsageError(`--profile ${printable(path)}: ${printable(describeIssue(parsed.error.issues[0]), 400)}`)
  return parsed.data
}

export function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "invalid profile"
  const where = ["profile", ...issue.path.map(String)].join(".")
  switch (issue.code) {
    case "invalid_value":
      return `${where}: expected one of ${issue.values.map(String).join("|")}`
    case "unrecognized_keys":
      return `${where}: unknown field${issue.keys.length === 1 ? "" : "s"} ${issue.keys.join(", ")}`
    case "invalid_type":
      return `${where}: expected ${issue.expected}`
    default:
      return `${where}: ${issue.message}`
  }
}

import { closeSync, fstatSync, openSync, readSync } from "node:fs"
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
    raw = JSON.parse(readBounded(path))
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError(`--profile ${printable(path)}: ${printable((error as Error).message)}`)
  }
  const parsed = ProfileContext.safeParse(raw)
  if (!parsed.success)
    throw new UsageError(`--profile ${printable(path)}: ${printable(describeIssue(parsed.error.issues[0]), 400)}`)
  return parsed.data
}

/**
 * The file's text, read only from a regular file and never past MAX_PROFILE_BYTES: a device
 * (/dev/zero), a pipe or a huge file would otherwise hang the CLI or fill its memory.
 */
function readBounded(path: string): string {
  const fd = openSync(path, "r")
  try {
    if (!fstatSync(fd).isFile()) throw new UsageError(`--profile ${printable(path)}: not a regular file`)
    const buffer = Buffer.alloc(MAX_PROFILE_BYTES + 1)
    let length = 0
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null)
      if (read === 0) break
      length += read
      if (length > MAX_PROFILE_BYTES)
        throw new UsageError(`--profile ${printable(path)}: larger than ${MAX_PROFILE_BYTES / 1024 / 1024} MB, not a client profile`)
    }
    return buffer.toString("utf8", 0, length)
  } finally {
    closeSync(fd)
  }
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

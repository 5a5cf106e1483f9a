import { IpcError, type IpcResult } from "../../../../src-shared/ipc/channel"
import { channels, type ChannelKey } from "../../../../src-shared/ipc/channels"
import type { DbSnapshot } from "./db-snapshot"

// What every answer across the IPC boundary must be, whatever was sent.

/** An error the page can show: a known code, a short message; never INTERNAL (a handler crash). */
const MAX_ERROR_JSON = 8_192

/** A short, printable form of any input (bigints, maps, huge strings, deep nesting). */
export function describeInput(input: unknown): string {
  try {
    const text = JSON.stringify(input, (_key, value: unknown) => {
      if (typeof value === "bigint") return `${value}n`
      if (value instanceof Map) return { Map: [...value.entries()] }
      if (value instanceof Set) return { Set: [...value.values()] }
      if (typeof value === "string" && value.length > 80) return `${value.slice(0, 40)}…(${value.length} chars)`
      if (typeof value === "number" && !Number.isFinite(value)) return String(value)
      return value
    })
    return (text ?? String(input)).slice(0, 400)
  } catch (error) {
    return `<unprintable: ${(error as Error).message}>`
  }
}

/** Problems with one answer; empty when it is a valid result or a clear error. */
/**
 * Names the call in a problem. Printing a hostile input (900,000 characters, 20,000 levels deep)
 * costs milliseconds, and the fuzz sends tens of thousands: it is printed only for a problem.
 */
function whereOf(channel: string, input: unknown): () => string {
  return () => `${channel} ${describeInput(input)}`
}

export function answerProblems(channel: string, input: unknown, result: IpcResult<unknown>): string[] {
  const where = whereOf(channel, input)
  if (result === null || typeof result !== "object" || typeof result.ok !== "boolean") return [`${where()}: not an IpcResult: ${describeInput(result)}`]
  const problems: string[] = []
  try {
    JSON.stringify(result)
  } catch (error) {
    problems.push(`${where()}: the answer cannot cross the boundary: ${(error as Error).message}`)
  }
  if (result.ok) {
    if (!Object.hasOwn(channels, channel)) return [`${where()}: an unknown channel answered ok`]
    const parsed = channels[channel as ChannelKey].output.safeParse(result.value)
    if (!parsed.success) problems.push(`${where()}: ok, but the value is outside the contract`)
    return problems
  }
  const error = IpcError.safeParse(result.error)
  if (!error.success) return [...problems, `${where()}: the error is not an IpcError: ${describeInput(result.error)}`]
  if (error.data.code === "INTERNAL") problems.push(`${where()}: INTERNAL (a handler failed): ${error.data.message}`)
  if (error.data.message.trim() === "") problems.push(`${where()}: an error without a message`)
  const size = JSON.stringify(result.error).length
  if (size > MAX_ERROR_JSON) problems.push(`${where()}: a ${size}-character error`)
  return problems
}

export function snapshotProblems(channel: string, input: unknown, before: DbSnapshot, after: DbSnapshot): string[] {
  const where = whereOf(channel, input)
  const problems: string[] = []
  for (const [table, count] of Object.entries(before.counts))
    if (after.counts[table] !== count) problems.push(`${where()}: rejected, yet ${table} went from ${count} to ${after.counts[table]} rows`)
  if (after.chainHeads !== before.chainHeads) problems.push(`${where()}: rejected, yet a trace's chain head or status changed`)
  if (after.mutableRows !== before.mutableRows) problems.push(`${where()}: rejected, yet settings or clients changed`)
  return problems
}

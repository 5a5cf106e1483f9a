// The version of what the engine says for a given input. A trace records the version that made
// it; verify replays a trace only with the engine version that recorded it, because any change to
// the engine's events (its wording, a new field, a new stage) makes an honest old trace differ.
// Bump it with every change to the events the engine emits for the same request and pack.
//
// 1: traces recorded before the version was recorded (to issue 17).
// 2: question focus (issue 17), rule pack 2.0 fields (issue 18).
export const ENGINE_VERSION = 2

/** Why a trace cannot be replayed by this build's engine, or undefined when it can. */
export function replayMismatch(recordedBy: number | undefined): string | undefined {
  const version = recordedBy ?? 1
  if (version === ENGINE_VERSION) return undefined
  return `recorded by engine version ${version}; this build runs engine version ${ENGINE_VERSION}, so its events are not re-derived (the hash chain and the pack snapshot are still checked)`
}

/**
 * The version a trace was recorded by: the one its request names, but never older than its own
 * hash-chained events show. Every version-2 run's intake event carries the question's focus, so
 * editing the request to claim an older engine (to escape the replay) does not work without
 * rewriting the chain, and a consistent rewrite is still reported as "not re-derived".
 */
export function recordedEngineVersion(requestVersion: number | undefined, events: readonly unknown[]): number {
  const hasFocus = events.some((event) => {
    const e = event as { stage?: unknown; status?: unknown; data?: { focus?: unknown } } | null
    return e?.stage === "QUESTION_INTAKE" && e.status === "complete" && e.data?.focus !== undefined
  })
  return Math.max(requestVersion ?? 1, hasFocus ? 2 : 1)
}

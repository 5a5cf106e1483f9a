// A deep copy of plain data (objects, arrays, strings, numbers, booleans, null): the contexts and
// profiles a run copies are contract-checked JSON. structuredClone serialises through the
// structured-clone machinery and cost about ten times as much for these small objects, on every
// run and every conditional branch; anything that is not plain data still goes through it.

export function plainCopy<T>(value: T): T {
  return copy(value) as T
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value
  if (Array.isArray(value)) return value.map(copy)
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return structuredClone(value)
  const out: Record<string, unknown> = {}
  // defineProperty, not assignment: a JSON key "__proto__" is an own member, and assigning it
  // would set the copy's prototype instead (and lose the member).
  for (const [key, member] of Object.entries(value))
    Object.defineProperty(out, key, { value: copy(member), enumerable: true, writable: true, configurable: true })
  return out
}

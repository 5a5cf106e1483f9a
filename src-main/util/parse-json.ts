/** JSON.parse, or null for text that is not JSON (stored rows are checked, not trusted). */
export function parseJsonOrNull(json: string): unknown {
  try {
    return JSON.parse(json)
  } catch {
    return null
  }
}

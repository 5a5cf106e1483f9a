// Pack versions are "MAJOR.MINOR.PATCH" (the pack schema's pattern). Only what publishing needs:
// compare two versions, and the next patch version.

const PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/

export function isPackVersion(text: string): boolean {
  return PATTERN.test(text)
}

function parts(version: string): [number, number, number] {
  const match = PATTERN.exec(version)
  if (match === null) throw new Error(`not a pack version (MAJOR.MINOR.PATCH): ${version}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < 3; i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

export function nextPatch(version: string): string {
  const [major, minor, patch] = parts(version)
  return `${major}.${minor}.${patch + 1}`
}

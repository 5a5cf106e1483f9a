import { readBoundedText } from "../util/bounded-read"
import { canonicalJson, sha256Hex } from "../util/canonical-json"
import { RulePack } from "./pack-schema"

/** A validated pack with its identity: id + version + SHA-256 of its canonical JSON. */
export interface LoadedPack {
  readonly pack: RulePack
  readonly id: string
  readonly version: string
  readonly hash: string
  readonly canonicalJson: string
}

export class PackLoadError extends Error {}

/** Validates a parsed pack and checks its internal references; throws PackLoadError naming the problem. */
export function loadPack(raw: unknown): LoadedPack {
  const parsed = RulePack.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue ? issue.path.join(".") : "?"
    throw new PackLoadError(`invalid rule pack at ${where}: ${issue?.message ?? "unknown problem"}`)
  }
  const pack = parsed.data
  checkReferences(pack)
  const json = canonicalJson(pack)
  return { pack, id: pack.id, version: pack.version, hash: sha256Hex(json), canonicalJson: json }
}

/** The shipped pack is about 1 MB; a pack of 10,000 rules about 6 MB. */
export const MAX_PACK_BYTES = 64 * 1024 * 1024

export function loadPackFile(path: string): LoadedPack {
  let raw: unknown
  try {
    raw = JSON.parse(readBoundedText(path, MAX_PACK_BYTES, "a rule pack"))
  } catch (error) {
    throw new PackLoadError(`cannot read rule pack ${path}: ${(error as Error).message}`)
  }
  return loadPack(raw)
}

function checkReferences(pack: RulePack): void {
  const unique = (kind: string, ids: string[]) => {
    const seen = new Set<string>()
    for (const id of ids) {
      if (seen.has(id)) throw new PackLoadError(`duplicate ${kind} id: ${id}`)
      seen.add(id)
    }
    return seen
  }
  const sources = unique("source", pack.sources.map((s) => s.id))
  const evidence = unique("evidence", pack.evidence.map((e) => e.id))
  const topics = unique("topic", pack.topics.map((t) => t.id))
  const concepts = unique("concept", pack.concepts.map((c) => c.slug))
  const rules = unique("rule", pack.rules.map((r) => r.id))
  unique("conflict", pack.conflicts.map((c) => c.id))
  for (const e of pack.evidence)
    if (!sources.has(e.sourceId)) throw new PackLoadError(`evidence ${e.id} names unknown source ${e.sourceId}`)
  for (const c of pack.concepts)
    if (!topics.has(c.topic)) throw new PackLoadError(`concept ${c.slug} names unknown topic ${c.topic}`)
  for (const r of pack.rules) {
    if (!concepts.has(r.conceptSlug)) throw new PackLoadError(`rule ${r.id} names unknown concept ${r.conceptSlug}`)
    for (const id of r.evidenceIds)
      if (!evidence.has(id)) throw new PackLoadError(`rule ${r.id} cites unknown evidence ${id}`)
    if (r.effectiveUntil !== null && r.effectiveUntil < r.effectiveFrom)
      throw new PackLoadError(`rule ${r.id} ends before it starts`)
  }
  for (const c of pack.conflicts)
    for (const id of c.ruleIds) if (!rules.has(id)) throw new PackLoadError(`conflict ${c.id} names unknown rule ${id}`)
}

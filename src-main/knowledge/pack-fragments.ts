import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

// A pack is authored as a folder: pack.json (identity and the shared vocabulary) plus one file per
// area of law, so that several authors can work side by side. mergePackFragments joins them into
// the one file the app ships and loads (resources/packs/hr-core.json); scripts/build-pack.ts
// writes it, and a test checks the shipped file is the merge of its folder.

const LIST_KEYS = ["sources", "evidence", "topics", "concepts", "rules", "conflicts", "subjects", "attributeTerms"] as const
type ListKey = (typeof LIST_KEYS)[number]
type Fragment = Partial<Record<ListKey, unknown[]>> & Record<string, unknown>

export class PackFragmentError extends Error {}

/** Lists are concatenated in file order; a source may repeat across files only if identical. */
export function mergePackFragments(manifest: Fragment, fragments: ReadonlyArray<{ name: string; content: Fragment }>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...manifest }
  for (const key of LIST_KEYS) merged[key] = [...(manifest[key] ?? [])]
  for (const { name, content } of fragments) {
    for (const key of Object.keys(content))
      if (!(LIST_KEYS as readonly string[]).includes(key))
        throw new PackFragmentError(`${name}: unknown key "${key}" (a fragment holds only ${LIST_KEYS.join(", ")})`)
    for (const key of LIST_KEYS) {
      const items = content[key] ?? []
      if (!Array.isArray(items)) throw new PackFragmentError(`${name}: "${key}" is not a list`)
      const list = merged[key] as unknown[]
      if (key === "sources") {
        for (const source of items) addSource(list, source, name)
        continue
      }
      list.push(...items)
    }
  }
  return merged
}

function addSource(list: unknown[], source: unknown, file: string): void {
  const id = (source as { id?: unknown }).id
  const existing = list.find((s) => (s as { id?: unknown }).id === id)
  if (existing === undefined) {
    list.push(source)
    return
  }
  if (JSON.stringify(existing) !== JSON.stringify(source))
    throw new PackFragmentError(`${file}: source "${String(id)}" differs from its earlier definition`)
}

/** Reads a pack folder: pack.json first, then every other .json file in name order. */
export function readPackFolder(folder: string): Record<string, unknown> {
  const read = (name: string): Fragment => {
    try {
      return JSON.parse(readFileSync(join(folder, name), "utf8")) as Fragment
    } catch (error) {
      throw new PackFragmentError(`${name}: ${(error as Error).message}`)
    }
  }
  const names = readdirSync(folder)
    .filter((n) => n.endsWith(".json") && n !== "pack.json")
    .sort()
  return mergePackFragments(
    read("pack.json"),
    names.map((name) => ({ name, content: read(name) })),
  )
}

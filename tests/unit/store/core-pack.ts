import { join } from "node:path"
import { loadPackFile, type LoadedPack } from "../../../src-main/knowledge/loader"

// The shipped Croatian rule pack, loaded once. No vitest imports: the crash test's child uses it.

let corePack: LoadedPack | null = null

export function hrCorePack(): LoadedPack {
  corePack ??= loadPackFile(join(import.meta.dirname, "..", "..", "..", "resources", "packs", "hr-core.json"))
  return corePack
}

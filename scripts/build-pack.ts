// Joins resources/packs/hr-core/*.json into resources/packs/hr-core.json, the file the app loads.
// Usage: tsx scripts/build-pack.ts [--check]   (--check: exit 1 when the shipped file is stale)
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { loadPack } from "../src-main/knowledge/loader"
import { readPackFolder } from "../src-main/knowledge/pack-fragments"

const root = join(import.meta.dirname, "..", "resources", "packs")
const target = join(root, "hr-core.json")
const merged = readPackFolder(join(root, "hr-core"))
loadPack(merged) // schema and references; throws PackLoadError naming the problem
const text = `${JSON.stringify(merged, null, 1)}\n`
if (process.argv.includes("--check")) {
  const current = readFileSync(target, "utf8")
  if (current !== text) {
    process.stderr.write("resources/packs/hr-core.json is not the merge of resources/packs/hr-core/: run npm run pack:build\n")
    process.exit(1)
  }
} else {
  writeFileSync(target, text)
  process.stdout.write(`wrote ${target}\n`)
}

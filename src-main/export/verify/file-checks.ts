import type { BundleProblem } from "../../../src-shared/export"
import { loadPack, type LoadedPack } from "../../knowledge/loader"
import { sha256Hex } from "../../util/canonical-json"
import { EVENTS_FILE, MANIFEST_FILE, PACK_DIR, packFileName, REPORT_FILE, SIGNATURE_FILE, TRACES_CSV_FILE, TRACES_JSONL_FILE, type Manifest } from "../bundle-format"
import type { BundleReader } from "./bundle-reader"
import { compareDigest, fileProblem } from "./problems"

// The bundle's files against the signed manifest: none missing, none extra, every hash equal;
// and each rule-pack snapshot is a valid pack whose canonical hash is its name.

const REQUIRED = [EVENTS_FILE, TRACES_JSONL_FILE, TRACES_CSV_FILE, REPORT_FILE]
const MAX_PACK_BYTES = 64 * 1024 * 1024

/** Checks names and the hashes of every listed file except `streamed` (hashed while the traces are read). */
export async function checkFiles(
  reader: BundleReader,
  manifest: Manifest,
  report: (p: BundleProblem) => void,
  streamed: ReadonlySet<string>,
): Promise<void> {
  const listed = new Map(manifest.files.map((f) => [f.path, f]))
  if (listed.size !== manifest.files.length) report(fileProblem(MANIFEST_FILE, "the manifest lists a file twice"))
  for (const name of REQUIRED) if (!listed.has(name)) report(fileProblem(name, `the manifest does not list ${name}`))
  for (const hash of new Set(manifest.traces.map((t) => t.packHash)))
    if (!listed.has(packFileName(hash))) report(fileProblem(packFileName(hash), `the manifest does not list the rule pack ${hash} its traces used`))
  for (const name of reader.names()) {
    if (name === MANIFEST_FILE || name === SIGNATURE_FILE) continue
    if (!listed.has(name)) report(fileProblem(name, `${name} is in the bundle but not in the manifest (an added file)`))
  }
  for (const file of manifest.files) {
    if (file.path === MANIFEST_FILE || file.path === SIGNATURE_FILE) {
      report(fileProblem(file.path, `the manifest cannot list ${file.path} itself`))
      continue
    }
    if (!reader.entries.has(file.path)) {
      report(fileProblem(file.path, `${file.path} is listed in the manifest but missing from the bundle`))
      continue
    }
    if (!streamed.has(file.path)) compareDigest(file, await reader.digest(file.path), report)
  }
}

/** Reads every listed rule-pack snapshot; a pack that is not what its name says is left out. */
export async function loadPacks(reader: BundleReader, manifest: Manifest, report: (p: BundleProblem) => void): Promise<Map<string, LoadedPack>> {
  const packs = new Map<string, LoadedPack>()
  for (const file of manifest.files) {
    if (!file.path.startsWith(PACK_DIR) || !reader.entries.has(file.path)) continue
    const hash = file.path.slice(PACK_DIR.length).replace(/\.json$/, "")
    const bytes = await reader.readAll(file.path, MAX_PACK_BYTES)
    try {
      const pack = loadPack(JSON.parse(bytes.toString("utf8")))
      if (pack.hash !== hash) report(fileProblem(file.path, `the pack's canonical hash is ${pack.hash}, not the ${hash} its name claims`))
      else if (sha256Hex(bytes) !== hash) report(fileProblem(file.path, "the pack file is not in canonical JSON form"))
      else packs.set(hash, pack)
    } catch (error) {
      report(fileProblem(file.path, `not a valid rule pack: ${(error as Error).message}`))
    }
  }
  return packs
}

import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { loadPackFile } from "../../../../src-main/knowledge/loader"

// The hand-written e-invoices of tests/fixtures/einvoices and the shipped rule pack.

export function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../../../fixtures/einvoices/${name}`, import.meta.url)))
}

export const shippedPack = loadPackFile(
  fileURLToPath(new URL("../../../../resources/packs/hr-core.json", import.meta.url)),
)

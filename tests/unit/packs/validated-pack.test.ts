import { describe, expect, it } from "vitest"
import { loadPack } from "../../../src-main/knowledge/loader"
import { keptValidated, keepValidated, PackContentMismatch, validatedPack } from "../../../src-main/packs/validated-pack"
import { realPack } from "../../fixtures/packs"
import { shippedPackRaw } from "../shadow/fixtures"

// A pack this process validated, handed on as its canonical JSON and hash (to a worker thread, or
// back from one): rebuilt without the schema, only its hash checked.

describe("validatedPack", () => {
  it("rebuilds the very pack loadPack made, with the same identity", () => {
    const loaded = realPack()
    const again = validatedPack(loaded.canonicalJson, loaded.hash)
    expect(again.pack).toEqual(loaded.pack)
    expect([again.id, again.version, again.hash, again.canonicalJson]).toEqual([loaded.id, loaded.version, loaded.hash, loaded.canonicalJson])
  })

  it("refuses a text that is not the one hashed (a mix-up of packs)", () => {
    const loaded = realPack()
    const other = loadPack({ ...shippedPackRaw(), version: "9.9.9" })
    expect(() => validatedPack(other.canonicalJson, loaded.hash)).toThrow(PackContentMismatch)
    expect(() => validatedPack(other.canonicalJson, loaded.hash)).toThrow(`hashes to ${other.hash}, not ${loaded.hash}`)
  })

  it("keeps the last two packs by hash, parsing a kept text only when it is asked for", () => {
    const a = loadPack({ ...shippedPackRaw(), version: "9.9.1" })
    const b = loadPack({ ...shippedPackRaw(), version: "9.9.2" })
    const c = loadPack({ ...shippedPackRaw(), version: "9.9.3" })
    keepValidated(a)
    // As the build thread hands one back: its identity and text, the rules parsed when first read.
    keepValidated({ id: b.id, version: b.version, canonicalJson: b.canonicalJson, hash: b.hash })
    expect(keptValidated(a.hash)).toBe(a)
    const keptB = keptValidated(b.hash)
    expect([keptB?.id, keptB?.version, keptB?.hash, keptB?.canonicalJson]).toEqual([b.id, b.version, b.hash, b.canonicalJson])
    expect(keptB?.pack).toEqual(b.pack)
    expect(keptB?.pack).toBe(keptB?.pack)
    keepValidated(c)
    expect(keptValidated(a.hash)).toBeNull()
    expect(keptValidated(b.hash)?.version).toBe("9.9.2")
    expect(keptValidated(c.hash)).toBe(c)
  })
})

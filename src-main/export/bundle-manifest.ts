import { canonicalJson } from "../util/canonical-json"
import type { Manifest, ManifestTrace } from "./bundle-format"
import type { SpillFile } from "./spill-file"
import type { SourceTrace } from "./trace-source"

// manifest.json, built for 100,000 traces without holding them in memory during the pass: each
// trace's entry is written as canonical JSON to a temporary file as the pass goes, and at the end
// the manifest's other members are put around it in one buffer (the signature needs the bytes
// whole). "traces" sorts after every other member name, so the list goes last and the result is
// exactly canonicalJson(manifest).

export class ManifestTraceList {
  private pending: string[] = []
  count = 0

  constructor(private readonly spill: SpillFile) {}

  add({ summary, role }: SourceTrace): void {
    const entry: ManifestTrace = {
      requestId: summary.requestId,
      role,
      chainHead: summary.chainHead,
      eventCount: summary.eventCount,
      packHash: summary.packHash,
      counterfactualOf: summary.counterfactualOf,
    }
    // canonicalJson(entry), written out: the members in sorted order (100,000 times, no sorting).
    const json = JSON.stringify
    this.pending.push(
      `{"chainHead":${json(entry.chainHead)},"counterfactualOf":${json(entry.counterfactualOf)},"eventCount":${json(entry.eventCount)},` +
        `"packHash":${json(entry.packHash)},"requestId":${json(entry.requestId)},"role":${json(entry.role)}}`,
    )
    this.count += 1
  }

  /** Writes the entries added since the last flush to the temporary file. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return
    const separator = this.spill.size === 0 ? "" : ","
    const text = separator + this.pending.join(",")
    this.pending = []
    await this.spill.append(Buffer.from(text, "utf8"))
  }

  /** canonicalJson of the whole manifest, as bytes, from its other members and the entries. */
  async manifest(members: Omit<Manifest, "traces">): Promise<Buffer> {
    if (Object.keys(members).some((name) => name >= "traces")) throw new Error("the manifest's traces must be its last member")
    await this.flush()
    const head = Buffer.from(`${canonicalJson(members).slice(0, -1)},"traces":[`, "utf8")
    const tail = Buffer.from("]}", "utf8")
    const bytes = Buffer.allocUnsafe(head.length + this.spill.size + tail.length)
    let at = head.copy(bytes, 0)
    for await (const chunk of this.spill.read()) {
      bytes.set(chunk, at)
      at += chunk.length
    }
    tail.copy(bytes, at)
    return bytes
  }
}

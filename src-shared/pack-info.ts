import { z } from "zod"

/** The rule pack the app answers from, for the About section: its identity and provenance. */
export const PackInfo = z.strictObject({
  id: z.string(),
  version: z.string(),
  publishedAt: z.string(),
  /** SHA-256 of the pack's canonical JSON: the same hash every trace and export records. */
  hash: z.string(),
  rules: z.number().int().nonnegative(),
  concepts: z.number().int().nonnegative(),
  /** Rules whose primary source is statute, regulation or the tax authority's guidance. */
  officialRules: z.number().int().nonnegative(),
  /**
   * Where this version came from: shipped with the app, published at this desk, imported from a
   * signed file, or put into force from the firm (published at `desk`). Absent when unknown.
   */
  origin: z
    .strictObject({
      kind: z.enum(["bundled", "local", "imported", "firm"]),
      publisherName: z.string().nullable(),
      desk: z.string().nullable(),
    })
    .optional(),
})

export type PackInfo = z.infer<typeof PackInfo>

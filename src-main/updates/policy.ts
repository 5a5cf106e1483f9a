import { z } from "zod"

// Whether this install may look for updates at all. A pure function of four inputs, so every
// combination is testable: the user's setting, the environment, the administrator's policy files,
// and whether this is a packaged app. Any "off" wins; an unreadable or malformed policy file counts
// as "off" (fail closed): an administrator who wrote one meant to restrict, never to widen.

export const DISABLE_UPDATES_ENV = "FISKAI_DISABLE_UPDATES"

/** `{ "updates": { "enabled": false } }`; other top-level keys are left for future policies. */
export const PolicyFileSchema = z.looseObject({
  updates: z.strictObject({ enabled: z.boolean() }).optional(),
})

export type PolicyFileRead =
  | { readonly path: string; readonly kind: "missing" }
  | { readonly path: string; readonly kind: "unreadable"; readonly error: string }
  | { readonly path: string; readonly kind: "read"; readonly contents: string }

export interface UpdatePolicyInputs {
  readonly updatesEnabledSetting: boolean
  readonly env: Readonly<Record<string, string | undefined>>
  readonly policyFiles: ReadonlyArray<PolicyFileRead>
  readonly isPackaged: boolean
}

/** Who turned updates off; lets a UI say "your administrator" rather than "you". */
export type DisabledSource = "policy-file" | "environment" | "setting" | "not-packaged"

export type UpdatePolicyDecision =
  | { readonly enabled: true }
  | { readonly enabled: false; readonly source: DisabledSource; readonly reason: string }

export function resolveUpdatePolicy(inputs: UpdatePolicyInputs): UpdatePolicyDecision {
  for (const file of inputs.policyFiles) {
    const verdict = policyFileVerdict(file)
    if (verdict !== null) return { enabled: false, source: "policy-file", reason: verdict }
  }
  const envValue = inputs.env[DISABLE_UPDATES_ENV]
  if (envDisables(envValue)) {
    return {
      enabled: false,
      source: "environment",
      reason: `turned off by the environment variable ${DISABLE_UPDATES_ENV}=${clip(envValue ?? "", 40)}`,
    }
  }
  if (!inputs.updatesEnabledSetting) {
    return { enabled: false, source: "setting", reason: "turned off in Settings" }
  }
  if (!inputs.isPackaged) {
    return { enabled: false, source: "not-packaged", reason: "not a packaged app (development build)" }
  }
  return { enabled: true }
}

/** null when the file allows updates (or is absent); otherwise why it turns them off. */
export function policyFileVerdict(file: PolicyFileRead): string | null {
  if (file.kind === "missing") return null
  if (file.kind === "unreadable")
    return `policy file ${file.path} could not be read: ${clip(file.error, 200)}`
  const parsed = parsePolicyFile(file.contents)
  if (!parsed.ok) return `policy file ${file.path} is malformed: ${parsed.error}`
  if (parsed.policy.updates?.enabled === false)
    return `turned off by the administrator's policy file ${file.path}`
  return null
}

export type ParsedPolicyFile =
  | { readonly ok: true; readonly policy: z.infer<typeof PolicyFileSchema> }
  | { readonly ok: false; readonly error: string }

export function parsePolicyFile(contents: string): ParsedPolicyFile {
  // Notepad saves UTF-8 with a byte-order mark, which JSON.parse rejects.
  const text = contents.replace(/^\uFEFF/, "")
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: clip(error instanceof Error ? error.message : String(error), 200) }
  }
  const result = PolicyFileSchema.safeParse(json)
  if (!result.success) {
    const first = result.error.issues[0]
    const where = first && first.path.length > 0 ? `${first.path.join(".")}: ` : ""
    return { ok: false, error: clip(`${where}${first?.message ?? "invalid policy"}`, 200) }
  }
  return { ok: true, policy: result.data }
}

/** Unset, empty, "0", "false" and "no" leave updates on; any other value turns them off. */
function envDisables(value: string | undefined): boolean {
  if (value === undefined) return false
  const normalised = value.trim().toLowerCase()
  return !(normalised === "" || normalised === "0" || normalised === "false" || normalised === "no")
}

function clip(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, " ").trim()
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`
}

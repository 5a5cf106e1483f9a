import path from "node:path"

// Where an administrator may place the policy file: next to the installation, and in one
// machine-wide folder per OS that deployment tools (GPO, Intune, Jamf, Ansible) can write to.
// Pure, so the paths of all three OSes are testable on any of them.

export const POLICY_FILE_NAME = "fiskai-policy.json"
export const PRODUCT_FOLDER = "FiskAI Workstation"

export interface PolicyLocationInputs {
  readonly platform: NodeJS.Platform
  /** The running executable: Electron's `app.getPath("exe")`. */
  readonly exePath: string
  /** Reads APPIMAGE (Linux AppImage) and ProgramData (Windows). */
  readonly env: Readonly<Record<string, string | undefined>>
}

export function policyFileLocations(inputs: PolicyLocationInputs): string[] {
  const locations =
    inputs.platform === "win32"
      ? windowsLocations(inputs)
      : inputs.platform === "darwin"
        ? macLocations(inputs)
        : linuxLocations(inputs)
  return [...new Set(locations)]
}

function windowsLocations({ exePath, env }: PolicyLocationInputs): string[] {
  const programData = nonEmpty(env["ProgramData"]) ?? "C:\\ProgramData"
  return [
    path.win32.join(path.win32.dirname(exePath), POLICY_FILE_NAME),
    path.win32.join(programData, PRODUCT_FOLDER, POLICY_FILE_NAME),
  ]
}

function macLocations({ exePath }: PolicyLocationInputs): string[] {
  // The bundle itself is sealed by the code signature, so "next to the installation" is the
  // folder holding FiskAI Workstation.app (usually /Applications).
  const bundle = enclosingAppBundle(exePath)
  const beside = bundle === null ? path.posix.dirname(exePath) : path.posix.dirname(bundle)
  return [
    path.posix.join(beside, POLICY_FILE_NAME),
    path.posix.join("/Library/Application Support", PRODUCT_FOLDER, POLICY_FILE_NAME),
  ]
}

function linuxLocations({ exePath, env }: PolicyLocationInputs): string[] {
  // An AppImage runs from a temporary mount; the file the user installed is $APPIMAGE.
  const appImage = nonEmpty(env["APPIMAGE"])
  const installed = appImage ?? exePath
  return [
    path.posix.join(path.posix.dirname(installed), POLICY_FILE_NAME),
    path.posix.join("/etc/fiskai-workstation", POLICY_FILE_NAME),
  ]
}

function enclosingAppBundle(exePath: string): string | null {
  const parts = exePath.split("/")
  for (let i = parts.length - 1; i > 0; i--) {
    if (parts[i]?.endsWith(".app")) return parts.slice(0, i + 1).join("/")
  }
  return null
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value : undefined
}

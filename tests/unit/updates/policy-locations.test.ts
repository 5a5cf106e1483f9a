import { describe, expect, it } from "vitest"
import { policyFileLocations } from "../../../src-main/updates/policy-locations"

// Where an administrator's policy file is looked for on each OS.

describe("policyFileLocations", () => {
  it("Windows: beside the executable, and under ProgramData", () => {
    expect(
      policyFileLocations({
        platform: "win32",
        exePath: "C:\\Program Files\\FiskAI Workstation\\FiskAI Workstation.exe",
        env: { ProgramData: "D:\\ProgramData" },
      }),
    ).toEqual([
      "C:\\Program Files\\FiskAI Workstation\\fiskai-policy.json",
      "D:\\ProgramData\\FiskAI Workstation\\fiskai-policy.json",
    ])
  })

  it("Windows: falls back to C:\\ProgramData when the variable is missing", () => {
    const [, machineWide] = policyFileLocations({
      platform: "win32",
      exePath: "C:\\Users\\ana\\AppData\\Local\\Programs\\fiskai-workstation\\FiskAI Workstation.exe",
      env: {},
    })
    expect(machineWide).toBe("C:\\ProgramData\\FiskAI Workstation\\fiskai-policy.json")
  })

  it("macOS: beside the .app bundle (its inside is sealed by the signature), and in /Library/Application Support", () => {
    expect(
      policyFileLocations({
        platform: "darwin",
        exePath: "/Applications/FiskAI Workstation.app/Contents/MacOS/FiskAI Workstation",
        env: {},
      }),
    ).toEqual([
      "/Applications/fiskai-policy.json",
      "/Library/Application Support/FiskAI Workstation/fiskai-policy.json",
    ])
  })

  it("Linux deb: beside the executable in /opt, and in /etc", () => {
    expect(
      policyFileLocations({
        platform: "linux",
        exePath: "/opt/FiskAI Workstation/fiskai-workstation",
        env: {},
      }),
    ).toEqual(["/opt/FiskAI Workstation/fiskai-policy.json", "/etc/fiskai-workstation/fiskai-policy.json"])
  })

  it("Linux AppImage: beside the AppImage file, not inside its temporary mount", () => {
    const [beside] = policyFileLocations({
      platform: "linux",
      exePath: "/tmp/.mount_FiskAIxYz/fiskai-workstation",
      env: { APPIMAGE: "/home/ana/Applications/FiskAI-Workstation-1.0.0.AppImage" },
    })
    expect(beside).toBe("/home/ana/Applications/fiskai-policy.json")
  })
})

import { describe, expect, it } from "vitest"
import {
  parsePolicyFile,
  resolveUpdatePolicy,
  type PolicyFileRead,
  type UpdatePolicyInputs,
} from "../../../src-main/updates/policy"

// The policy layer: setting, environment, administrator's policy files, packaged or not.

const base: UpdatePolicyInputs = { updatesEnabledSetting: true, env: {}, policyFiles: [], isPackaged: true }
const file = (contents: string, path = "/opt/FiskAI Workstation/fiskai-policy.json"): PolicyFileRead => ({
  path,
  kind: "read",
  contents,
})

describe("resolveUpdatePolicy", () => {
  it("allows updates in a packaged app when nothing says otherwise", () => {
    expect(resolveUpdatePolicy(base)).toEqual({ enabled: true })
    expect(resolveUpdatePolicy({ ...base, policyFiles: [{ path: "/etc/x", kind: "missing" }] })).toEqual({
      enabled: true,
    })
  })

  it("is off in a development (unpackaged) build", () => {
    expect(resolveUpdatePolicy({ ...base, isPackaged: false })).toEqual({
      enabled: false,
      source: "not-packaged",
      reason: "not a packaged app (development build)",
    })
  })

  it("is off when the user turned updates off in Settings", () => {
    expect(resolveUpdatePolicy({ ...base, updatesEnabledSetting: false })).toEqual({
      enabled: false,
      source: "setting",
      reason: "turned off in Settings",
    })
  })

  it.each(["1", "true", "yes", "on", " 1 "])("is off with FISKAI_DISABLE_UPDATES=%j", (value) => {
    const decision = resolveUpdatePolicy({ ...base, env: { FISKAI_DISABLE_UPDATES: value } })
    expect(decision).toMatchObject({ enabled: false, source: "environment" })
    expect(decision.enabled === false && decision.reason).toContain("FISKAI_DISABLE_UPDATES")
  })

  it.each(["", "0", "false", "no", "FALSE"])("stays on with FISKAI_DISABLE_UPDATES=%j", (value) => {
    expect(resolveUpdatePolicy({ ...base, env: { FISKAI_DISABLE_UPDATES: value } })).toEqual({
      enabled: true,
    })
  })

  it("is off when a policy file says so, naming the file", () => {
    const decision = resolveUpdatePolicy({
      ...base,
      policyFiles: [file('{ "updates": { "enabled": false } }')],
    })
    expect(decision).toEqual({
      enabled: false,
      source: "policy-file",
      reason: "turned off by the administrator's policy file /opt/FiskAI Workstation/fiskai-policy.json",
    })
  })

  it("a policy file that allows updates does not override the user's setting", () => {
    const decision = resolveUpdatePolicy({
      ...base,
      updatesEnabledSetting: false,
      policyFiles: [file('{ "updates": { "enabled": true } }')],
    })
    expect(decision).toMatchObject({ enabled: false, source: "setting" })
  })

  it("any one of several policy files turning updates off wins", () => {
    const decision = resolveUpdatePolicy({
      ...base,
      policyFiles: [
        file('{ "updates": { "enabled": true } }'),
        file('{"updates":{"enabled":false}}', "/etc/fiskai-workstation/fiskai-policy.json"),
      ],
    })
    expect(decision).toMatchObject({
      enabled: false,
      source: "policy-file",
      reason: expect.stringContaining("/etc/fiskai-workstation/"),
    })
  })

  it("the administrator's policy is reported before the environment and the setting", () => {
    const decision = resolveUpdatePolicy({
      updatesEnabledSetting: false,
      env: { FISKAI_DISABLE_UPDATES: "1" },
      policyFiles: [file('{"updates":{"enabled":false}}')],
      isPackaged: false,
    })
    expect(decision).toMatchObject({ enabled: false, source: "policy-file" })
  })

  it.each([
    ["not JSON", "updates: off"],
    ["empty", ""],
    ["a string for the flag", '{ "updates": { "enabled": "false" } }'],
    ["a misspelt key", '{ "updates": { "enable": true } }'],
    ["an array", "[]"],
    ["null", "null"],
    ["truncated", '{ "updates": { "enabled": fal'],
  ])(
    "fails closed on a malformed policy file (%s), with the parse error as the reason",
    (_label, contents) => {
      const decision = resolveUpdatePolicy({ ...base, policyFiles: [file(contents)] })
      expect(decision).toMatchObject({ enabled: false, source: "policy-file" })
      expect(decision.enabled === false && decision.reason).toMatch(
        /^policy file \/opt\/FiskAI Workstation\/fiskai-policy\.json is malformed: \S/,
      )
    },
  )

  it("fails closed on a policy file that exists but cannot be read", () => {
    const decision = resolveUpdatePolicy({
      ...base,
      policyFiles: [
        {
          path: "C:\\ProgramData\\FiskAI Workstation\\fiskai-policy.json",
          kind: "unreadable",
          error: "EACCES",
        },
      ],
    })
    expect(decision).toEqual({
      enabled: false,
      source: "policy-file",
      reason: "policy file C:\\ProgramData\\FiskAI Workstation\\fiskai-policy.json could not be read: EACCES",
    })
  })
})

describe("parsePolicyFile", () => {
  it("accepts the file Windows Notepad writes (UTF-8 with a byte-order mark)", () => {
    expect(parsePolicyFile('\uFEFF{ "updates": { "enabled": false } }')).toEqual({
      ok: true,
      policy: { updates: { enabled: false } },
    })
  })

  it("leaves room for other policies in the same file", () => {
    expect(parsePolicyFile('{ "telemetry": { "enabled": false } }')).toEqual({
      ok: true,
      policy: { telemetry: { enabled: false } },
    })
  })

  it("names the offending field", () => {
    const parsed = parsePolicyFile('{ "updates": { "enabled": "no" } }')
    expect(parsed.ok === false && parsed.error).toMatch(/^updates\.enabled: /)
  })

  it("keeps the reason short and on one line however long the file", () => {
    const parsed = parsePolicyFile(`{ "updates": ${"x".repeat(100_000)}`)
    expect(parsed.ok === false && parsed.error.length).toBeLessThanOrEqual(200)
    expect(parsed.ok === false && parsed.error).not.toContain("\n")
  })
})

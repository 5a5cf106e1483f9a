import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import {
  createPolicyResolver,
  MAX_POLICY_FILE_BYTES,
  readPolicyFile,
} from "../../../src-main/updates/policy-files"

// Reading real policy files from disk, and the live resolver that combines them with the setting.

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fiskai-policy-"))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe("readPolicyFile", () => {
  it("reports a missing file as missing, also under a missing folder", async () => {
    expect(await readPolicyFile(path.join(dir, "fiskai-policy.json"))).toEqual({
      path: path.join(dir, "fiskai-policy.json"),
      kind: "missing",
    })
    expect((await readPolicyFile(path.join(dir, "nope", "fiskai-policy.json"))).kind).toBe("missing")
  })

  it("reads an existing file", async () => {
    const file = path.join(dir, "fiskai-policy.json")
    await writeFile(file, '{"updates":{"enabled":false}}')
    expect(await readPolicyFile(file)).toEqual({
      path: file,
      kind: "read",
      contents: '{"updates":{"enabled":false}}',
    })
  })

  it("reports a folder in the file's place as unreadable", async () => {
    const file = path.join(dir, "fiskai-policy.json")
    await mkdir(file)
    expect(await readPolicyFile(file)).toEqual({ path: file, kind: "unreadable", error: "EISDIR" })
  })

  it("reports an oversized file as unreadable", async () => {
    const file = path.join(dir, "fiskai-policy.json")
    await writeFile(file, " ".repeat(MAX_POLICY_FILE_BYTES + 1))
    expect((await readPolicyFile(file)).kind).toBe("unreadable")
  })
})

describe("createPolicyResolver", () => {
  const policyPath = () => path.join(dir, "fiskai-policy.json")
  const resolver = (setting: () => boolean, env: Record<string, string> = {}) =>
    createPolicyResolver({
      readSetting: setting,
      env,
      policyFilePaths: [policyPath(), path.join(dir, "machine", "fiskai-policy.json")],
      isPackaged: true,
    })

  it("picks up a policy file placed, changed or removed while the app runs", async () => {
    const resolve = resolver(() => true)
    expect(await resolve()).toEqual({ enabled: true })

    await writeFile(policyPath(), '{ "updates": { "enabled": false } }')
    expect(await resolve()).toMatchObject({ enabled: false, source: "policy-file" })

    await writeFile(policyPath(), '{ "updates": { "enabled": tru')
    expect(await resolve()).toMatchObject({ enabled: false, reason: expect.stringContaining("is malformed") })

    await rm(policyPath())
    expect(await resolve()).toEqual({ enabled: true })
  })

  it("reads the setting afresh each time", async () => {
    let enabled = true
    const resolve = resolver(() => enabled)
    expect((await resolve()).enabled).toBe(true)
    enabled = false
    expect(await resolve()).toMatchObject({ enabled: false, source: "setting" })
  })

  it("honours the environment variable", async () => {
    expect(await resolver(() => true, { FISKAI_DISABLE_UPDATES: "1" })()).toMatchObject({
      enabled: false,
      source: "environment",
    })
  })
})

import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, test } from "vitest"
import { ModelSettingsError } from "../../../src-main/model/messages"
import { chatCompletionsUrl, DEFAULT_MODEL_SETTINGS, endpointLabel, redactedSettings } from "../../../src-main/model/settings"
import { loadModelSettings } from "../../../src-main/model/settings-file"
import { tempDir } from "../store/fixtures"

function file(content: string): string {
  const path = join(tempDir(), "model-provider.json")
  writeFileSync(path, content)
  return path
}

describe("the model provider's settings", () => {
  test("off by default: no file, no options", () => {
    expect(loadModelSettings(join(tempDir(), "absent.json"), {}, "hr", {})).toEqual(DEFAULT_MODEL_SETTINGS)
  })

  test("the file, then the command line; the key from the file or FISKAI_MODEL_KEY", () => {
    const path = file(JSON.stringify({ enabled: false, endpoint: "http://10.0.0.5:8000/v1", model: "a", limits: { stallMs: 1000 } }))
    const settings = loadModelSettings(path, { endpoint: "http://127.0.0.1:11434", model: "qwen3:0.6b" }, "en", { FISKAI_MODEL_KEY: "k-123" })
    expect(settings).toMatchObject({ enabled: true, endpoint: "http://127.0.0.1:11434", model: "qwen3:0.6b", apiKey: "k-123" })
    expect(settings.limits).toEqual({ ...DEFAULT_MODEL_SETTINGS.limits, stallMs: 1000 })
    expect(loadModelSettings(path, {}, "en", {})).toMatchObject({ enabled: false, endpoint: "http://10.0.0.5:8000/v1", model: "a" })
  })

  test("a bad file says where and what, in the user's language, and never repeats the key", () => {
    expect(() => loadModelSettings(file("{nope"), {}, "hr", {})).toThrow("datoteka nije ispravan JSON")
    expect(() => loadModelSettings(file(JSON.stringify({ limits: { stallMs: 1 } })), {}, "en", {})).toThrow("the field limits.stallMs is not valid")
    expect(() => loadModelSettings(file(JSON.stringify({ colour: "red" })), {}, "en", {})).toThrow(ModelSettingsError)
    const secret = "sk-do-not-print-me-0000"
    let message = ""
    try {
      loadModelSettings(file(JSON.stringify({ apiKey: secret, endpoint: "file:///etc/passwd" })), {}, "en", {})
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain("the field endpoint is not valid (an http(s) address is expected)")
    expect(message).not.toContain(secret)
  })

  test("the chat-completions URL from a base address, and labels that carry no key or path", () => {
    expect(chatCompletionsUrl("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080/v1/chat/completions")
    expect(chatCompletionsUrl("http://127.0.0.1:11434/v1/")).toBe("http://127.0.0.1:11434/v1/chat/completions")
    expect(chatCompletionsUrl("http://h:1/api/v1/chat/completions")).toBe("http://h:1/api/v1/chat/completions")
    expect(endpointLabel("http://user:pw@h:1/x?key=1")).toBe("h:1")
    expect(redactedSettings({ ...DEFAULT_MODEL_SETTINGS, apiKey: "x" }).apiKey).toBe("set")
  })
})

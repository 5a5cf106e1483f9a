// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { ModelSettingsView, ModelTestResult } from "../../../../../src-shared/model-provider"
import { renderApp } from "../../components/harness"

// Settings → "Local model": the form's own checks name a bad address or an empty model name in the
// user's language and send nothing; a save sends what was typed (a new key only when one was
// typed) and keeps the form as typed when the host refuses; the key is write-only; the connection
// test says what it found.

afterEach(cleanup)

const OFF: ModelSettingsView = { enabled: false, endpoint: "http://127.0.0.1:8080/v1/chat/completions", model: "local", draftProse: true, apiKey: "none", keySource: "none", keychain: true }

function host(view: ModelSettingsView, extra: Record<string, unknown> = {}) {
  return {
    "model.get": async () => ({ ok: true as const, value: view }),
    "model.update": async (patch: unknown) => ({ ok: true as const, value: { ...view, ...(patch as object), apiKey: "set" as const, keySource: "keychain" as const } }),
    ...extra,
  }
}

async function typeInto(testId: string, value: string) {
  fireEvent.change(await screen.findByTestId(testId), { target: { value } })
}

describe("the local model settings section", () => {
  it("names a bad address in Croatian and sends nothing; the typed text stays", async () => {
    const { fake } = renderApp("/settings", host(OFF))
    await typeInto("model-endpoint", "ftp://poslužitelj")
    await act(async () => fireEvent.click(screen.getByTestId("model-save")))
    expect(screen.getByTestId("model-status").textContent).toBe("Adresa poslužitelja mora biti http:// ili https:// adresa, npr. http://127.0.0.1:8080.")
    expect(fake.calls.some((c) => c.key === "model.update")).toBe(false)
    expect((screen.getByTestId("model-endpoint") as HTMLInputElement).value).toBe("ftp://poslužitelj")
  })

  it("names an empty model name in English", async () => {
    const { fake } = renderApp("/settings", host(OFF), { locale: "en" })
    await typeInto("model-name", "  ")
    await act(async () => fireEvent.click(screen.getByTestId("model-save")))
    expect(screen.getByTestId("model-status").textContent).toBe("Type the model's name.")
    expect(fake.calls.some((c) => c.key === "model.update")).toBe(false)
  })

  it("saves what was typed, the key only when one was typed, then shows the key as saved and empties the field", async () => {
    const { fake } = renderApp("/settings", host(OFF), { locale: "en" })
    fireEvent.click(await screen.findByTestId("model-enabled"))
    await typeInto("model-endpoint", "http://127.0.0.1:11434")
    await typeInto("model-name", "qwen3:0.6b")
    await typeInto("model-key", "sk-typed-0123456789")
    await act(async () => fireEvent.click(screen.getByTestId("model-save")))
    expect(fake.calls.find((c) => c.key === "model.update")?.input).toEqual({
      enabled: true,
      endpoint: "http://127.0.0.1:11434",
      model: "qwen3:0.6b",
      draftProse: true,
      apiKey: "sk-typed-0123456789",
    })
    expect(screen.getByTestId("model-status").textContent).toBe("The model settings are saved.")
    expect(screen.getByTestId("model-key-state").textContent).toContain("A key is saved.")
    expect((screen.getByTestId("model-key") as HTMLInputElement).value).toBe("")
    expect(document.body.textContent).not.toContain("sk-typed")
  })

  it("shows the host's refusal and keeps everything typed", async () => {
    const refusal = { "model.update": async () => ({ ok: false as const, error: { code: "UNAVAILABLE" as const, message: "Ovo računalo nema zaštićenu pohranu tajni." } }) }
    renderApp("/settings", host(OFF, refusal))
    await typeInto("model-key", "sk-typed-0123456789")
    await act(async () => fireEvent.click(screen.getByTestId("model-save")))
    expect(screen.getByTestId("model-status").textContent).toBe("Ovo računalo nema zaštićenu pohranu tajni.")
    expect((screen.getByTestId("model-key") as HTMLInputElement).value).toBe("sk-typed-0123456789")
  })

  it("removes a kept key with null", async () => {
    const kept = { ...OFF, apiKey: "set" as const, keySource: "keychain" as const }
    const { fake } = renderApp("/settings", host(kept, { "model.update": async () => ({ ok: true as const, value: OFF }) }))
    const clear = await screen.findByTestId("model-key-clear")
    await act(async () => fireEvent.click(clear))
    expect(fake.calls.find((c) => c.key === "model.update")?.input).toEqual({ apiKey: null })
    expect(screen.getByTestId("model-key-state").textContent).toContain("Ključ nije spremljen.")
  })

  it("says what the connection test found: the chosen model missing, with the models the server lists", async () => {
    const found: ModelTestResult = { finding: "model_missing", endpoint: "127.0.0.1:8080", model: "local", models: ["ggml-org/Qwen3-0.6B-GGUF"], modelListed: false, elapsedMs: 12 }
    const { fake } = renderApp("/settings", host(OFF, { "model.test": async () => ({ ok: true as const, value: found }) }), { locale: "en" })
    const test = await screen.findByTestId("model-test")
    await act(async () => fireEvent.click(test))
    expect(fake.calls.find((c) => c.key === "model.test")?.input).toEqual({ endpoint: OFF.endpoint, model: "local" })
    expect(screen.getByTestId("model-test-result").textContent).toBe(
      "The server 127.0.0.1:8080 is reachable but does not list the model local. It lists: ggml-org/Qwen3-0.6B-GGUF.",
    )
  })
})

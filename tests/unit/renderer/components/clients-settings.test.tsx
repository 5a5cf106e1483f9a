// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { Client, ClientInput } from "../../../../src-shared/traces"
import { renderApp } from "./harness"

afterEach(cleanup)

describe("Clients", () => {
  it("validates next to the field before sending, then saves and lists the client", async () => {
    const saved: ClientInput[] = []
    const { fake } = renderApp(
      "/clients",
      {
        "clients.save": async (input) => {
          saved.push(input)
          const client: Client = {
            id: "c1",
            name: input.name,
            oib: input.oib ?? null,
            context: input.context,
            createdAt: "t",
            updatedAt: "t",
          }
          return { ok: true, value: client }
        },
      },
      { locale: "en" },
    )
    await screen.findByTestId("clients-empty")
    fireEvent.change(screen.getByTestId("client-name"), { target: { value: "Obrt Test" } })
    fireEvent.change(screen.getByTestId("client-oib"), { target: { value: "123" } })
    fireEvent.change(screen.getByTestId("client-entityType"), { target: { value: "OBRT" } })
    fireEvent.change(screen.getByTestId("client-obrtSubtype"), { target: { value: "PAUSALNI" } })
    fireEvent.change(screen.getByTestId("client-revenueYtd"), { target: { value: "65,000.00" } })
    await act(async () => fireEvent.click(screen.getByTestId("client-save")))
    expect(screen.getByTestId("client-error-oib").textContent).toBe("An OIB has exactly 11 digits.")
    expect(screen.getByTestId("client-oib").getAttribute("aria-invalid")).toBe("true")
    expect(document.activeElement).toBe(screen.getByTestId("client-oib"))
    expect(fake.calls.some((c) => c.key === "clients.save")).toBe(false)

    fireEvent.change(screen.getByTestId("client-oib"), { target: { value: "" } })
    await act(async () => fireEvent.click(screen.getByTestId("client-save")))
    expect(saved[0]).toEqual({
      name: "Obrt Test",
      context: {
        entity: {
          type: "OBRT",
          obrtSubtype: "PAUSALNI",
          vat: { status: "UNKNOWN" },
          location: { country: "HR" },
        },
        counters: { revenueYtd: 65000 },
      },
    })
    await waitFor(() =>
      expect(screen.getByTestId("client-saved").textContent).toBe("Client “Obrt Test” saved."),
    )
    expect(screen.getAllByTestId("client-item")[0]?.textContent).toContain("EUR 65,000.00")
  })
})

describe("Settings", () => {
  it("switching to English saves the setting and the whole UI follows", async () => {
    const { fake } = renderApp("/settings")
    expect((await screen.findByTestId("nav-history")).textContent).toBe("Povijest")
    fireEvent.click(screen.getByTestId("settings-locale-en"))
    fireEvent.change(screen.getByTestId("settings-pause"), { target: { value: "800" } })
    await act(async () => fireEvent.click(screen.getByTestId("settings-save")))
    expect(fake.calls.find((c) => c.key === "settings.update")?.input).toMatchObject({
      locale: "en",
      deliberatePauseMs: 800,
    })
    await waitFor(() => expect(screen.getByTestId("nav-history").textContent).toBe("History"))
    expect(screen.getByTestId("settings-status").textContent).toBe("Settings saved.")
    expect(document.documentElement.lang).toBe("en")
  })

  it("rejects a pause outside 0..5000 ms without saving", async () => {
    const { fake } = renderApp("/settings", {}, { locale: "en" })
    fireEvent.change(await screen.findByTestId("settings-pause"), { target: { value: "9000" } })
    await act(async () => fireEvent.click(screen.getByTestId("settings-save")))
    expect(screen.getByTestId("settings-pause-error").textContent).toBe(
      "Enter a whole number from 0 to 5000.",
    )
    expect(fake.calls.some((c) => c.key === "settings.update")).toBe(false)
  })

  it("reduced motion is applied to the whole window", async () => {
    renderApp("/settings", {}, { reducedMotion: true })
    await waitFor(() => expect(document.documentElement.classList.contains("reduce-motion")).toBe(true))
  })
})

describe("About", () => {
  it("names the rule pack the answers come from: version, date and the hash traces record", async () => {
    renderApp("/settings", {
      "settings.packInfo": async () => ({
        ok: true,
        value: { id: "hr-core", version: "2.0.0", publishedAt: "2026-11-25", hash: "ab".repeat(32), rules: 188, concepts: 117, officialRules: 80 },
      }),
    })
    await waitFor(() => expect(screen.getByTestId("about-pack").textContent).toBe("hr-core 2.0.0"))
    expect(screen.getByTestId("about-published").textContent).toBe("25. 11. 2026.")
    expect(screen.getByTestId("about-hash").textContent).toBe("ab".repeat(32))
    expect(screen.getByTestId("about-contents").textContent).toContain("pravila: 188")
  })
})

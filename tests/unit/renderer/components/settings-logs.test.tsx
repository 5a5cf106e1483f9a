// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { renderApp } from "./harness"

// Settings: "Logs and crash reports": the folder's path, and in the desktop app the button that
// opens it ("Otvori mapu s dnevnicima" / "Open log folder").

afterEach(cleanup)

const PATH = "/home/ana/.config/FiskAI Workstation/logs"

describe("Logs and crash reports", () => {
  it("shows the folder and, in the desktop app, opens it on request", async () => {
    const { fake } = renderApp("/settings", {
      "diagnostics.logFolder": async () => ({ ok: true, value: { path: PATH, canOpen: true } }),
      "diagnostics.openLogFolder": async () => ({ ok: true, value: { path: PATH } }),
    })
    await waitFor(() => expect(screen.getByTestId("settings-logs-path").textContent).toBe(PATH))
    const button = screen.getByTestId("settings-logs-open")
    expect(button.textContent).toBe("Otvori mapu s dnevnicima")
    await act(async () => fireEvent.click(button))
    expect(fake.calls.filter((call) => call.key === "diagnostics.openLogFolder")).toHaveLength(1)
    expect(screen.getByTestId("settings-logs-status").textContent).toBe(
      "Mapa je otvorena u upravitelju datoteka.",
    )
  })

  it("speaks English when the settings say so", async () => {
    renderApp(
      "/settings",
      { "diagnostics.logFolder": async () => ({ ok: true, value: { path: PATH, canOpen: true } }) },
      { locale: "en" },
    )
    expect((await screen.findByTestId("settings-logs-open")).textContent).toBe("Open log folder")
    expect(screen.getByText("Logs and crash reports")).toBeDefined()
  })

  it("in the browser host shows the path without a button that cannot work", async () => {
    renderApp(
      "/settings",
      { "diagnostics.logFolder": async () => ({ ok: true, value: { path: PATH, canOpen: false } }) },
      { locale: "en" },
    )
    await waitFor(() => expect(screen.getByTestId("settings-logs-path").textContent).toBe(PATH))
    expect(screen.queryByTestId("settings-logs-open")).toBeNull()
    expect(screen.getByText("The browser cannot open folders: open it in your file manager.")).toBeDefined()
  })

  it("says so when the folder could not be opened", async () => {
    renderApp(
      "/settings",
      {
        "diagnostics.logFolder": async () => ({ ok: true, value: { path: PATH, canOpen: true } }),
        "diagnostics.openLogFolder": async () => ({
          ok: false,
          error: { code: "UNAVAILABLE", message: `the folder could not be opened: ${PATH}` },
        }),
      },
      { locale: "en" },
    )
    const button = await screen.findByTestId("settings-logs-open")
    await act(async () => fireEvent.click(button))
    const status = screen.getByTestId("settings-logs-status")
    expect(status.getAttribute("role")).toBe("alert")
    expect(status.textContent).toContain("the folder could not be opened")
  })
})

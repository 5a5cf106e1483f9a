// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react"
import { afterEach, expect, it } from "vitest"
import type { PackInfo } from "../../../../src-shared/pack-info"
import { renderApp } from "./harness"

// Settings → About says where the pack in force came from: a version another desk published and
// this desk took from the firm names that desk, in the window's language.

afterEach(cleanup)

const fromFirm: PackInfo = {
  id: "hr-core",
  version: "9.1.0",
  publishedAt: "2026-11-26",
  hash: "cd".repeat(32),
  rules: 188,
  concepts: 117,
  officialRules: 80,
  origin: { kind: "firm", publisherName: "Ana Horvat", desk: "head_office" },
}

it("names the desk a pack from the firm was published at, in Croatian and English", async () => {
  renderApp("/settings", { "settings.packInfo": async () => ({ ok: true, value: fromFirm }) })
  await waitFor(() => expect(screen.getByTestId("about-origin").textContent).toBe("iz ureda, objavljen na stolu head_office (Ana Horvat)"))
  cleanup()
  renderApp("/settings", { "settings.packInfo": async () => ({ ok: true, value: fromFirm }) }, { locale: "en" })
  await waitFor(() => expect(screen.getByTestId("about-origin").textContent).toBe("from the firm, published at desk head_office (Ana Horvat)"))
})

it("says a shipped pack is shipped with the app", async () => {
  const shipped: PackInfo = { ...fromFirm, origin: { kind: "bundled", publisherName: null, desk: null } }
  renderApp("/settings", { "settings.packInfo": async () => ({ ok: true, value: shipped }) }, { locale: "en" })
  await waitFor(() => expect(screen.getByTestId("about-origin").textContent).toBe("shipped with the app"))
})

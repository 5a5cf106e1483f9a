// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { BundleVerdict } from "../../../../../src-shared/export"
import { host, KEY } from "./fake-export-host"

// "Verify bundle" over a fake host: a failed verdict shown with every problem located, the
// installation's key required or not, and a check that could not run said in words.

afterEach(cleanup)

describe("Verify bundle", () => {
  const verdict: BundleVerdict = {
    ok: false,
    signatureOk: true,
    signerTrusted: false,
    fingerprint: "ffff 0000",
    trustedKeyMatches: false,
    exportedAt: "2025-06-01T12:00:00.000Z",
    firmName: "Ured Horvat",
    problems: [
      {
        file: "traces.csv",
        requestId: null,
        seq: null,
        line: null,
        message: "traces.csv was modified: its SHA-256 differs from the manifest",
      },
    ],
    traces: [
      {
        requestId: "req-ok",
        ok: true,
        outcome: "ANSWER",
        chainOk: true,
        csvOk: true,
        replayOk: true,
        problems: [],
      },
      {
        requestId: "req-bad",
        ok: false,
        outcome: "REFUSAL",
        chainOk: false,
        csvOk: true,
        replayOk: true,
        problems: [
          {
            file: "events.jsonl",
            requestId: "req-bad",
            seq: 4,
            line: 17,
            message: "event seq 4 was altered",
          },
        ],
      },
    ],
  }

  it("lists every problem with its file, trace, event and line, and the per-trace checks", async () => {
    const app = host({ verdict })
    const path = await waitFor(() => screen.getByTestId<HTMLInputElement>("verify-path"))
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>("verify-trusted").disabled).toBe(false))
    fireEvent.change(path, { target: { value: "/home/ana/primljeno.zip" } })
    await act(async () => fireEvent.click(screen.getByTestId("verify-submit")))
    expect(app.verified).toEqual([{ path: "/home/ana/primljeno.zip", trustedKeyPem: KEY.publicKeyPem }])
    const shown = screen.getByTestId("verify-verdict")
    expect(shown.dataset["ok"]).toBe("false")
    expect(within(shown).getByTestId("verify-headline").textContent).toBe(
      "Paket NIJE ispravan. Pronađeni problemi: 2.",
    )
    expect(within(shown).getByTestId("verify-trusted-key").textContent).toBe("DRUGI ključ")
    expect(within(shown).getByTestId("verify-fingerprint").textContent).toBe("ffff 0000")
    const problems = within(shown).getAllByTestId("verify-problem")
    expect(problems.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))).toEqual([
      ["traces.csv", "—", "—", "—", "traces.csv was modified: its SHA-256 differs from the manifest"],
      ["events.jsonl", "req-bad", "seq 4", "17", "event seq 4 was altered"],
    ])
    const rows = within(shown).getAllByTestId("verify-trace")
    expect(rows.map((row) => [row.dataset["requestId"], row.dataset["ok"]])).toEqual([
      ["req-ok", "true"],
      ["req-bad", "false"],
    ])
    expect(rows[1]?.textContent).toContain("✗ ne valja")
  })

  it("checks only the signature when the user does not require this installation's key", async () => {
    const app = host({ verdict: { ...verdict, trustedKeyMatches: null } })
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>("verify-trusted").disabled).toBe(false))
    fireEvent.click(screen.getByTestId("verify-trusted"))
    fireEvent.change(screen.getByTestId("verify-path"), { target: { value: "/tmp/drugi-ured.zip" } })
    await act(async () => fireEvent.click(screen.getByTestId("verify-submit")))
    expect(app.verified).toEqual([{ path: "/tmp/drugi-ured.zip" }])
    expect(screen.getByTestId("verify-trusted-key").textContent).toBe("drugi ključ (nije bio obavezan)")
  })

  it("does not show a bundle whose every check holds under an untrusted signer as verified", async () => {
    const intact: BundleVerdict = {
      ...verdict,
      ok: true,
      trustedKeyMatches: null,
      problems: [],
      traces: verdict.traces.filter((trace) => trace.ok),
    }
    host({ verdict: intact })
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>("verify-trusted").disabled).toBe(false))
    fireEvent.click(screen.getByTestId("verify-trusted"))
    fireEvent.change(screen.getByTestId("verify-path"), { target: { value: "/tmp/drugi-ured.zip" } })
    await act(async () => fireEvent.click(screen.getByTestId("verify-submit")))
    const shown = screen.getByTestId("verify-verdict")
    expect(shown.dataset["ok"]).toBe("false")
    expect(shown.dataset["signerTrusted"]).toBe("false")
    const headline = within(shown).getByTestId("verify-headline")
    expect(headline.textContent).toMatch(/^Sve provjere su prošle, ali potpisnik nije provjeren/)
    expect(headline.className).toContain("notice-warning")
    expect(within(shown).getByTestId("verify-signature").textContent).toBe("valjan, potpisnik nije provjeren")
    cleanup()

    // Signed by this installation (the main process knows its key): verified, also in English.
    host({ verdict: { ...intact, signerTrusted: true }, locale: "en" })
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>("verify-trusted").disabled).toBe(false))
    fireEvent.click(screen.getByTestId("verify-trusted"))
    fireEvent.change(screen.getByTestId("verify-path"), { target: { value: "/tmp/nas-ured.zip" } })
    await act(async () => fireEvent.click(screen.getByTestId("verify-submit")))
    const own = screen.getByTestId("verify-verdict")
    expect(own.dataset["ok"]).toBe("true")
    expect(within(own).getByTestId("verify-headline").textContent).toBe("The bundle is intact: every check passed.")
    expect(within(own).getByTestId("verify-signature").textContent).toBe("valid")
    expect(within(own).getByTestId("verify-trusted-key").textContent).toBe("same key")
  })

  it("says plainly when the check could not run", async () => {
    host()
    fireEvent.change(await waitFor(() => screen.getByTestId("verify-path")), {
      target: { value: "/nema/toga.zip" },
    })
    await act(async () => fireEvent.click(screen.getByTestId("verify-submit")))
    expect(screen.getByTestId("verify-error").textContent).toBe("Provjera nije izvedena: no such file")
  })
})

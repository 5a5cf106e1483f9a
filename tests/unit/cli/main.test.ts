import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { isTerminal, ReasoningEvent } from "../../../src-shared/events/event"
import { SYNTHETIC_PACK_PATH } from "../../fixtures/packs"

// The real CLI, spawned as a user would run it (tsx src-main/cli/main.ts).

const root = resolve(import.meta.dirname, "..", "..", "..")
const tsx = join(root, "node_modules", ".bin", "tsx")

function cli(args: string[], cwd = root) {
  const result = spawnSync(tsx, [join(root, "src-main", "cli", "main.ts"), ...args], {
    cwd,
    encoding: "utf8",
    input: "",
    env: { ...process.env, NO_COLOR: "1" },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

const synthetic = ["--pack", SYNTHETIC_PACK_PATH, "--as-of", "2025-03-01"]

describe("fiskai ask (spawned)", () => {
  it("draws the stepper and the answer with its citations, exit 0", () => {
    const { code, stdout } = cli(["ask", "Koji je prag za PDV?", ...synthetic])
    expect(code).toBe(0)
    expect(stdout).toContain("✓ Izvori — Pronađeno izvora: 2")
    expect(stdout).toContain("✓ Primjenjivost")
    expect(stdout).toContain("ODGOVOR: ")
    expect(stdout).toContain("https://example.org/synthetic/e-prag-2024-a")
    // Sources are named in words; the pack's codes and evidence ids stay in --json.
    const sources = stdout.slice(stdout.indexOf("Izvori:"))
    expect(sources).toMatch(/\((zakon|pravilnik|službena uputa|praksa), glavni izvor\)/)
    expect(sources).not.toMatch(/\((LAW|REGULATION|GUIDANCE|PRACTICE)\b|, e-prag-2024-a\)/)
  })

  it("--json prints only events, one per line, exactly as the contract defines them", () => {
    const { code, stdout, stderr } = cli([
      "ask",
      "Koji je prag za PDV?",
      ...synthetic,
      "--json",
      "--request-id",
      "req_cli",
    ])
    // The message names what went wrong if the run did not end in an answer.
    expect(code, `${stderr}\n${stdout.slice(-600)}`).toBe(0)
    expect(stderr).toBe("")
    const lines = stdout.trimEnd().split("\n")
    const events = lines.map((line) => ReasoningEvent.parse(JSON.parse(line)))
    expect(events[0]?.id).toBe("req_cli_000")
    expect(events.filter(isTerminal).map((e) => e.stage)).toEqual(["ANSWER"])
  })

  it("stops with exit 3 at a clarification nobody can answer, and continues with --clarify", () => {
    const waiting = cli(["ask", "Koliki je prirez?", ...synthetic, "--json"])
    expect(waiting.code).toBe(3)
    const last = JSON.parse(waiting.stdout.trimEnd().split("\n").pop() ?? "{}")
    expect(last).toMatchObject({ stage: "CLARIFICATION", status: "awaiting_input" })
    expect(waiting.stderr).toContain("--clarify")
    const answered = cli(["ask", "Koliki je prirez?", ...synthetic, "--json", "--clarify", "confirm"])
    expect(answered.code).toBe(0)
    expect(JSON.parse(answered.stdout.trimEnd().split("\n").pop() ?? "{}")).toMatchObject({
      stage: "REFUSAL",
      data: { reason: "MISSING_CLIENT_DATA" },
    })
  })

  it("reads a client profile and rejects an invalid one naming the field (exit 2)", () => {
    const dir = mkdtempSync(join(tmpdir(), "fiskai-cli-"))
    const good = join(dir, "good.json")
    writeFileSync(
      good,
      JSON.stringify({ entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } } }),
    )
    const answered = cli([
      "ask",
      "Koja je obveza eRačuna?",
      ...synthetic,
      "--profile",
      good,
      "--json",
      "--clarify",
      "confirm",
    ])
    expect(answered.code).toBe(0)
    expect(JSON.parse(answered.stdout.trimEnd().split("\n").pop() ?? "{}")).toMatchObject({
      stage: "ANSWER",
      data: { citations: [{ ruleId: "syn.eracun.pdv" }] },
    })
    const bad = join(dir, "bad.json")
    writeFileSync(
      bad,
      JSON.stringify({ entity: { type: "DOO", vat: { status: "YES" }, location: { country: "HR" } } }),
    )
    const rejected = cli(["ask", "Koji je prag za PDV?", "--profile", bad])
    expect(rejected.code).toBe(2)
    expect(rejected.stderr).toContain("profile.entity.vat.status: expected one of IN_VAT|OUTSIDE_VAT|UNKNOWN")
  })

  it("exit 2 with a clear message for bad usage, nothing on stdout", () => {
    const { code, stderr, stdout } = cli(["ask", "Koji je prag za PDV?", "--bogus"])
    expect(code).toBe(2)
    expect(stderr).toContain("Unknown option '--bogus'")
    expect(stdout).toBe("")
  })

  it("finds the default pack from any working directory", () => {
    const { code, stdout } = cli(
      ["ask", "Koji je prag za ulazak u sustav PDV-a?", "--as-of", "2025-03-01", "--json"],
      tmpdir(),
    )
    expect(code).toBe(0)
    expect(stdout).toContain("pdv.prag.2025")
  })
})

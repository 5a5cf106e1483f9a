import { spawn } from "node:child_process"
import { existsSync, rmSync } from "node:fs"
import { join } from "node:path"
import pg from "pg"
import { expect, it } from "vitest"
import { PgMissingError, startPgCluster } from "../../support/pg-cluster"
import { describeWithPg } from "./pg-harness"

// The test cluster itself: a clear message when PostgreSQL is not installed, and no server left
// running after its tests, even when the process that started it is killed outright.

const ROOT = join(import.meta.dirname, "..", "..", "..")
const BIN = join(ROOT, "node_modules", ".bin")

it("says what to install when the server binaries are missing", async () => {
  const started = startPgCluster({ binRoot: "/nonexistent-postgresql" })
  await expect(started).rejects.toBeInstanceOf(PgMissingError)
  await expect(startPgCluster({ binRoot: "/nonexistent-postgresql" })).rejects.toThrow(/install Debian's `postgresql` package.*FISKAI_PG_OPTIONAL=1/)
})

describeWithPg("a test cluster", () => {
  it("stops and leaves nothing behind when its process is killed with SIGKILL", async () => {
    const child = spawn(join(BIN, "node"), ["--import", "tsx", join(import.meta.dirname, "pg-guard-child.ts")], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}` },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const socketDir = await new Promise<string>((resolve, reject) => {
      let out = ""
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8")
        if (out.includes("\n")) resolve(out.trim())
      })
      child.on("exit", (code) => reject(new Error(`the child ended (${code}) before its cluster started`)))
    })
    const url = `postgresql://fiskai_admin@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=5432`
    const alive = new pg.Client({ connectionString: url })
    await alive.connect()
    await alive.end()

    child.kill("SIGKILL")
    // The server notices its guard's input closing and shuts down: its socket goes away.
    const deadline = Date.now() + 20_000
    while (existsSync(join(socketDir, ".s.PGSQL.5432")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(existsSync(join(socketDir, ".s.PGSQL.5432"))).toBe(false)
    const gone = new pg.Client({ connectionString: url })
    gone.on("error", () => undefined)
    await expect(gone.connect()).rejects.toThrow()
    // The killed process could not remove its folder; the data in it is a stopped cluster's.
    rmSync(socketDir, { recursive: true, force: true })
  }, 60_000)
})

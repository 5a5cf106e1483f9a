import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"

// A throw-away PostgreSQL cluster for the firm tests and bench (issue 25): Debian's server
// binaries, a data folder in a temp dir, a Unix socket in it and no TCP port. `initdb` refuses to
// run as root, so under root the server runs as the `postgres` system user (or `nobody`).
//
// The server is started under a small shell that waits on its standard input: when this process
// ends in any way (a failed test, a crash, a kill), the pipe closes and the shell stops the server,
// so no cluster outlives its tests. stop() does the same on purpose and removes the folder.

export const PG_OPTIONAL_ENV = "FISKAI_PG_OPTIONAL"

export interface PgCluster {
  /** The folder holding the server's socket (a URL's `host`). */
  socketDir: string
  port: number
  /** The superuser, the firm's administrator in tests. */
  adminUser: string
  database: string
  /** A connection URL for `user` (trust authentication over the socket: no password). */
  url(user: string): string
  stop(): Promise<void>
}

export class PgMissingError extends Error {}

/** The folder of Debian's server binaries, newest version first; null when not installed. */
export function findPgBinaries(root = "/usr/lib/postgresql"): string | null {
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = join(root, version, "bin")
    if (existsSync(join(bin, "postgres")) && existsSync(join(bin, "initdb"))) return bin
  }
  return null
}

/** Whether tests may skip when PostgreSQL is missing (they fail with a clear message otherwise). */
export function pgOptional(): boolean {
  return process.env[PG_OPTIONAL_ENV] === "1"
}

const MISSING =
  "PostgreSQL server binaries not found under /usr/lib/postgresql/<version>/bin: install Debian's " +
  "`postgresql` package (.ci/run does), or set FISKAI_PG_OPTIONAL=1 to skip the firm tests"

/** The user the server runs as: ourselves, or a system user when we are root. */
function serverUser(): string | null {
  if (process.getuid?.() !== 0) return null
  const known = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" })
  return known.status === 0 ? "postgres" : "nobody"
}

function asServerUser(user: string | null, command: string, args: string[]): [string, string[]] {
  return user === null ? [command, args] : ["runuser", ["-u", user, "--", command, ...args]]
}

export interface StartOptions {
  /** Durable commits (the bench measures with them); tests run without fsync. */
  durable?: boolean
  adminUser?: string
  /** Where Debian installs the server's versions (tests of the missing case point elsewhere). */
  binRoot?: string
}

export async function startPgCluster(options: StartOptions = {}): Promise<PgCluster> {
  const bin = findPgBinaries(options.binRoot)
  if (bin === null) throw new PgMissingError(MISSING)
  const dir = mkdtempSync(join(tmpdir(), "fiskai-pg-"))
  const user = serverUser()
  if (user !== null) {
    const id = spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim()
    const gid = spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim()
    chownSync(dir, Number(id), Number(gid))
  }
  chmodSync(dir, 0o700)
  const adminUser = options.adminUser ?? "fiskai_admin"
  const data = join(dir, "data")
  initCluster(bin, user, data, adminUser)
  const port = 5432
  const settings = [
    "-k", dir, "-p", String(port), "-c", "listen_addresses=", "-c", "max_connections=120",
    ...(options.durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
  ]
  const server = startServer(join(bin, "postgres"), user, data, settings)
  const cluster: PgCluster = {
    socketDir: dir,
    port,
    adminUser,
    database: "postgres",
    url: (who) => `postgresql://${who}@localhost/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    stop: () => stopServer(server, dir),
  }
  try {
    await waitUntilReady(cluster, server)
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return cluster
}

function initCluster(bin: string, user: string | null, data: string, adminUser: string): void {
  const [command, args] = asServerUser(user, join(bin, "initdb"), [
    "-D", data, "-U", adminUser, "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C",
  ])
  const result = spawnSync(command, args, { encoding: "utf8" })
  if (result.status !== 0)
    throw new Error(`initdb failed (${result.status}): ${result.stderr || result.stdout || String(result.error)}`)
}

interface Server {
  child: ChildProcess
  /** The end of the server's standard error, for messages when it fails. */
  log(): string
}

function startServer(postgres: string, user: string | null, data: string, settings: string[]): Server {
  // The shell stops the server (fast shutdown) as soon as its standard input closes.
  const script = '"$@" & pid=$!; cat >/dev/null; kill -INT "$pid" 2>/dev/null; wait "$pid"'
  const [command, args] = asServerUser(user, "sh", ["-c", script, "pg-guard", postgres, "-D", data, ...settings])
  const child = spawn(command, args, { stdio: ["pipe", "ignore", "pipe"] })
  let log = ""
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-4000)
  })
  return { child, log: () => log }
}

async function waitUntilReady(cluster: PgCluster, server: Server): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`PostgreSQL exited at start: ${server.log()}`)
    const client = new pg.Client({ connectionString: cluster.url(cluster.adminUser) })
    try {
      await client.connect()
      await client.query("SELECT 1")
      await client.end()
      return
    } catch (error) {
      await client.end().catch(() => undefined)
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start in 30 s: ${String(error)}\n${server.log()}`, { cause: error })
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

async function stopServer({ child }: Server, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve))
    child.stdin?.end()
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
  }
  rmSync(dir, { recursive: true, force: true })
}

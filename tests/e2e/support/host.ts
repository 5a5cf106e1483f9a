import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

// Starts the real browser host (`src-main/host/main.ts`, what `npm run serve` runs) as a child
// process on a random port with a temp data dir and no deliberate pause, and reads the URL it prints.

export const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "..")
const URL_PATTERN = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_%-]+#\/)/

export interface RunningHost {
  url: string
  origin: string
  dataDir: string
  stop(): Promise<void>
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), "fiskai-e2e-"))
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    child.once("exit", () => done())
  })
}

export async function startHost(dataDir: string, extraEnv: Record<string, string> = {}): Promise<RunningHost> {
  const tsx = join(repoRoot, "node_modules", ".bin", "tsx")
  const rendererDir = process.env["FISKAI_E2E_RENDERER_DIR"]
  const args = [join(repoRoot, "src-main", "host", "main.ts"), "--port", "0", "--data-dir", dataDir]
  if (rendererDir) args.push("--renderer-dir", rendererDir)
  const child = spawn(tsx, args, {
    cwd: repoRoot,
    env: { ...process.env, FISKAI_PAUSE_MS: "0", PATH: `${join(repoRoot, "node_modules", ".bin")}:${process.env["PATH"] ?? ""}`, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const url = await new Promise<string>((found, failed) => {
    const timer = setTimeout(() => failed(new Error(`host did not print its URL in time:\n${output}`)), 30_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = URL_PATTERN.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        found(match[1])
      }
    }
    child.stdout?.on("data", read)
    child.stderr?.on("data", read)
    child.once("exit", (code) => {
      clearTimeout(timer)
      failed(new Error(`host exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    async stop() {
      child.kill("SIGTERM")
      await waitForExit(child)
    },
  }
}

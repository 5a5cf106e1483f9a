import electronLog from "electron-log/node"
import { renameSync, rmSync, writeFileSync } from "node:fs"
import { join, parse } from "node:path"

// A log file that rotates by size: main.log, then main.1.log, main.2.log … (oldest dropped).
// The writing, the folder creation and the size bookkeeping are electron-log's file transport, a
// maintained library; only its rotation is replaced, because electron-log keeps a single
// `.old.log` and the app keeps `maxFiles` files. Its Node entry is used in both hosts (Electron's
// main process and the browser host), so nothing here imports electron and it runs in vitest.
// Writes are synchronous appends: a record is on disk before the process can crash.

export interface RotatingFileOptions {
  readonly dir: string
  /** e.g. main.log */
  readonly fileName: string
  /** Rotate once the file is larger than this. */
  readonly maxBytes: number
  /** How many files are kept, the current one included (at least 1). */
  readonly maxFiles: number
}

export interface RotatingFile {
  readonly path: string
  /** Appends `text` and a line end. */
  write(text: string): void
}

/** The file names of one log, newest first: main.log, main.1.log, main.2.log … */
export function rotatedFileNames(fileName: string, maxFiles: number): string[] {
  const { name, ext } = parse(fileName)
  return Array.from({ length: Math.max(1, maxFiles) }, (_, i) => (i === 0 ? fileName : `${name}.${i}${ext}`))
}

function rotate(dir: string, fileName: string, maxFiles: number): void {
  const paths = rotatedFileNames(fileName, maxFiles).map((name) => join(dir, name))
  const current = paths[0] ?? join(dir, fileName)
  try {
    rmSync(paths[paths.length - 1] ?? current, { force: true })
    for (let i = paths.length - 1; i >= 1; i -= 1) {
      try {
        renameSync(paths[i - 1] ?? current, paths[i] ?? current)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
      }
    }
  } catch {
    // Renaming can fail (e.g. a virus scanner holding the file on Windows): start the current file
    // over rather than let it grow without bound.
    try {
      writeFileSync(current, "", { flag: "w" })
    } catch {
      // Nothing left to do; the transport reports the next write's failure.
    }
  }
}

let instances = 0

export function openRotatingFile(options: RotatingFileOptions): RotatingFile {
  const path = join(options.dir, options.fileName)
  instances += 1
  const logger = electronLog.create({ logId: `fiskai-${instances}-${options.fileName}` })
  // Only the file transport: the console is the host's business, and there is no IPC or remote.
  logger.transports.console.level = false
  logger.transports.remote.level = false
  if (logger.transports.ipc) logger.transports.ipc.level = false
  const file = logger.transports.file
  // electron-log works out default paths from the app's name on first use; ours is explicit, but
  // give it the name so that lookup cannot fail wherever the process was started.
  file.setAppName("FiskAI Workstation")
  file.level = "silly"
  file.resolvePathFn = () => path
  file.maxSize = options.maxBytes
  // Readable by the user only: the log is theirs to send, not every account's on the machine.
  file.writeOptions = { flag: "a", mode: 0o600, encoding: "utf8" }
  file.archiveLogFn = () => rotate(options.dir, options.fileName, options.maxFiles)
  // The record is formatted already (log-format.ts): write it as it is.
  file.transforms = [({ data }: { data: unknown[] }) => data.map(String).join(" ")]
  return {
    path,
    write: (text) => logger.info(text),
  }
}

import { existsSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import type { Settings } from "../../src-shared/settings"
import { APP_FOLDER, appDataDir, DB_FILE } from "../store/paths"

// What the composition root is built from, resolved in one place for every host (the Electron
// main, the browser host, the CLI): the database, the rule pack, the migrations and the limits.
// An explicit option wins over the environment, the environment over the defaults, so that
// FISKAI_PACK and FISKAI_PAUSE_MS mean the same wherever the app is started.

export const APP_NAME = APP_FOLDER
export const DATABASE_FILE_NAME = DB_FILE
export const PACK_FILE_NAME = "hr-core.json"

/** Runs at once per host when nothing else is said; one more ends in ERROR CAPACITY. */
export const DEFAULT_MAX_CONCURRENT_RUNS = 4

/** The app's data folder (Electron's userData for the product name; the CLI's default too). */
export function defaultDataDir(): string {
  return appDataDir()
}

export interface RuntimeOptions {
  /** The database file; ":memory:" for runs that are not recorded (`fiskai ask --no-db`). */
  dbPath: string
  /** Defaults to FISKAI_PACK, else the shipped resources/packs/hr-core.json (see resolvePackPath). */
  packPath?: string
  migrationsDir?: string
  /**
   * The packaged app's resources folder (Electron's process.resourcesPath, passed by
   * src-main/electron/ only when app.isPackaged): the migrations and the rule pack are read from
   * there (electron-builder.yml ships them as extraResources). Unset in development, tests, the
   * CLI and the browser host, which use the repository's resources/.
   */
  packagedResourcesDir?: string
  /** Settings that win over the stored ones for the engine (e.g. no deliberate pause in tests). */
  settingsOverrides?: SettingsOverrides
  /** Runs at once per host; one more ends in ERROR CAPACITY. */
  maxConcurrentRuns?: number
  /** Where FISKAI_* are read from (default: process.env). */
  env?: NodeJS.ProcessEnv
}

/** The settings a host may pin for the engine whatever the stored ones say. */
export type SettingsOverrides = Partial<Pick<Settings, "deliberatePauseMs" | "stageTimeoutMs">>

export interface Runtime {
  dbPath: string
  /** The folder holding the database (and the installation's signing key); null in memory. */
  dataDir: string | null
  packPath: string
  migrationsDir?: string
  settingsOverrides: SettingsOverrides
  maxConcurrentRuns: number
}

export function resolveRuntime(options: RuntimeOptions): Runtime {
  const env = options.env ?? process.env
  const migrationsDir = resolveMigrationsDir(options.migrationsDir, options.packagedResourcesDir)
  const maxConcurrentRuns = options.maxConcurrentRuns ?? DEFAULT_MAX_CONCURRENT_RUNS
  if (!Number.isInteger(maxConcurrentRuns) || maxConcurrentRuns < 1)
    throw new RangeError(`concurrency limit must be a positive integer, got ${maxConcurrentRuns}`)
  return {
    dbPath: options.dbPath,
    dataDir: options.dbPath === ":memory:" ? null : dirname(resolve(options.dbPath)),
    packPath: resolvePackPath(options.packPath, env, options.packagedResourcesDir),
    ...(migrationsDir === undefined ? {} : { migrationsDir }),
    settingsOverrides: { ...settingsOverridesFromEnv(env), ...options.settingsOverrides },
    maxConcurrentRuns,
  }
}

/** FISKAI_PAUSE_MS=0 (tests, benches) turns the deliberate pause off whatever the settings say. */
export function settingsOverridesFromEnv(env: NodeJS.ProcessEnv): SettingsOverrides {
  const raw = env["FISKAI_PAUSE_MS"]
  if (raw === undefined || raw === "") return {}
  const pause = Number(raw)
  if (!Number.isInteger(pause) || pause < 0 || pause > 5000) throw new Error(`FISKAI_PAUSE_MS must be 0..5000, got ${raw}`)
  return { deliberatePauseMs: pause }
}

/**
 * A file under the repository's resources/, found by walking up from this module (src-main/ in
 * development and tests, out/main/ or a chunk folder below it in a build run from the repository).
 * A packaged app passes its resources folder explicitly instead (packagedResourcesDir).
 */
export function findResource(relativePath: string): string | null {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = join(dir, "resources", relativePath)
    if (existsSync(candidate)) return candidate
    dir = resolve(dir, "..")
  }
  return null
}

/** The rule pack: an explicit path, else FISKAI_PACK, else the packaged app's packs/hr-core.json,
 *  else the repository's resources/packs/hr-core.json. */
export function resolvePackPath(
  explicit?: string,
  env: NodeJS.ProcessEnv = process.env,
  packagedResourcesDir?: string,
): string {
  if (explicit) return explicit
  if (env["FISKAI_PACK"]) return env["FISKAI_PACK"]
  if (packagedResourcesDir) return join(packagedResourcesDir, "packs", PACK_FILE_NAME)
  const found = findResource(join("packs", PACK_FILE_NAME))
  if (found === null) throw new Error(`rule pack ${PACK_FILE_NAME} not found (set FISKAI_PACK to its path)`)
  return found
}

/** The migrations the app ships: an explicit folder, else the packaged app's migrations/ (never
 *  a folder found elsewhere: a packaged app must not migrate with files it did not ship), else
 *  the repository's resources/migrations. */
export function resolveMigrationsDir(explicit?: string, packagedResourcesDir?: string): string | undefined {
  if (explicit) return explicit
  if (packagedResourcesDir) return join(packagedResourcesDir, "migrations")
  const journal = findResource(join("migrations", "meta", "_journal.json"))
  return journal === null ? undefined : dirname(dirname(journal))
}

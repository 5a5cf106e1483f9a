import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { sha256Hex } from "../util/canonical-json"
import { badDeskName, notInitialised, schemaTooNew } from "./firm-errors"
import { inTransaction, type FirmDb } from "./firm-db"

// The firm's server schema, shipped as resources/firm/NNNN_name.sql and applied in order by
// `fiskai firm init`, each file in one transaction with its journal row (version, name, SHA-256
// of the file). Applying again applies only what is new; a changed file that was already
// applied is refused, like the desk's own migrations.

export interface FirmMigration {
  version: number
  name: string
  sql: string
  checksum: string
}

const JOURNAL = "public.fiskai_firm_migrations"

export function defaultFirmMigrationsDir(): string {
  // src-main/firm/ in development and tests, out/main/ in the built app: two levels below the root.
  return join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "resources", "firm")
}

export function loadFirmMigrations(dir = defaultFirmMigrationsDir()): FirmMigration[] {
  const files = readdirSync(dir).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort()
  return files.map((file, index) => {
    const version = Number(file.slice(0, 4))
    if (version !== index + 1) throw new Error(`resources/firm: ${file} is out of order (expected version ${index + 1})`)
    const sql = readFileSync(join(dir, file), "utf8")
    return { version, name: file.replace(/\.sql$/, ""), sql, checksum: sha256Hex(sql.replace(/\r\n/g, "\n")) }
  })
}

interface JournalRow {
  version: number
  name: string
  checksum: string
}

/** Applies the migrations the server lacks; returns the versions applied now. */
export async function applyFirmMigrations(db: FirmDb, migrations = loadFirmMigrations()): Promise<number[]> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS ${JOURNAL} (version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  )
  const applied = (await db.query<JournalRow>(`SELECT version, name, checksum FROM ${JOURNAL} ORDER BY version`)).rows
  const latest = migrations.length
  for (const row of applied) {
    const shipped = migrations[row.version - 1]
    if (shipped === undefined) throw schemaTooNew(row.version, latest)
    if (shipped.checksum !== row.checksum || shipped.name !== row.name)
      throw new Error(`firm schema ${row.version} (${row.name}) on the server differs from this app's ${shipped.name}`)
  }
  const fresh = migrations.slice(applied.length)
  for (const migration of fresh) {
    await inTransaction(db, async () => {
      await db.query(migration.sql)
      await db.query(`INSERT INTO ${JOURNAL} (version, name, checksum) VALUES ($1, $2, $3)`, [
        migration.version,
        migration.name,
        migration.checksum,
      ])
    })
  }
  // Desks read the journal to tell an old server from a new one.
  await db.query(`GRANT SELECT ON ${JOURNAL} TO fiskai_desk`)
  return fresh.map((m) => m.version)
}

/** The server's schema version, refusing one this app cannot work with. */
export async function checkFirmSchema(db: FirmDb, where: string, appVersion = loadFirmMigrations().length): Promise<number> {
  const exists = await db.query<{ present: boolean }>("SELECT to_regclass($1) IS NOT NULL AS present", [JOURNAL])
  if (exists.rows[0]?.present !== true) throw notInitialised(where)
  const row = (await db.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${JOURNAL}`)).rows[0]
  const version = row?.version ?? 0
  if (version === 0) throw notInitialised(where)
  if (version > appVersion) throw schemaTooNew(version, appVersion)
  return version
}

/** The server's schema version as its journal states it (checkFirmSchema refused one too new). */
export async function serverSchemaVersion(db: FirmDb): Promise<number> {
  const row = (await db.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${JOURNAL}`)).rows[0]
  return row?.version ?? 0
}

const DESK_NAME = /^[a-z][a-z0-9_]{0,39}$/

/**
 * Creates a desk's login role (a member of fiskai_desk); true when new. It has no password:
 * the firm's IT sets one (`\password NAME` in psql) or maps a certificate or Kerberos identity to it.
 */
export async function addDesk(db: FirmDb, name: string): Promise<boolean> {
  if (!DESK_NAME.test(name) || name === "fiskai_desk") throw badDeskName(name)
  const exists = await db.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [name])
  if (exists.rows.length > 0) {
    await db.query(`GRANT fiskai_desk TO "${name}"`)
    return false
  }
  // The name matched DESK_NAME above, so quoting it is safe (roles cannot be bound as parameters).
  await db.query(`CREATE ROLE "${name}" LOGIN IN ROLE fiskai_desk`)
  return true
}

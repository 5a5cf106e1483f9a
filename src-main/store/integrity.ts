import type Database from "better-sqlite3"
import { closeSync, openSync, readSync, statSync } from "node:fs"
import type { Locale } from "../../src-shared/events/stages"

// Is the database file whole? What lies at the database path is looked at before SQLite opens it
// (nothing, an empty file, an SQLite file, anything else), an existing database gets SQLite's
// quick check at open and its full integrity check in `traces verify --all`, and a damaged file
// is reported as a StoreDamagedError: typed, naming the file and what to do, in the app's two
// languages, never a stack trace. See README.md, "A damaged database file".

/** SQLite's result codes for a file whose content is damaged or is not a database at all. */
export function isDamageError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return (
    typeof code === "string" &&
    (code === "SQLITE_CORRUPT" || code.startsWith("SQLITE_CORRUPT_") || code === "SQLITE_NOTADB")
  )
}

/** SQLite's words for a damage error, with its code: "SQLITE_CORRUPT: database disk image is malformed". */
export function describeDamage(error: Error & { code: string }): string {
  return `${error.code}: ${error.message}`
}

export type IntegrityResult = { ok: true } | { ok: false; problems: string[] }

const MAX_PROBLEMS = 100

/**
 * `PRAGMA quick_check` (b-tree structure and NOT NULL/CHECK constraints on every page; reads the
 * whole file) or `PRAGMA integrity_check` (also every index against its table). SQLite reports
 * most damage as result rows, but a page it cannot read while checking the constraints ends the
 * pragma with SQLITE_CORRUPT: then each table is checked on its own, to say which are damaged.
 */
export function checkIntegrity(sqlite: Database.Database, kind: "quick" | "full"): IntegrityResult {
  const pragma = kind === "quick" ? "quick_check" : "integrity_check"
  try {
    return asResult(
      sqlite.pragma(`${pragma}(${MAX_PROBLEMS})`, { simple: false }) as Array<Record<string, unknown>>,
    )
  } catch (error) {
    if (!isDamageError(error)) throw error
    return { ok: false, problems: perTable(sqlite, pragma, describeDamage(error)) }
  }
}

function asResult(rows: Array<Record<string, unknown>>): IntegrityResult {
  const lines = rows
    .flatMap((row) => String(Object.values(row)[0] ?? "").split("\n"))
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^\*\*\* in database \w+ \*\*\*$/.test(line))
  if (lines.length === 1 && lines[0] === "ok") return { ok: true }
  return { ok: false, problems: lines.length === 0 ? ["the integrity check returned nothing"] : lines }
}

function perTable(sqlite: Database.Database, pragma: string, whole: string): string[] {
  let tables: string[]
  try {
    tables = sqlite
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
      )
      .pluck()
      .all() as string[]
  } catch (error) {
    if (!isDamageError(error)) throw error
    return [`the list of tables cannot be read: ${describeDamage(error)}`]
  }
  const problems: string[] = []
  for (const table of tables) {
    try {
      const result = asResult(
        sqlite.pragma(`${pragma}("${table.replaceAll('"', '""')}")`, { simple: false }) as Array<
          Record<string, unknown>
        >,
      )
      if (!result.ok) problems.push(...result.problems.map((p) => `table ${table}: ${p}`))
    } catch (error) {
      if (!isDamageError(error)) throw error
      problems.push(`table ${table} cannot be read: ${describeDamage(error)}`)
    }
  }
  // The whole-file check failed though every table alone passed (the free list, say).
  return problems.length === 0 ? [whole] : problems
}

// --- What lies at the database path -------------------------------------------------------------

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1")

export type DatabaseFileState = "missing" | "empty" | "sqlite"

/**
 * Looks at the database path without opening it with SQLite: nothing there, an empty (0-byte)
 * file, or an SQLite file. Anything else (a folder, a file of another kind, an empty file whose
 * write-ahead log holds data) is refused with a StoreDamagedError and left as it is.
 */
export function inspectDatabaseFile(path: string): DatabaseFileState {
  const stat = statOrNull(path)
  if (stat === null) return "missing"
  if (!stat.isFile()) throw new StoreDamagedError(path, "not-a-database", ["it is not a regular file"])
  if (stat.size === 0) {
    const wal = statOrNull(`${path}-wal`)
    if (wal !== null && wal.size > 0)
      throw new StoreDamagedError(path, "empty-with-log", [`${path}-wal holds ${wal.size} bytes`])
    return "empty"
  }
  const header = Buffer.alloc(SQLITE_HEADER.length)
  const fd = openSync(path, "r")
  let read: number
  try {
    read = readSync(fd, header, 0, header.length, 0)
  } finally {
    closeSync(fd)
  }
  if (read < header.length || !header.equals(SQLITE_HEADER))
    throw new StoreDamagedError(path, "not-a-database", ['its first bytes are not "SQLite format 3"'])
  return "sqlite"
}

function statOrNull(path: string) {
  try {
    return statSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw error
  }
}

// --- The errors and notices people read ---------------------------------------------------------

/**
 * - corrupt: an SQLite file that fails the integrity check (or cannot be read while opening);
 * - not-a-database: something else at the database path;
 * - empty-with-log: a 0-byte database whose write-ahead log holds data (the runs may be there);
 * - newer-schema: a database a newer FiskAI migrated past the schemas this app ships;
 * - schema-mismatch: a database whose migration journal is not this app's history (a row edited,
 *   removed or added, or a shipped migration file changed after the database applied it).
 * The file is never changed: FiskAI writes nothing into it and does not move it. The two schema
 * kinds are not damage to the pages, but they are refused at open the same way, so every host
 * (the app's dialog, the browser host, the CLI) reports them as it reports a damaged file.
 */
export type DamageKind = "corrupt" | "not-a-database" | "empty-with-log" | "newer-schema" | "schema-mismatch"

export class StoreDamagedError extends Error {
  override readonly name = "StoreDamagedError"

  constructor(
    readonly path: string,
    readonly kind: DamageKind,
    /** What the check found, in SQLite's (or the migrator's) English words. */
    readonly problems: readonly string[],
  ) {
    super(damageText(path, kind, problems, "en"))
  }

  /** The message in the given language (the English one is `message`). */
  text(locale: Locale): string {
    return damageText(this.path, this.kind, this.problems, locale)
  }
}

function found(problems: readonly string[]): string {
  const first = problems[0] ?? "?"
  return problems.length > 1 ? `${first} (+${problems.length - 1})` : first
}

function damageText(path: string, kind: DamageKind, problems: readonly string[], locale: Locale): string {
  if (kind === "newer-schema" || kind === "schema-mismatch") return schemaText(path, kind, problems, locale)
  const verifyHint = `fiskai traces verify --all --db "${path}"`
  if (kind === "corrupt")
    return locale === "hr"
      ? `Datoteka baze podataka ${path} je oštećena (provjera ispravnosti: ${found(problems)}). ` +
          "FiskAI u nju nije ništa zapisao. Zatvorite FiskAI Workstation i sačuvajte kopiju te datoteke. " +
          "Zatim na njezino mjesto vratite posljednju sigurnosnu kopiju ili je premjestite drugamo, pa će FiskAI započeti s praznom poviješću. " +
          `Koja se istraživanja još mogu pročitati, pokazuje naredba ${verifyHint}.`
      : `The database file ${path} is damaged (integrity check: ${found(problems)}). ` +
          "FiskAI has written nothing to it. Close FiskAI Workstation and keep a copy of the file. " +
          "Then put your latest backup in its place, or move it elsewhere to start with an empty history. " +
          `${verifyHint} shows which runs can still be read.`
  if (kind === "not-a-database")
    return locale === "hr"
      ? `Datoteka ${path} nije baza podataka FiskAI-ja (${problems[0] ?? "nije SQLite datoteka"}). FiskAI ju nije mijenjao. ` +
          "Ako je to vaša baza, oštećena je: vratite posljednju sigurnosnu kopiju. " +
          "Inače je premjestite drugamo, pa će FiskAI ondje stvoriti novu, praznu bazu."
      : `${path} is not a FiskAI database (${problems[0] ?? "not an SQLite file"}). FiskAI has not changed it. ` +
          "If it is your database, it is damaged: restore your latest backup. " +
          "Otherwise move it elsewhere, and FiskAI creates a new, empty database there."
  return locale === "hr"
    ? `Datoteka baze podataka ${path} je prazna (0 bajtova), ali njezin dnevnik zapisivanja ${path}-wal nije: istraživanja su možda u njemu. ` +
        "FiskAI nije mijenjao nijednu od tih datoteka. Zatvorite FiskAI Workstation, sačuvajte kopiju obiju datoteka i vratite posljednju sigurnosnu kopiju."
    : `The database file ${path} is empty (0 bytes) but its write-ahead log ${path}-wal is not: the runs may be in it. ` +
        "FiskAI has changed neither file. Close FiskAI Workstation, keep a copy of both files and restore your latest backup."
}

function schemaText(
  path: string,
  kind: "newer-schema" | "schema-mismatch",
  problems: readonly string[],
  locale: Locale,
): string {
  if (kind === "newer-schema")
    return locale === "hr"
      ? `Bazu podataka ${path} zapisala je novija verzija FiskAI-ja (${found(problems)}). FiskAI u nju nije ništa zapisao. ` +
          "Ažurirajte FiskAI Workstation da biste je otvorili."
      : `The database ${path} was written by a newer FiskAI version (${found(problems)}). FiskAI has written nothing to it. ` +
          "Update FiskAI Workstation to open it."
  // Which side changed cannot be told: the database's journal, or the app's own migration files.
  return locale === "hr"
    ? `Povijest nadogradnji zapisana u bazi podataka ${path} ne odgovara ovoj verziji FiskAI-ja (${found(problems)}). ` +
        "FiskAI u nju nije ništa zapisao. Baza je izmijenjena izvan FiskAI-ja ili ova instalacija nije izvorna. " +
        "Zatvorite FiskAI Workstation i sačuvajte kopiju te datoteke. Ako ste FiskAI upravo instalirali ili ažurirali, instalirajte ga ponovno iz službenog paketa; " +
        "inače na mjesto datoteke vratite posljednju sigurnosnu kopiju."
    : `The schema history recorded in the database ${path} does not match this version of FiskAI (${found(problems)}). ` +
        "FiskAI has written nothing to it. The database was changed outside FiskAI, or this installation is not the original one. " +
        "Close FiskAI Workstation and keep a copy of the file. If you have just installed or updated FiskAI, reinstall it from the official package; " +
        "otherwise put your latest backup in the file's place."
}

/** A file found at the database path that held no database; kept beside the new one. */
export interface KeptFile {
  /** The database path, where a new, empty database now is. */
  readonly path: string
  /** Where the old file was moved (`<name>.empty-<timestamp>`). */
  readonly keptAs: string
  readonly reason: "empty"
}

export function keptFileText(kept: KeptFile, locale: Locale): string {
  return locale === "hr"
    ? `Datoteka baze podataka ${kept.path} bila je prazna (0 bajtova): u njoj nije bilo nijednog istraživanja. ` +
        `Sačuvana je kao ${kept.keptAs}, a na njezinu je mjestu stvorena nova, prazna baza. ` +
        "Ako imate sigurnosnu kopiju, zatvorite FiskAI Workstation i vratite je na to mjesto."
    : `The database file ${kept.path} was empty (0 bytes): it held no runs. ` +
        `It was kept as ${kept.keptAs}, and a new, empty database was created in its place. ` +
        "If you have a backup, close FiskAI Workstation and put it in that place."
}

/** For a window: the app's message when the database went bad while it was open. */
export function damagedWhileOpenText(locale: Locale): string {
  return locale === "hr"
    ? "Baza podataka je oštećena pa se ovo ne može pročitati ni spremiti. Zatvorite FiskAI Workstation: pri sljedećem pokretanju provjerit će datoteku i reći što učiniti."
    : "The database is damaged, so this cannot be read or saved. Close FiskAI Workstation: at its next start it checks the file and says what to do."
}

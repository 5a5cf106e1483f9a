import { dirname, resolve } from "node:path"
import { loadOrCreateSigningKeys } from "../../export/signing-keys"
import type { Locale } from "../../../src-shared/events/stages"
import { EmptySelectionError } from "../../export/bundle-writer"
import { exportFirmBundle, MissingPackError } from "../../firm/firm-bundle"
import { exportFirmTraces, type FirmExportFilter } from "../../firm/firm-export"
import { connectFirm, type FirmDb } from "../../firm/firm-db"
import { readFirmLink } from "../../firm/firm-link"
import { parseFirmUrl } from "../../firm/firm-url"
import { checkFirmSchema } from "../../firm/server-schema"
import { notLinked } from "../../firm/firm-errors"
import { appDataDir, defaultDbPath } from "../../store/paths"
import { openStore } from "../../store/store"
import { existsSync } from "node:fs"
import type { CliIo } from "../io"
import type { FirmInvocation, FirmValues } from "./firm-args"
import { exportedText } from "./firm-text"

// `fiskai firm export --out FILE`: every desk's traces from the firm's server (or one desk's,
// or a date range), as JSON lines, each chain checked on the way out; with --signed, as a signed
// audit bundle that `fiskai verify` checks, naming each trace's desk (firm-bundle.ts).

export async function runFirmExport({ values, locale }: FirmInvocation, io: CliIo): Promise<number> {
  const url = parseFirmUrl(values.url ?? process.env.FISKAI_FIRM_URL ?? storedUrl(values.db) ?? failNotLinked())
  const out = resolve(values.out ?? "")
  if (existsSync(out)) {
    io.stderr.write(locale === "hr" ? `fiskai firm export: ${out} već postoji; ne prepisujem ga\n` : `fiskai firm export: ${out} exists; not overwriting it\n`)
    return 1
  }
  const db = await connectFirm(url, "fiskai firm export")
  try {
    await checkFirmSchema(db, url.where)
    const [desk] = values.desk ?? []
    const filter = { ...(values.since ? { since: values.since } : {}), ...(values.until ? { until: values.until } : {}), ...(desk ? { desk } : {}) }
    const count = values.signed === true ? await signedBundle(db, out, filter, values) : await exportFirmTraces(db, out, filter)
    io.stdout.write(`${exportedText(count, out, locale)}\n`)
    return 0
  } catch (error) {
    const text = bundleRefusal(error, locale)
    if (text === null) throw error
    io.stderr.write(`fiskai firm export: ${text}\n`)
    return 1
  } finally {
    await db.end()
  }
}

/** The signed bundle (firm-bundle.ts), signed with this installation's key; how many traces it holds. */
async function signedBundle(db: FirmDb, out: string, filter: FirmExportFilter, values: FirmValues): Promise<number> {
  const keys = loadOrCreateSigningKeys(values["key-dir"] ?? appDataDir())
  const deskDbPath = values.db ?? defaultDbPath()
  const result = await exportFirmBundle(db, { outPath: out, filter, keys, deskDbPath: existsSync(deskDbPath) ? deskDbPath : null, workDir: dirname(out) })
  return result.traceCount
}

/** Why a signed bundle could not be written, in the user's language; null for any other error. */
function bundleRefusal(error: unknown, locale: Locale): string | null {
  if (error instanceof EmptySelectionError)
    return locale === "hr" ? "nijedan izračun ureda ne odgovara odabiru; ništa nije zapisano" : "no run of the firm matches; nothing was written"
  if (error instanceof MissingPackError)
    return locale === "hr" ? `paket propisa nije dostupan (${error.message}); ništa nije zapisano` : `a rule pack is missing (${error.message}); nothing was written`
  return null
}

function storedUrl(dbPath: string | undefined): string | null {
  const path = dbPath ?? defaultDbPath()
  if (!existsSync(path)) return null
  const store = openStore({ path })
  try {
    return readFirmLink(store.sqlite)?.url ?? null
  } finally {
    store.close()
  }
}

function failNotLinked(): never {
  throw notLinked()
}

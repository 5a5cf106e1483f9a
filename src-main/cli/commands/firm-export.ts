import { resolve } from "node:path"
import { exportFirmTraces } from "../../firm/firm-export"
import { connectFirm } from "../../firm/firm-db"
import { readFirmLink } from "../../firm/firm-link"
import { parseFirmUrl } from "../../firm/firm-url"
import { checkFirmSchema } from "../../firm/server-schema"
import { notLinked } from "../../firm/firm-errors"
import { defaultDbPath } from "../../store/paths"
import { openStore } from "../../store/store"
import { existsSync } from "node:fs"
import type { CliIo } from "../io"
import type { FirmInvocation } from "./firm-args"
import { exportedText } from "./firm-text"

// `fiskai firm export --out FILE`: every desk's traces from the firm's server (or one desk's,
// or a date range), as JSON lines, each chain checked on the way out.

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
    const count = await exportFirmTraces(db, out, { ...(values.since ? { since: values.since } : {}), ...(values.until ? { until: values.until } : {}), ...(desk ? { desk } : {}) })
    io.stdout.write(`${exportedText(count, out, locale)}\n`)
    return 0
  } finally {
    await db.end()
  }
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

import { existsSync } from "node:fs"
import { connectFirm } from "../../firm/firm-db"
import { notLinked } from "../../firm/firm-errors"
import { readFirmLink, recordSyncResult, saveFirmUrl } from "../../firm/firm-link"
import { parseFirmUrl, type FirmUrl } from "../../firm/firm-url"
import { checkFirmSchema } from "../../firm/server-schema"
import { firmStatus } from "../../firm/status"
import { syncOnce } from "../../firm/sync"
import { defaultDbPath } from "../../store/paths"
import { openStore, type Store } from "../../store/store"
import type { CliIo } from "../io"
import type { FirmInvocation, FirmValues } from "./firm-args"
import { statusText, syncReportText } from "./firm-text"

// `fiskai firm sync`: one sync of this desk's database with the firm, both ways; the URL given is
// remembered (without its password) for the next sync. `fiskai firm status`: what waits to go
// up and how the last sync went, from this desk's database alone.

/** The URL a command uses: --url, FISKAI_FIRM_URL, or the one this desk last synced with. */
export function firmUrlFor(values: FirmValues, store: Store | null): FirmUrl {
  const text = values.url ?? process.env.FISKAI_FIRM_URL ?? (store === null ? null : readFirmLink(store.sqlite)?.url)
  if (text === undefined || text === null || text === "") throw notLinked()
  return parseFirmUrl(text)
}

export function openDeskStore(values: FirmValues, io: CliIo): Store | null {
  const path = values.db ?? defaultDbPath()
  if (!existsSync(path)) {
    io.stderr.write(`fiskai firm: no trace database at ${path}\n`)
    return null
  }
  return openStore({ path })
}

export async function runFirmSync({ values, locale }: FirmInvocation, io: CliIo): Promise<number> {
  const store = openDeskStore(values, io)
  if (store === null) return 1
  try {
    const url = firmUrlFor(values, store)
    const now = () => new Date().toISOString()
    saveFirmUrl(store.sqlite, url.redacted, now())
    const db = await connectFirm(url, "fiskai firm sync").catch((error: unknown) => {
      recordSyncResult(store.sqlite, now(), (error as Error).message)
      throw error
    })
    try {
      await checkFirmSchema(db, url.where)
      const report = await syncOnce(db, store.sqlite, { now, store, openLane: () => connectFirm(url, "fiskai firm sync") })
      recordSyncResult(store.sqlite, now(), null)
      io.stdout.write(values.json ? `${JSON.stringify(report)}\n` : `${syncReportText(report, locale)}\n`)
      return 0
    } catch (error) {
      recordSyncResult(store.sqlite, now(), (error as Error).message)
      throw error
    } finally {
      await db.end()
    }
  } finally {
    store.close()
  }
}

export async function runFirmStatus({ values, locale }: FirmInvocation, io: CliIo): Promise<number> {
  const store = openDeskStore(values, io)
  if (store === null) return 1
  try {
    const status = firmStatus(store.sqlite)
    io.stdout.write(values.json ? `${JSON.stringify(status)}\n` : `${statusText(status, locale)}\n`)
    return 0
  } finally {
    store.close()
  }
}

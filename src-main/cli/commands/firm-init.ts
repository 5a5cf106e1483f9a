import { connectFirm } from "../../firm/firm-db"
import { parseFirmUrl } from "../../firm/firm-url"
import { addDesk, applyFirmMigrations } from "../../firm/server-schema"
import type { CliIo } from "../io"
import type { FirmInvocation } from "./firm-args"
import { initText } from "./firm-text"

// `fiskai firm init --url ADMIN_URL [--desk NAME]...`: run once by the firm's IT with the
// administrator's URL (a role that owns the database): applies the server schema that ships with
// this app (only what is new) and creates a login role per desk. Safe to run again.

export async function runFirmInit({ values, locale }: FirmInvocation, io: CliIo): Promise<number> {
  const url = parseFirmUrl(values.url ?? process.env.FISKAI_FIRM_URL ?? "")
  const db = await connectFirm(url, "fiskai firm init")
  try {
    const applied = await applyFirmMigrations(db)
    const desks: { name: string; created: boolean }[] = []
    for (const name of values.desk ?? []) desks.push({ name, created: await addDesk(db, name) })
    io.stdout.write(`${initText(applied, desks, url.where, locale)}\n`)
    return 0
  } finally {
    await db.end()
  }
}

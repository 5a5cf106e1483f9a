import type Database from "better-sqlite3"
import { FirmView, type FirmLinkInput } from "../../src-shared/firm"
import type { SecretStore } from "../secrets/secret-store"
import type { Store } from "../store/store"
import { BackgroundSync } from "./background-sync"
import { connectFirm, type FirmConnection } from "./firm-db"
import { notLinked } from "./firm-errors"
import { enterFirm, firmIdOf } from "./firm-identity"
import { forgetFirmLink, readFirmLink, saveFirmUrl } from "./firm-link"
import { firmUrlForDesk, parseFirmUrl, withPassword, type FirmUrl } from "./firm-url"
import { checkFirmSchema } from "./server-schema"
import { firmStatus } from "./status"

// The firm connection as the app runs it (issue 25): linking this desk to the firm's PostgreSQL
// (the URL checked, one test connection, the password into the OS keychain), unlinking, and the
// background sync that runs while the desk is linked. The URL kept in the desk's database never
// holds a password; one typed in Settings is kept as the secret "firm.password", and without one
// PGPASSWORD and ~/.pgpass still apply (the driver reads them).

const PASSWORD = "firm.password"
const DEFAULT_INTERVAL_MS = 60_000

export interface FirmServiceOptions {
  sqlite: Database.Database
  secrets: SecretStore
  /** Between two background syncs. */
  intervalMs?: number
  now?: () => string
  /** Told whenever the state changes (the status bar's push). */
  onChange?: (view: FirmView) => void
  /** The desk's store: pack versions other desks published are put into force in it. */
  store?: Store
  /** Told when a sync put another desk's pack version into force (the app reads its pack again). */
  onPacksAdopted?: () => void
}

export class FirmService {
  private sync: BackgroundSync | null = null

  constructor(private readonly options: FirmServiceOptions) {}

  /** Starts the background sync if this desk is linked (the app's start). */
  start(): void {
    if (readFirmLink(this.options.sqlite) !== null) this.startSync()
  }

  view(): FirmView {
    const status = this.sync?.status() ?? firmStatus(this.options.sqlite)
    const secrets = this.options.secrets
    return FirmView.parse({
      ...status,
      desk: status.url === null ? null : deskOf(status.url),
      passwordSaved: secrets.available() && hasSaved(secrets),
      keychain: secrets.available(),
    })
  }

  /**
   * Links this desk: checks the URL (TLS unless on this machine), connects once with the password
   * (the one typed, else the one kept) and checks the firm's schema; only then keeps the URL and
   * the password and starts syncing. A refusal changes nothing.
   */
  async link(input: FirmLinkInput): Promise<FirmView> {
    const url = firmUrlForDesk(input.url, input.desk)
    const typed = input.password === undefined || input.password === "" ? undefined : input.password
    const password = typed ?? this.keptPassword()
    const connection = await connectFirm(withPassword(url, password), "fiskai link")
    let firmId: string
    try {
      await checkFirmSchema(connection, url.where)
      firmId = await firmIdOf(connection, url.where)
    } finally {
      await connection.end()
    }
    await this.stopSync()
    if (typed !== undefined) this.options.secrets.set(PASSWORD, typed)
    saveFirmUrl(this.options.sqlite, url.redacted, this.now())
    // What waits to go up is counted against this firm from now on, not the one linked before.
    enterFirm(this.options.sqlite, firmId, this.now())
    this.startSync()
    return this.changed()
  }

  /** Unlinks: the sync stops, the URL and the kept password go; what came down stays, read-only. */
  async unlink(): Promise<FirmView> {
    await this.stopSync()
    forgetFirmLink(this.options.sqlite)
    this.options.secrets.delete(PASSWORD)
    return this.changed()
  }

  /** One sync now; its outcome is in the view (state, last error). */
  async syncNow(): Promise<FirmView> {
    if (this.sync === null) throw notLinked()
    await this.sync.syncNow()
    return this.view()
  }

  /** Stops the background sync (the app quits); a sync under way is cut and resumes next time. */
  stop(): Promise<void> {
    return this.stopSync()
  }

  private startSync(): void {
    this.sync = new BackgroundSync({
      sqlite: this.options.sqlite,
      connect: () => this.connect(),
      intervalMs: this.options.intervalMs ?? DEFAULT_INTERVAL_MS,
      now: () => this.now(),
      onChange: () => this.changed(),
      ...(this.options.store === undefined ? {} : { store: this.options.store }),
      ...(this.options.onPacksAdopted === undefined ? {} : { onPacksAdopted: this.options.onPacksAdopted }),
    })
    this.sync.start()
  }

  private async stopSync(): Promise<void> {
    const sync = this.sync
    this.sync = null
    await sync?.stop()
  }

  private connect(): Promise<FirmConnection> {
    const link = readFirmLink(this.options.sqlite)
    if (link === null) return Promise.reject(notLinked())
    const url: FirmUrl = parseFirmUrl(link.url)
    return connectFirm(withPassword(url, this.keptPassword()), "fiskai sync")
  }

  /** The kept password, or none (then PGPASSWORD or ~/.pgpass); a host without keychain keeps none. */
  private keptPassword(): string | undefined {
    const secrets = this.options.secrets
    return secrets.available() ? secrets.get(PASSWORD) : undefined
  }

  private changed(): FirmView {
    const view = this.view()
    this.options.onChange?.(view)
    return view
  }

  private now(): string {
    return (this.options.now ?? (() => new Date().toISOString()))()
  }
}

/** A damaged secrets file reads as "none kept": Settings then asks for the password again. */
function hasSaved(secrets: SecretStore): boolean {
  try {
    return secrets.has(PASSWORD)
  } catch {
    return false
  }
}

function deskOf(redactedUrl: string): string | null {
  try {
    const user = decodeURIComponent(new URL(redactedUrl).username)
    return user === "" ? null : user
  } catch {
    return null
  }
}

import type Database from "better-sqlite3"
import type { Store } from "../store/store"
import type { FirmStatus, SyncReport } from "./contract"
import { FirmError } from "./firm-errors"
import type { FirmConnection } from "./firm-db"
import { recordSyncResult } from "./firm-link"
import { firmStatus, type LiveState } from "./status"
import { syncOnce } from "./sync"

// The desk's background sync: every `intervalMs`, one sync on its own connection (and a second
// one for a backlog of traces, up-traces.ts), never two at once. It only awaits the network
// between small batches, so a question being asked at the same time is never held up; a server
// that cannot be reached leaves the desk "offline" and working.

export interface BackgroundSyncOptions {
  sqlite: Database.Database
  connect: () => Promise<FirmConnection>
  intervalMs: number
  now?: () => string
  /** Told after every attempt (a status bar, a log). */
  onChange?: (status: FirmStatus) => void
  /** The desk's store, to put pack versions from other desks into force (firm-packs.ts). */
  store?: Store
  /** Told when a sync put another desk's pack version into force (the app reads its pack again). */
  onPacksAdopted?: () => void
}

export class BackgroundSync {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<SyncReport | null> | null = null
  private live: LiveState = null
  private stopped = true
  /** The connections of the sync under way, so that stop() can cut them (the server rolls back). */
  private readonly connections = new Set<FirmConnection>()
  private cutting = false

  constructor(private readonly options: BackgroundSyncOptions) {}

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.schedule(0)
  }

  /**
   * Stops the timer and cuts a sync under way: its open batch is rolled back by the server and
   * taken again by the next sync (every batch is idempotent), so quitting never waits for a long sync.
   */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    this.cutting = true
    try {
      await Promise.all([...this.connections].map((connection) => connection.end()))
      await this.running
    } finally {
      this.cutting = false
    }
  }

  status(): FirmStatus {
    return firmStatus(this.options.sqlite, this.live)
  }

  /** One sync now (or the one under way); null when it failed (the status says why). */
  syncNow(): Promise<SyncReport | null> {
    this.running ??= this.attempt().finally(() => {
      this.running = null
    })
    return this.running
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      void this.syncNow().then(() => this.schedule(this.options.intervalMs))
    }, delayMs)
    this.timer.unref()
  }

  /** A connection stop() can cut; one stop() already cut is ended at once (its queries fail). */
  private async connect(): Promise<FirmConnection> {
    const connection = await this.options.connect()
    if (this.cutting) {
      await connection.end()
      return connection
    }
    this.connections.add(connection)
    const end = connection.end
    return {
      ...connection,
      end: async () => {
        this.connections.delete(connection)
        await end()
      },
    }
  }

  private async attempt(): Promise<SyncReport | null> {
    const now = this.options.now ?? (() => new Date().toISOString())
    this.live = "syncing"
    this.options.onChange?.(this.status())
    let connection: FirmConnection | null = null
    try {
      connection = await this.connect()
      if (this.cutting) {
        this.live = null
        return null
      }
      const { store, onPacksAdopted } = this.options
      const report = await syncOnce(connection, this.options.sqlite, {
        now,
        openLane: () => this.connect(),
        ...(store === undefined ? {} : { store }),
        ...(onPacksAdopted === undefined ? {} : { onPacksAdopted: () => onPacksAdopted() }),
      })
      recordSyncResult(this.options.sqlite, now(), null)
      this.live = null
      return report
    } catch (error) {
      // Cut by stop(): not a fault of the firm's, and the next sync takes the batch again.
      if (this.cutting) {
        this.live = null
        return null
      }
      // Unreachable is a state, not a fault: the desk works offline and tries again later.
      const offline = error instanceof FirmError && error.kind === "unreachable"
      this.live = offline ? "offline" : "failed"
      recordSyncResult(this.options.sqlite, now(), (error as Error).message)
      return null
    } finally {
      await connection?.end()
      this.options.onChange?.(this.status())
    }
  }
}

import type Database from "better-sqlite3"

// The history search index (FTS5 `traces_fts` over question and answer) is kept up to date in
// batches, off the run's path. A trace leaving `running` is only queued (a trigger writes its id to
// traces_search_pending in the run's settling commit); catchUp() moves the whole queue into the
// index in one transaction. Tokenizing a trace (with five prefix indexes) inside its settling
// commit used to cost the run about a fifth of a millisecond and five more WAL pages; a batch
// writes one index segment for many traces.
//
// A search never misses a trace: every query of the index catches up first. Between searches the
// queue is emptied after `batchSize` settled runs, and otherwise once the store has been idle for
// `idleMs`. The queue is in the database, so a crash loses nothing: the next catch-up takes it.

export interface SearchIndexOptions {
  /** Settled runs after which a catch-up runs at once (default 64). */
  batchSize?: number
  /** Quiet time after the last settled run before a catch-up (default 1000 ms). */
  idleMs?: number
  /** A store opened read-only (a damaged file): nothing is indexed, searches see the index as it is. */
  readOnly?: boolean
}

interface QueueStatements {
  hasPending: Database.Statement
  moveQueue: Database.Transaction<() => number>
}

export class SearchIndex {
  private readonly batchSize: number
  private readonly idleMs: number
  private readonly readOnly: boolean
  /** Prepared at first use (a store opened on an older schema in tests has no queue table). */
  private statements: QueueStatements | undefined
  private settledSinceCatchUp = 0
  private timer: NodeJS.Timeout | undefined
  private closed = false

  constructor(
    private readonly sqlite: Database.Database,
    options: SearchIndexOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 64
    this.idleMs = options.idleMs ?? 1000
    this.readOnly = options.readOnly ?? false
  }

  /** Indexes every queued trace (one transaction); returns how many were indexed. */
  catchUp(): number {
    this.cancelTimer()
    this.settledSinceCatchUp = 0
    if (this.readOnly) return 0
    const { hasPending, moveQueue } = this.prepared()
    if (hasPending.get() === 0) return 0
    return moveQueue.immediate()
  }

  /** A run has settled (its trace is queued): catch up now if many have, else when idle. */
  noteSettled(): void {
    if (this.closed || this.readOnly) return
    this.settledSinceCatchUp += 1
    if (this.settledSinceCatchUp >= this.batchSize) {
      this.catchUpQuietly()
      return
    }
    this.cancelTimer()
    this.timer = setTimeout(() => {
      this.timer = undefined
      if (!this.closed) this.catchUpQuietly()
    }, this.idleMs)
    // A pending catch-up never keeps a process (the CLI) alive: the queue waits in the database.
    this.timer.unref()
  }

  /** Stops the idle timer; the store is closing. */
  close(): void {
    this.closed = true
    this.cancelTimer()
  }

  /** A catch-up nobody waits for: a failure (busy database) leaves the queue for the next one. */
  private catchUpQuietly(): void {
    try {
      this.catchUp()
    } catch (error) {
      console.error("search index catch-up failed (the next search or batch retries):", error)
    }
  }

  private prepared(): QueueStatements {
    if (this.statements !== undefined) return this.statements
    const { sqlite } = this
    const index = sqlite.prepare(
      `INSERT OR REPLACE INTO traces_fts (rowid, question, answer_text)
       SELECT t.id, t.question, t.answer_text FROM traces_search_pending p JOIN traces t ON t.id = p.trace_id`,
    )
    const clear = sqlite.prepare("DELETE FROM traces_search_pending")
    this.statements = {
      hasPending: sqlite.prepare("SELECT EXISTS (SELECT 1 FROM traces_search_pending)").pluck(),
      moveQueue: sqlite.transaction(() => {
        const indexed = index.run().changes
        clear.run()
        return indexed
      }),
    }
    return this.statements
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }
}

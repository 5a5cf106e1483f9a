import { once } from "node:events"
import type { Duplex } from "node:stream"
import pg from "pg"
import { unreachable } from "./firm-errors"
import type { FirmUrl } from "./firm-url"

// One connection to the firm's PostgreSQL. Sync and the CLI talk to it through FirmDb (just
// `query`), so a test can cut the connection at a chosen statement. Each sync opens its own
// connection: nothing of it runs on the path of a question being answered.

export interface QueryResult<R> {
  rows: R[]
  rowCount: number | null
}

export interface FirmDb {
  query<R extends object = Record<string, unknown>>(
    text: string,
    values?: readonly unknown[],
  ): Promise<QueryResult<R>>
  /**
   * Resolves once everything sent so far has left this process. A large statement leaves in
   * pieces only while the event loop runs: up-sync waits for this before it reads the next batch
   * from SQLite (which blocks the loop), so the server works on the whole statement meanwhile.
   */
  flushed?(): Promise<void>
}

export interface FirmConnection extends FirmDb {
  end(): Promise<void>
}

/** Connects (10 s at most) and bounds every statement (60 s), so a dead network surfaces as an error. */
export async function connectFirm(url: FirmUrl, applicationName = "fiskai"): Promise<FirmConnection> {
  const client = new pg.Client({
    connectionString: url.connectionString,
    application_name: applicationName,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 60_000,
    query_timeout: 90_000,
  })
  // An error after connecting (the server went away) must not crash the process: the next query fails instead.
  client.on("error", () => undefined)
  try {
    await client.connect()
  } catch (error) {
    await client.end().catch(() => undefined)
    // The server answered and refused (a wrong password, no such desk or database): its own words.
    if (isFirmServerError(error)) throw error
    throw unreachable(url.where, (error as Error).message)
  }
  return {
    query: async <R extends object>(text: string, values?: readonly unknown[]) => {
      const result = await client.query(text, values === undefined ? undefined : [...values])
      return { rows: result.rows as R[], rowCount: result.rowCount }
    },
    flushed: () => drained(client.connection.stream),
    end: () => client.end().catch(() => undefined),
  }
}

async function drained(stream: Duplex): Promise<void> {
  if (stream.writableLength === 0 || stream.destroyed) return
  // A failure shows in the statement's own answer; here it only ends the wait. The abort takes
  // away whichever listener did not fire, so none pile up on the socket.
  const done = new AbortController()
  const { signal } = done
  await Promise.race([once(stream, "drain", { signal }), once(stream, "close", { signal })]).catch(() => undefined)
  done.abort()
}

/** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(db: FirmDb, work: () => Promise<T>): Promise<T> {
  await db.query("BEGIN")
  try {
    const result = await work()
    await db.query("COMMIT")
    return result
  } catch (error) {
    await db.query("ROLLBACK").catch(() => undefined)
    throw error
  }
}

/** An error PostgreSQL itself sent (with its SQLSTATE), as opposed to a network or driver failure. */
export function isFirmServerError(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError
}

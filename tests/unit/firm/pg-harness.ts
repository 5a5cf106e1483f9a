import { afterAll, beforeAll, describe } from "vitest"
import { PgMissingError, findPgBinaries, pgOptional, startPgCluster, type PgCluster } from "../../support/pg-cluster"

// One PostgreSQL cluster per test file, stopped after it even when tests fail (afterAll, and the
// cluster's own guard when the worker dies). Without PostgreSQL the file fails with a clear
// message, unless FISKAI_PG_OPTIONAL=1 makes it skip.

export const describeWithPg = findPgBinaries() === null && pgOptional() ? describe.skip : describe

export function usePgCluster(): { current(): PgCluster } {
  let cluster: PgCluster | null = null
  beforeAll(async () => {
    try {
      cluster = await startPgCluster()
    } catch (error) {
      // A missing server is a setup problem: its message says what to install, without a stack.
      if (error instanceof PgMissingError) throw new Error(error.message, { cause: error })
      throw error
    }
  }, 60_000)
  afterAll(async () => {
    await cluster?.stop()
  }, 30_000)
  return {
    current: () => {
      if (cluster === null) throw new Error("the PostgreSQL cluster did not start (see the first error)")
      return cluster
    },
  }
}

import { startPgCluster } from "../../support/pg-cluster"

// Starts a cluster, prints its socket folder, and waits to be killed (pg-cluster.test.ts).
const cluster = await startPgCluster()
process.stdout.write(`${cluster.socketDir}\n`)
setInterval(() => undefined, 60_000)

// A crash at the worst moment for the trace store: the app starts a run (the trace row is written
// as it starts) and is killed before the engine thread has sent the run's first event.
// Usage: tsx killed-at-start.ts DB QUESTION. It never returns: it ends by SIGKILL.
import { join } from "node:path"
import { EngineThread } from "../../../src-main/engine-thread/engine-thread"
import { loadPackFile } from "../../../src-main/knowledge/loader"
import { RunService } from "../../../src-main/runs/run-service"
import { openStore } from "../../../src-main/store/store"
import { repoRoot } from "./host"

const [path, question] = process.argv.slice(2)
if (path === undefined || question === undefined) throw new Error("usage: killed-at-start.ts DB QUESTION")
const pack = loadPackFile(join(repoRoot, "resources", "packs", "hr-core.json"))
const service = new RunService({ store: openStore({ path }), engine: new EngineThread().engine, pack })
service.start({ question })
// Synchronously after start(): no event from the engine thread can have been taken yet.
process.kill(process.pid, "SIGKILL")

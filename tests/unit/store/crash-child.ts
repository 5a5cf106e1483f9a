// The writer of the crash test (crash.test.ts): loads the engine and its pack, prints "warm" and
// waits for a line "go" on stdin before it touches the database given as argv[2] (the test starts
// the next writer while the current one is still writing, and says go once that one is dead and
// the database checked). Then it opens the database and writes runs as fast as it can (clear
// questions, refusals, clarifications resumed) until it is killed. A line "complete <requestId>"
// is printed only after the run's terminal batch has committed.
// argv[3] "engine-thread" runs the engine on its own thread, as the app does (its runs commit
// stage boundaries that arrive together in one batch); otherwise it runs in process, as the CLI.
import { EngineThread } from "../../../src-main/engine-thread/engine-thread"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { RunService } from "../../../src-main/runs/run-service"
import { openStore } from "../../../src-main/store/store"
import { hrCorePack } from "./core-pack"

const [path, engineKind = "in-process"] = process.argv.slice(2)
if (path === undefined || !["in-process", "engine-thread"].includes(engineKind)) throw new Error("usage: crash-child.ts DB [in-process|engine-thread]")
// If the test that spawned us goes away (stdin closes), stop: never outlive the test.
process.stdin.on("end", () => process.exit(0))
process.stdin.resume()
const pack = hrCorePack()
let engine = buildAnswerWithReasoning
if (engineKind === "engine-thread") {
  const thread = new EngineThread()
  await thread.warmUp(pack)
  engine = thread.engine
}
const told = new Promise<void>((resolve) => {
  let input = ""
  const onData = (chunk: Buffer) => {
    input += chunk.toString("utf8")
    if (!input.split("\n").includes("go")) return
    process.stdin.off("data", onData)
    resolve()
  }
  process.stdin.on("data", onData)
})
process.stdout.write(`warm ${process.pid}\n`)
await told
const service = new RunService({ store: openStore({ path }), engine, pack })
process.stdout.write(`ready ${process.pid}\n`)

const questions = [
  "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
  "Kolika je opća stopa PDV-a?",
  "asdf qwer zxcv",
  "porez",
]

for (let i = 0; ; i++) {
  const question = questions[i % questions.length] ?? "porez"
  let result = await service.ask({ question, asOfDate: "2025-06-01" })
  if (result.status === "awaiting_input") {
    const option = result.event.status === "awaiting_input" ? result.event.data.options?.[0]?.value : undefined
    result = await service.resume(result.requestId, option ?? "cancel")
  }
  if (result.status === "complete") process.stdout.write(`complete ${result.requestId}\n`)
  // Let I/O events (stdin closing) through between runs.
  await new Promise((resolve) => setImmediate(resolve))
}

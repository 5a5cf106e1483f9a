// A process with nothing but the engine thread to keep it alive (engine-thread.test.ts): it
// awaits a warm-up, runs one question, and must then exit by itself. Prints what it got.
import { EngineThread } from "../../../../src-main/engine-thread/engine-thread"
import { systemClock } from "../../../../src-main/util/clock"
import { hrCorePack } from "../../store/core-pack"

const thread = new EngineThread()
await thread.warmUp(hrCorePack())
process.stdout.write("warm\n")
const run = thread.engine(
  { requestId: "01a20384-8282-7000-b42a-773b4ed81398", question: "Kolika je opća stopa PDV-a?", asOfDate: "2025-06-01", askedOn: "2025-06-01" },
  { pack: hrCorePack(), clock: systemClock, deliberatePauseMs: 0 },
)
let step = await run.next()
while (step.done !== true) step = await run.next()
process.stdout.write(`answered ${step.value.outcome}\n`)

import type { CliIo } from "../io"
import { reportingStoreDamage } from "../store-failures"
import { ASK_USAGE, runAskCommand } from "./ask"
import { EXPORT_USAGE, runExportCommand } from "./export"
import { PACK_USAGE, runPackCommand } from "./pack"
import { RESUME_USAGE, runResumeCommand } from "./resume"
import { runTracesCommand, TRACES_USAGE } from "./traces"
import { runVerifyCommand, VERIFY_USAGE } from "./verify"
import { runWhatIfCommand, WHATIF_USAGE } from "./whatif"
import { runScenariosCommand, SCENARIOS_USAGE } from "./scenarios"
import { FLAGS_USAGE, runFlagsCommand } from "./flags"
import { METRICS_USAGE, runMetricsCommand } from "./metrics"
import { DOC_USAGE, runDocCommand } from "./doc"
import { runThreadCommand, THREAD_USAGE } from "./thread"
import { FIRM_USAGE, runFirmCommand } from "./firm"
import { PROFILE_USAGE, runProfileCommand } from "./profile"
import { RULE_USAGE, runRuleCommand } from "./rule"

// The command registry: one line per command. Other commands (resume, traces, whatif, …) are
// added here by the engineers who write them. Commands that open the database report a damaged
// file in one line (store-failures.ts).

export interface CliCommand {
  usage: string
  run(argv: string[], io: CliIo): Promise<number>
}

export const COMMANDS: Record<string, CliCommand> = {
  ask: { usage: ASK_USAGE, run: reportingStoreDamage("ask", runAskCommand) },
  export: { usage: EXPORT_USAGE, run: reportingStoreDamage("export", runExportCommand) },
  verify: { usage: VERIFY_USAGE, run: runVerifyCommand },
  resume: { usage: RESUME_USAGE, run: reportingStoreDamage("resume", runResumeCommand) },
  traces: { usage: TRACES_USAGE, run: reportingStoreDamage("traces", runTracesCommand) },
  whatif: { usage: WHATIF_USAGE, run: reportingStoreDamage("whatif", runWhatIfCommand) },
  scenarios: { usage: SCENARIOS_USAGE, run: reportingStoreDamage("scenarios", runScenariosCommand) },
  flags: { usage: FLAGS_USAGE, run: reportingStoreDamage("flags", runFlagsCommand) },
  metrics: { usage: METRICS_USAGE, run: reportingStoreDamage("metrics", runMetricsCommand) },
  doc: { usage: DOC_USAGE, run: reportingStoreDamage("doc", runDocCommand) },
  thread: { usage: THREAD_USAGE, run: reportingStoreDamage("thread", runThreadCommand) },
  pack: { usage: PACK_USAGE, run: runPackCommand },
  firm: { usage: FIRM_USAGE, run: reportingStoreDamage("firm", runFirmCommand) },
  profile: { usage: PROFILE_USAGE, run: reportingStoreDamage("profile", runProfileCommand) },
  rule: { usage: RULE_USAGE, run: reportingStoreDamage("rule", runRuleCommand) },
}

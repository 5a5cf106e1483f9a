import type { ReasoningSink } from "../sinks/types"
import type { EngineRequest } from "../engine/types"
import type { LoadedPack } from "../knowledge/loader"
import type { ModelCompanionFactory } from "../model/model-run"

// What a CLI command may touch: the two output streams, standard input, and the optional
// persistence hook. Commands take this instead of `process` so that tests can drive them.

export interface CliStream {
  write(text: string): unknown
  isTTY?: boolean
  /** Terminal width, when a terminal. */
  columns?: number
  /**
   * The unescaped stream, for the CLI's own terminal drawing (cursor moves, line clears) around
   * text it has already made printable. `main()` escapes every other write, so that control
   * characters from input (a question, a path, an option) can never drive the terminal.
   */
  raw?: CliStream
}

export interface CliInput {
  isTTY?: boolean
}

/** A store session for `--db FILE` (issue 3): runs the engine with the store's audit sink. */
export interface PersistedRunner {
  /** Runs and records one question; `sinks` see every event as it is emitted. */
  ask(
    request: Omit<EngineRequest, "requestId">,
    options: { requestId?: string; clarifications?: readonly string[]; sinks?: readonly ReasoningSink[]; model?: ModelCompanionFactory },
  ): Promise<unknown>
  /** Continues a recorded run suspended at a clarification (answer), or ends it (null = cancel). */
  continueRun(requestId: string, answer: string | null, options: { sinks?: readonly ReasoningSink[] }): Promise<unknown>
  close(): void
}

export interface CliIo {
  stdout: CliStream
  stderr: CliStream
  stdin?: CliInput
  /** Reads one line typed by the user (interactive clarification); null at end of input. */
  readLine?: (prompt: string) => Promise<string | null>
  /**
   * The run service over a database (`--db FILE`, the app's data folder by default, or ":memory:"
   * for --no-db): every run the CLI makes goes through it, as in the app. Default: openRunStore
   * (cli/run-store.ts); tests may pass their own.
   */
  openStore?: (dbPath: string, pack: LoadedPack, clock?: () => Date) => Promise<PersistedRunner>
  /** The engine's clock; defaults to the system clock. */
  clock?: () => Date
}

export type CommandIo = CliIo

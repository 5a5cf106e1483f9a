import {
  disabledPrompt,
  downloadPrompt,
  failedPrompt,
  restartPrompt,
  upToDatePrompt,
  type PromptLocale,
  type UpdatePrompt,
} from "./prompt-messages"
import type { UpdateService } from "./update-service"
import type { UpdateState } from "./update-state"

// Turns service states into questions for the user: "version X is available, download?" and
// "downloaded, restart now?". Each version is offered once per session from the background
// schedule (a "Later" is respected); a check the user starts from the menu always answers,
// including "up to date", "failed" and "turned off". Errors of background checks are never shown.

/** Shows the prompt; resolves true when the user chose the confirm button. */
export type AskUser = (prompt: UpdatePrompt) => Promise<boolean>

export interface UpdatePrompterOptions {
  readonly service: UpdateService
  readonly ask: AskUser
  readonly locale: () => PromptLocale
}

export interface UpdatePrompter {
  /** A user-initiated check ("Check for updates…"); resolves when its dialogs are answered. */
  checkNow(): Promise<void>
  dispose(): void
}

export function createUpdatePrompter(options: UpdatePrompterOptions): UpdatePrompter {
  const { service, ask } = options
  const offeredDownload = new Set<string>()
  const offeredRestart = new Set<string>()
  // One dialog at a time, in order.
  let queue: Promise<void> = Promise.resolve()

  function enqueue(task: () => Promise<void>): Promise<void> {
    queue = queue.then(task).catch(() => {
      // A dialog that failed to show must not block the next one.
    })
    return queue
  }

  function stillCurrent(expected: UpdateState): boolean {
    const now = service.state
    return now.status === expected.status && versionOf(now) === versionOf(expected)
  }

  function offer(state: UpdateState): void {
    if (state.status === "available" && !offeredDownload.has(state.version)) {
      offeredDownload.add(state.version)
      void enqueue(async () => {
        if (!stillCurrent(state)) return
        if (!(await ask(downloadPrompt(options.locale(), state.version, state.notes)))) return
        // A failed download (offline, bad checksum) is offered again at the next period.
        if ((await service.download()).status === "error") offeredDownload.delete(state.version)
      })
    } else if (state.status === "downloaded" && !offeredRestart.has(state.version)) {
      offeredRestart.add(state.version)
      void enqueue(async () => {
        if (!stillCurrent(state)) return
        if (await ask(restartPrompt(options.locale(), state.version))) await service.quitAndInstall()
      })
    }
  }

  const unsubscribe = service.subscribe(offer)

  return {
    async checkNow() {
      offeredDownload.clear()
      offeredRestart.clear()
      const current = service.state
      if (current.status === "downloaded" || current.status === "downloading") {
        offer(current)
        return queue
      }
      const result = await service.check()
      const locale = options.locale()
      if (result.status === "not-available")
        void enqueue(async () => void (await ask(upToDatePrompt(locale))))
      else if (result.status === "error")
        void enqueue(async () => void (await ask(failedPrompt(locale, result.message))))
      else if (result.status === "disabled")
        void enqueue(async () => void (await ask(disabledPrompt(locale, result.reason))))
      return queue
    },
    dispose() {
      unsubscribe()
    },
  }
}

function versionOf(state: UpdateState): string | null {
  return "version" in state ? state.version : null
}

import { app, dialog, type BrowserWindow } from "electron"
import electronUpdater from "electron-updater"
import type { Settings } from "../../src-shared/settings"
import type { UpdaterBackend } from "../updates/backend"
import { createPolicyResolver } from "../updates/policy-files"
import { policyFileLocations } from "../updates/policy-locations"
import type { UpdatePrompt } from "../updates/prompt-messages"
import { createUpdatePrompter } from "../updates/update-prompter"
import { createUpdateService, type UpdateService } from "../updates/update-service"

// The thin Electron binding of the update service: electron-updater's autoUpdater as the backend
// (generic provider, configured by the app-update.yml that electron-builder writes from the
// `publish` section), native message boxes as the prompts, and the app's paths for the policy
// files. Everything with logic in it lives in src-main/updates/ and is tested under plain Node.

export interface UpdatesLogger {
  info(message?: unknown): void
  warn(message?: unknown): void
  error(message?: unknown): void
}

export interface SetupUpdatesOptions {
  /** Read before every check, download and install, so a settings change applies at once. */
  readonly getSettings: () =>
    Pick<Settings, "updatesEnabled" | "locale"> | Promise<Pick<Settings, "updatesEnabled" | "locale">>
  /** The window the dialogs belong to; null shows them on their own. */
  readonly getWindow?: () => BrowserWindow | null
  /** Where electron-updater logs (default: the console). */
  readonly logger?: UpdatesLogger
}

export interface UpdatesHandle {
  readonly service: UpdateService
  /** For a "Check for updates…" menu item: checks now and always answers with a dialog. */
  checkNow(): Promise<void>
  /** Call after the settings change, so "turned off" shows (or clears) without waiting. */
  refreshPolicy(): Promise<void>
  dispose(): void
}

/** Call once, after `app.whenReady()`. */
export function setupUpdates(options: SetupUpdatesOptions): UpdatesHandle {
  const { autoUpdater } = electronUpdater
  if (options.logger) autoUpdater.logger = options.logger
  // Only full installers, whose signature the NSIS updater verifies against win.publisherName.
  autoUpdater.disableWebInstaller = true
  autoUpdater.forceDevUpdateConfig = false
  const backend: UpdaterBackend = autoUpdater

  const resolvePolicy = createPolicyResolver({
    readSetting: async () => (await options.getSettings()).updatesEnabled,
    env: process.env,
    policyFilePaths: policyFileLocations({
      platform: process.platform,
      exePath: app.getPath("exe"),
      env: process.env,
    }),
    isPackaged: app.isPackaged,
  })
  const service = createUpdateService({ backend, resolvePolicy })

  let locale: Settings["locale"] = "hr"
  const refreshLocale = async (): Promise<void> => {
    try {
      locale = (await options.getSettings()).locale
    } catch {
      // Keep the last known language; the policy resolver fails closed on the same error.
    }
  }
  const prompter = createUpdatePrompter({
    service,
    ask: (prompt) => showPrompt(prompt, options.getWindow?.() ?? null),
    locale: () => locale,
  })

  const logState = service.subscribe((state) =>
    autoUpdater.logger?.info(`update state: ${JSON.stringify(state)}`),
  )
  void refreshLocale().then(() => service.start())

  const dispose = (): void => {
    service.stop()
    prompter.dispose()
    logState()
  }
  app.once("will-quit", dispose)

  return {
    service,
    async checkNow() {
      await refreshLocale()
      await prompter.checkNow()
    },
    async refreshPolicy() {
      await refreshLocale()
      await service.refreshPolicy()
    },
    dispose,
  }
}

async function showPrompt(prompt: UpdatePrompt, parent: BrowserWindow | null): Promise<boolean> {
  const buttons =
    prompt.confirmLabel === null ? [prompt.cancelLabel] : [prompt.confirmLabel, prompt.cancelLabel]
  const box = {
    type: prompt.kind === "failed" ? ("warning" as const) : ("info" as const),
    title: prompt.title,
    message: prompt.message,
    detail: prompt.detail,
    buttons,
    defaultId: 0,
    cancelId: buttons.length - 1,
    noLink: true,
  }
  const { response } =
    parent === null ? await dialog.showMessageBox(box) : await dialog.showMessageBox(parent, box)
  return prompt.confirmLabel !== null && response === 0
}

// The part of electron-updater's `autoUpdater` (an AppUpdater) that the update service uses.
// Declared here, structurally, so the service stays plain Node: the Electron adapter passes the
// real `autoUpdater`, and the tests pass a real electron-updater DebUpdater driven by a Node HTTP
// executor. Neither side has to import the other.

export interface ReleaseNoteEntry {
  readonly version: string
  readonly note: string | null
}

/** What a generic-provider `latest*.yml` tells us about the newest release. */
export interface UpdateInfoLike {
  readonly version: string
  releaseName?: string | null
  releaseNotes?: string | ReadonlyArray<ReleaseNoteEntry> | null
  readonly stagingPercentage?: number
}

export interface UpdateCheckResultLike {
  readonly isUpdateAvailable: boolean
  readonly updateInfo: UpdateInfoLike
}

export interface DownloadProgressLike {
  readonly percent: number
}

export type DownloadProgressListener = (progress: DownloadProgressLike) => void

export interface UpdaterBackend {
  /** Must stay false: the user chooses when to download. */
  autoDownload: boolean
  /** Must stay false: nothing is installed behind the user's back when they quit. */
  autoInstallOnAppQuit: boolean
  /** Must stay false: a server serving an older version must not roll installs back. */
  allowDowngrade: boolean
  /**
   * Asks the feed. Resolves null when the updater considers itself inactive (not packaged, or
   * an install type it cannot update); rejects on network, HTTP and parse errors.
   */
  checkForUpdates(): Promise<UpdateCheckResultLike | null>
  /** Downloads the update found by the last check and verifies its sha512. */
  downloadUpdate(): Promise<unknown>
  /** Quits the app and runs the downloaded installer. */
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
  on(event: "download-progress", listener: DownloadProgressListener): unknown
  off(event: "download-progress", listener: DownloadProgressListener): unknown
}

import { createHash } from "node:crypto"
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from "node:http"
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from "builder-util-runtime"
import { DebUpdater } from "electron-updater"
import type { AppAdapter } from "electron-updater/out/AppAdapter"

// The real electron-updater, run under plain Node: a DebUpdater (the Linux .deb updater: generic
// provider, staging, sha512-verified download) given an app adapter instead of Electron's `app`.
// With an app adapter electron-updater leaves the HTTP executor to the caller, because its own
// one sends requests through Electron's `net`. NodeTransportExecutor is that executor over Node's
// `http`: builder-util-runtime's HttpExecutor (shared by electron-updater) does the requests,
// redirects, progress and checksum; `download` is the same few lines as electron-updater's own
// executor. Everything above the socket is electron-updater's code as shipped. Only
// quitAndInstall needs Electron; RecordingDebUpdater records it instead.

class NodeTransportExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return httpRequest(options, callback)
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined }
      configureRequestUrl(url, requestOptions)
      configureRequestOptions(requestOptions)
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      )
    })
  }
}

export interface NodeUpdaterSetup {
  readonly currentVersion: string
  readonly feedUrl: string
  /** A temp folder holding app-update.yml, user data (the staging id) and the download cache. */
  readonly dir: string
}

class NodeAppAdapter implements AppAdapter {
  readonly name = "fiskai-workstation"
  readonly isPackaged = true
  constructor(
    readonly version: string,
    private readonly dir: string,
  ) {}
  get appUpdateConfigPath(): string {
    return path.join(this.dir, "resources", "app-update.yml")
  }
  get userDataPath(): string {
    return path.join(this.dir, "user-data")
  }
  get baseCachePath(): string {
    return path.join(this.dir, "cache")
  }
  whenReady(): Promise<void> {
    return Promise.resolve()
  }
  relaunch(): void {}
  quit(): void {}
  onQuit(): void {}
}

/** Records quitAndInstall instead of running dpkg, which would install onto the test machine. */
export class RecordingDebUpdater extends DebUpdater {
  readonly installCalls: Array<{ isSilent: boolean | undefined; isForceRunAfter: boolean | undefined }> = []
  override quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installCalls.push({ isSilent, isForceRunAfter })
  }
}

export async function makeUpdaterDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "fiskai-updater-"))
}

export async function removeUpdaterDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

/** Writes app-update.yml as electron-builder writes it from the `publish` section, and builds the updater. */
export async function createNodeUpdater(setup: NodeUpdaterSetup): Promise<RecordingDebUpdater> {
  const adapter = new NodeAppAdapter(setup.currentVersion, setup.dir)
  await mkdir(path.dirname(adapter.appUpdateConfigPath), { recursive: true })
  await writeFile(
    adapter.appUpdateConfigPath,
    `provider: generic\nurl: ${setup.feedUrl}\nupdaterCacheDirName: fiskai-workstation-updater\n`,
    "utf8",
  )
  const updater = new RecordingDebUpdater(null, adapter)
  // With an app adapter, electron-updater leaves the HTTP executor to the caller.
  Reflect.set(updater, "httpExecutor", new NodeTransportExecutor())
  updater.logger = null
  return updater
}

/** Writes the staging id electron-updater keeps per install, so rollout membership is known. */
export async function writeStagingId(dir: string, id: string): Promise<void> {
  await mkdir(path.join(dir, "user-data"), { recursive: true })
  await writeFile(path.join(dir, "user-data", ".updaterId"), id, "utf8")
}

export function sha512Base64(body: Buffer): string {
  return createHash("sha512").update(body).digest("base64")
}

export interface FeedRelease {
  readonly version: string
  readonly files?: ReadonlyArray<{ readonly url: string; readonly body: Buffer; readonly sha512?: string }>
  readonly releaseNotes?: string
  readonly stagingPercentage?: number
}

/** A latest*.yml as electron-builder publishes it. */
export function latestYml(release: FeedRelease): string {
  const files = release.files ?? []
  const lines = [`version: ${release.version}`, "files:"]
  for (const file of files) {
    lines.push(
      `  - url: ${file.url}`,
      `    sha512: ${file.sha512 ?? sha512Base64(file.body)}`,
      `    size: ${file.body.length}`,
    )
  }
  if (files.length === 0) lines[1] = "files: []"
  const first = files[0]
  if (first !== undefined)
    lines.push(`path: ${first.url}`, `sha512: ${first.sha512 ?? sha512Base64(first.body)}`)
  lines.push("releaseDate: '2025-01-15T09:00:00.000Z'")
  if (release.releaseNotes !== undefined) lines.push(`releaseNotes: ${JSON.stringify(release.releaseNotes)}`)
  if (release.stagingPercentage !== undefined) lines.push(`stagingPercentage: ${release.stagingPercentage}`)
  return `${lines.join("\n")}\n`
}

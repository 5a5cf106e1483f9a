// Turns what electron-updater throws into one short sentence for the state, and says whether it
// is just "offline". Offline is normal for some firms' desktops for weeks: it must never become a
// dialog, only a quiet state and a retry at the next period.

/** Node socket and DNS errors that mean "no route to the update server right now". */
const OFFLINE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "EHOSTDOWN",
])

/** Chromium's net errors, as Electron's `net` module (electron-updater's executor) reports them. */
const OFFLINE_NET_ERROR =
  /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|CONNECTION_[A-Z_]+|ADDRESS_UNREACHABLE|NETWORK_CHANGED|NETWORK_IO_SUSPENDED|TIMED_OUT|PROXY_CONNECTION_FAILED)/

export interface DescribedUpdateError {
  readonly message: string
  readonly offline: boolean
}

export function describeUpdateError(error: unknown): DescribedUpdateError {
  const code = stringProperty(error, "code")
  const text = error instanceof Error ? error.message : String(error)
  const netError = OFFLINE_NET_ERROR.exec(text)
  if ((code !== undefined && OFFLINE_CODES.has(code)) || netError !== null || text === "Request timed out") {
    const detail = code ?? netError?.[0] ?? "timeout"
    return { offline: true, message: `update server unreachable (${detail}); will try again later` }
  }
  switch (code) {
    case "ERR_UPDATER_INVALID_UPDATE_INFO":
      return { offline: false, message: "the update feed's release file is malformed" }
    case "ERR_UPDATER_CHANNEL_FILE_NOT_FOUND":
      return { offline: false, message: "the update feed has no release file for this system" }
    case "ERR_UPDATER_INVALID_VERSION":
      return { offline: false, message: "the update feed names no valid version" }
    case "ERR_CHECKSUM_MISMATCH":
      return { offline: false, message: "the downloaded update failed its checksum and was discarded" }
  }
  const statusCode = numberProperty(error, "statusCode")
  if (statusCode !== undefined)
    return { offline: false, message: `the update server answered HTTP ${statusCode}` }
  return { offline: false, message: firstLine(text, 200) }
}

function firstLine(text: string, max: number): string {
  const line = (text.split("\n")[0] ?? "").trim() || "unknown error"
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`
}

function stringProperty(value: unknown, key: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined
  const property: unknown = Reflect.get(value, key)
  return typeof property === "string" ? property : undefined
}

function numberProperty(value: unknown, key: string): number | undefined {
  if (typeof value !== "object" || value === null) return undefined
  const property: unknown = Reflect.get(value, key)
  return typeof property === "number" ? property : undefined
}

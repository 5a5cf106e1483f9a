import type { Locale } from "../../../src-shared/events/stages"
import type { ExportLocation } from "../../../src-shared/export"

// File names and sizes for the export screens. The renderer has no Node `path`, so paths are
// joined with the separator the host reports (Windows "\", elsewhere "/").

function pad2(n: number): string {
  return String(n).padStart(2, "0")
}

/** Local date and time as 2025-06-01-143005, so names sort by when they were made. */
function stamp(now: Date): string {
  const date = `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`
  return `${date}-${pad2(now.getHours())}${pad2(now.getMinutes())}${pad2(now.getSeconds())}`
}

/**
 * A name that says what the bundle holds (one run, by the first 8 characters of its id, or a
 * selection) and when it was made; `sequence` > 1 marks the next export from the same form, so it
 * never takes the previous file's name.
 */
export function suggestedFileName(now: Date, requestId?: string, sequence = 1): string {
  const shortId = requestId
    ?.replace(/[^A-Za-z0-9-]/g, "")
    .slice(0, 8)
    .replace(/-+$/, "")
  const what = requestId === undefined ? "" : `-${shortId || "trace"}`
  const again = sequence > 1 ? `-${sequence}` : ""
  return `fiskai-audit${what}-${stamp(now)}${again}.zip`
}

export function joinPath(location: Pick<ExportLocation, "folder" | "separator">, name: string): string {
  const folder = location.folder.endsWith(location.separator)
    ? location.folder
    : location.folder + location.separator
  return folder + name
}

/** The folder part of a path, whichever separator it uses ("" when it has none). */
export function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"))
  if (cut < 0) return ""
  return cut === 0 ? path.slice(0, 1) : path.slice(0, cut)
}

/** 1536 -> "1,5 KB" (hr) / "1.5 KB" (en); bytes below 1 KB are counted exactly. */
export function formatBytes(bytes: number, locale: Locale): string {
  const units = ["KB", "MB", "GB"]
  if (bytes < 1024) return `${bytes} B`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  const text = value.toFixed(value < 10 ? 1 : 0)
  return `${locale === "hr" ? text.replace(".", ",") : text} ${units[unit] ?? "GB"}`
}

import type { UpdateInfoLike } from "./backend"

// Release notes from latest*.yml may be HTML (electron-builder copies them from the release) or a
// list per version. They are shown as plain text in a native dialog, so tags are dropped, the
// common entities decoded, and the length capped: the feed is input from outside.

export const MAX_NOTES_CHARS = 2000
export const MAX_VERSION_CHARS = 64

export function releaseNotesText(info: UpdateInfoLike): string {
  const raw = info.releaseNotes
  if (raw === null || raw === undefined) return ""
  const text =
    typeof raw === "string" ? raw : raw.map((entry) => `${entry.version}: ${entry.note ?? ""}`).join("\n\n")
  return clip(toPlainText(text), MAX_NOTES_CHARS)
}

/** The version as the feed spells it, bounded; semver validity is electron-updater's check. */
export function displayVersion(info: UpdateInfoLike): string {
  return clip(withoutControlCharacters(String(info.version), false), MAX_VERSION_CHARS)
}

function toPlainText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/li|\/h[1-6])\s*\/?>/gi, "\n")
    .replace(/<\s*li[^>]*>/gi, "• ")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => withoutControlCharacters(line, true))
    .join("\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
}

/** Drops C0 controls and DEL (terminal escapes, NULs); keeps tabs when asked. */
function withoutControlCharacters(text: string, keepTabs: boolean): string {
  let result = ""
  for (const char of text) {
    const code = char.charCodeAt(0)
    const control = code < 0x20 || code === 0x7f
    if (!control || (keepTabs && char === "\t")) result += char
  }
  return result
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

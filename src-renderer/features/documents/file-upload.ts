import { DOCUMENT_MAX_BYTES, type AddedDocument } from "../../../src-shared/documents"
import type { Locale } from "../../../src-shared/events/stages"
import type { FiskaiApi } from "../../../src-shared/ipc/api"
import { call } from "../../api/client"
import type { Translate } from "../../i18n/translate"

// A chosen or dropped file as the documents.add channel takes it: its bytes in base64. The main
// process's intake takes up to 25 MB, and both hosts carry that much: Electron's IPC, and the
// browser host's socket, whose message limit is sized for it (HOST_MAX_MESSAGE_BYTES). A larger
// file is refused here, in the user's language, before anything is sent.

/** The largest file this window can send: intake's limit, in either host. */
export function uploadLimitBytes(): number {
  return DOCUMENT_MAX_BYTES
}

export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  // In chunks: String.fromCharCode with hundreds of thousands of arguments overflows the stack.
  let binary = ""
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(binary)
}

/** "750 KB", "2 MB": sizes as the messages show them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 / 1024)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

/**
 * A file into a client's documents through documents.add (the Documents screen's drop and file
 * dialog, the Ask screen's drop): what was added, or why not, in the user's language.
 */
export async function uploadDocument(
  file: File,
  clientId: string | null,
  ui: { api: FiskaiApi; t: Translate; locale: Locale },
): Promise<AddedDocument | { failed: string }> {
  const { t, locale } = ui
  const limit = uploadLimitBytes()
  const failed = (message: string) => ({ failed: t("documents.failed", { name: file.name, message }) })
  if (file.size > limit) return failed(t("documents.tooLarge", { size: formatBytes(file.size), max: formatBytes(limit) }))
  try {
    const contentBase64 = await fileToBase64(file)
    return await call("documents.add", { clientId, fileName: file.name, contentBase64, locale }, ui.api)
  } catch (e) {
    return failed(e instanceof Error ? e.message : String(e))
  }
}

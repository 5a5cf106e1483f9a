import { DOCUMENT_MAX_BYTES } from "../../../src-shared/documents"
import { API_GLOBAL } from "../../../src-shared/ipc/api"

// A chosen or dropped file as the documents.add channel takes it: its bytes in base64. The main
// process's intake takes up to 25 MB; the browser host's socket carries messages of at most 1 MiB
// (src-main/host/server.ts), so there a file may have at most what fits in one message as base64.

const BROWSER_HOST_MAX_BYTES = 750 * 1024

/** The largest file this window can send: intake's limit under Electron, the socket's in the browser host. */
export function uploadLimitBytes(): number {
  return typeof window !== "undefined" && window[API_GLOBAL] !== undefined ? DOCUMENT_MAX_BYTES : BROWSER_HOST_MAX_BYTES
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

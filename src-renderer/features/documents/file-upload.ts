import { DOCUMENT_MAX_BYTES } from "../../../src-shared/documents"

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

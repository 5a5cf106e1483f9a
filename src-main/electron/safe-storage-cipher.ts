import { safeStorage } from "electron"
import type { SecretCipher } from "../secrets/secret-store"

// Electron's safeStorage as the secret store's cipher. On Linux, "basic_text" means no secret
// service was found and Chromium would seal with a hard-coded key: that is not a keychain, so the
// store refuses to keep secrets there rather than pretend.

export function safeStorageCipher(): SecretCipher {
  return {
    available: () => safeStorage.isEncryptionAvailable() && !usesPlainTextBackend(),
    seal: (plain) => safeStorage.encryptString(plain),
    open: (sealed) => safeStorage.decryptString(sealed),
  }
}

function usesPlainTextBackend(): boolean {
  return process.platform === "linux" && safeStorage.getSelectedStorageBackend() === "basic_text"
}

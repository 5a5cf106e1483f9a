import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto"
import type { SecretCipher } from "../../../src-main/secrets/secret-store"

/**
 * A real cipher (AES-256-GCM under a per-"user" key) standing in for the OS keychain, which only
 * exists inside Electron: what the tests check is what the secret store writes, reads and refuses.
 */
export function aesCipher(key = randomBytes(32), available = true): SecretCipher {
  return {
    available: () => available,
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv("aes-256-gcm", key, iv)
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body])
    },
    open(sealed) {
      const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, 12))
      decipher.setAuthTag(sealed.subarray(12, 28))
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString("utf8")
    },
  }
}

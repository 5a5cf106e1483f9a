import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { SigningKeyInfo } from "../../src-shared/export"

// The installation's bundle-signing key pair (Ed25519). Created on first use in the user-data
// folder and never leaves it; only the public half travels, inside each bundle's manifest.

export const SIGNING_DIR = "signing"
export const PRIVATE_KEY_FILE = "bundle-signing-key.pem"
export const PUBLIC_KEY_FILE = "bundle-signing-key.pub.pem"

export interface SigningKeys extends SigningKeyInfo {
  readonly privateKey: KeyObject
}

export function loadOrCreateSigningKeys(userDataDir: string): SigningKeys {
  const dir = join(userDataDir, SIGNING_DIR)
  const privatePath = join(dir, PRIVATE_KEY_FILE)
  const publicPath = join(dir, PUBLIC_KEY_FILE)
  if (!existsSync(privatePath)) createKeyFiles(dir, privatePath, publicPath)
  const privateKey = createPrivateKey(readFileSync(privatePath, "utf8"))
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error(`${privatePath} is not an Ed25519 key`)
  // The public half is derived from the private key, so a tampered .pub file cannot mislead.
  const publicKeyPem = publicKeyPemOf(createPublicKey(privateKey))
  if (!existsSync(publicPath)) writeFileSync(publicPath, publicKeyPem, { mode: 0o600 })
  return { algorithm: "Ed25519", privateKey, publicKeyPem, fingerprint: fingerprintOf(publicKeyPem) }
}

/**
 * The public half of this installation's signing key, or null when it has none yet: never creates
 * a key (verifying a bundle must not). Derived from the private key, as loadOrCreateSigningKeys does.
 */
export function ownPublicKeyPem(userDataDir: string): string | null {
  const privatePath = join(userDataDir, SIGNING_DIR, PRIVATE_KEY_FILE)
  if (!existsSync(privatePath)) return null
  try {
    const privateKey = createPrivateKey(readFileSync(privatePath, "utf8"))
    return privateKey.asymmetricKeyType === "ed25519" ? publicKeyPemOf(createPublicKey(privateKey)) : null
  } catch {
    return null
  }
}

function createKeyFiles(dir: string, privatePath: string, publicPath: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const { privateKey, publicKey } = generateKeyPairSync("ed25519")
  const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString()
  try {
    // "wx": if another process created the key meanwhile, keep theirs.
    writeFileSync(privatePath, privatePem, { mode: 0o600, flag: "wx" })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return
    throw error
  }
  chmodSync(privatePath, 0o600)
  writeFileSync(publicPath, publicKeyPemOf(publicKey), { mode: 0o600 })
  chmodSync(publicPath, 0o600)
}

function publicKeyPemOf(key: KeyObject): string {
  return key.export({ type: "spki", format: "pem" }).toString()
}

/** SHA-256 of the key's SPKI DER encoding, lower-case hex in 16 groups of 4, space separated. */
export function fingerprintOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: "spki", format: "der" })
  const hex = createHash("sha256").update(der).digest("hex")
  return (hex.match(/.{4}/g) ?? []).join(" ")
}

/** A detached Ed25519 signature (64 raw bytes) of exactly these bytes. */
export function signBytes(bytes: Uint8Array, privateKey: KeyObject): Buffer {
  return sign(null, bytes, privateKey)
}

/** False for a malformed key or signature as well as for a wrong one. */
export function verifySignature(bytes: Uint8Array, signature: Uint8Array, publicKeyPem: string): boolean {
  try {
    const key = createPublicKey(publicKeyPem)
    if (key.asymmetricKeyType !== "ed25519") return false
    return verify(null, bytes, key, signature)
  } catch {
    return false
  }
}

/** Whether two PEM public keys are the same key (compared by DER, so PEM formatting does not matter). */
export function sameKey(pemA: string, pemB: string): boolean {
  try {
    const a = createPublicKey(pemA).export({ type: "spki", format: "der" })
    const b = createPublicKey(pemB).export({ type: "spki", format: "der" })
    return a.equals(b)
  } catch {
    return false
  }
}

import { chmodSync, existsSync, renameSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { z } from "zod"
import type { Locale } from "../../src-shared/events/stages"
import { readBoundedText } from "../util/bounded-read"

// The desk's secrets (the model provider's key, the firm database's password), sealed by the OS
// keychain. The file beside the database holds only sealed bytes: without the OS user's keychain
// they are useless, so copying the data folder to another machine or account leaks nothing. The
// sealing itself is the host's (Electron's safeStorage in the app); this module never sees a
// platform API, which keeps it usable from the CLI and testable with any real cipher.

export const SECRETS_FILE = "secrets.json"
const MAX_SECRETS_BYTES = 256 * 1024

/** The secrets the app keeps, one name each: nothing else can be stored. */
export const SecretName = z.enum(["model.apiKey", "firm.password"])
export type SecretName = z.infer<typeof SecretName>

/** Seals and opens text with a key the OS keeps for this user (Electron's safeStorage). */
export interface SecretCipher {
  /** False when the OS offers no real keychain (e.g. Linux without a secret service). */
  available(): boolean
  seal(plain: string): Buffer
  open(sealed: Buffer): string
}

const SecretsFile = z.object({
  version: z.literal(1),
  /** Base64 of each sealed value. */
  sealed: z.partialRecord(SecretName, z.string().max(16_384)),
})
type SecretsFile = z.infer<typeof SecretsFile>

export type SecretErrorKind = "no-keychain" | "damaged" | "unreadable"

/** A secret that cannot be kept or read, in the user's language; never contains the secret. */
export class SecretStoreError extends Error {
  constructor(
    readonly kind: SecretErrorKind,
    private readonly texts: Record<Locale, string>,
  ) {
    super(texts.en)
  }

  text(locale: Locale): string {
    return this.texts[locale]
  }
}

export class SecretStore {
  private readonly path: string

  constructor(
    dataDir: string,
    private readonly cipher: SecretCipher,
  ) {
    this.path = join(dataDir, SECRETS_FILE)
  }

  /** Whether secrets can be kept at all on this machine. */
  available(): boolean {
    return this.cipher.available()
  }

  has(name: SecretName): boolean {
    return this.read().sealed[name] !== undefined
  }

  /** The secret, or undefined when none is kept. */
  get(name: SecretName): string | undefined {
    const sealed = this.read().sealed[name]
    if (sealed === undefined) return undefined
    this.requireKeychain()
    try {
      return this.cipher.open(Buffer.from(sealed, "base64"))
    } catch {
      // Sealed under another OS user or machine, or the keychain was reset: ask for it again.
      throw unreadable(name)
    }
  }

  set(name: SecretName, value: string): void {
    this.requireKeychain()
    const file = this.read()
    this.write({ ...file, sealed: { ...file.sealed, [name]: this.cipher.seal(value).toString("base64") } })
  }

  delete(name: SecretName): void {
    const file = this.read()
    if (file.sealed[name] === undefined) return
    const sealed = { ...file.sealed }
    delete sealed[name]
    this.write({ ...file, sealed })
  }

  private requireKeychain(): void {
    if (!this.cipher.available()) throw noKeychain()
  }

  private read(): SecretsFile {
    if (!existsSync(this.path)) return { version: 1, sealed: {} }
    let raw: unknown
    try {
      raw = JSON.parse(readBoundedText(this.path, MAX_SECRETS_BYTES, "a secrets file"))
    } catch {
      throw damaged(this.path)
    }
    const parsed = SecretsFile.safeParse(raw)
    if (!parsed.success) throw damaged(this.path)
    return parsed.data
  }

  /** Written whole to a temporary file, then renamed: a crash leaves the old file or the new one. */
  private write(file: SecretsFile): void {
    const temporary = join(dirname(this.path), `.${SECRETS_FILE}.${process.pid}.tmp`)
    writeFileSync(temporary, JSON.stringify(file), { mode: 0o600 })
    renameSync(temporary, this.path)
    chmodSync(this.path, 0o600)
  }
}

function noKeychain(): SecretStoreError {
  return new SecretStoreError("no-keychain", {
    hr: "Ovo računalo nema zaštićenu pohranu tajni (keychain) pa lozinka ili ključ ne mogu biti spremljeni. Zadajte ih varijablom okruženja (FISKAI_MODEL_KEY, PGPASSWORD) ili datotekom ~/.pgpass.",
    en: "This computer offers no protected secret storage (keychain), so the password or key cannot be saved. Give it in an environment variable (FISKAI_MODEL_KEY, PGPASSWORD) or in ~/.pgpass.",
  })
}

function damaged(path: string): SecretStoreError {
  return new SecretStoreError("damaged", {
    hr: `Datoteka sa spremljenim tajnama (${path}) je oštećena. Ostali podaci nisu pogođeni; ključ ili lozinku unesite ponovno u Postavkama.`,
    en: `The file of saved secrets (${path}) is damaged. Nothing else is affected; enter the key or password again in Settings.`,
  })
}

function unreadable(name: SecretName): SecretStoreError {
  return new SecretStoreError("unreadable", {
    hr: `Spremljena tajna (${name}) ne može se otvoriti ključem ovog korisnika. Unesite je ponovno u Postavkama.`,
    en: `The saved secret (${name}) cannot be opened with this user's keychain. Enter it again in Settings.`,
  })
}

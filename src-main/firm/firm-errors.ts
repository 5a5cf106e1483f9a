import type { Locale } from "../../src-shared/events/stages"

// What goes wrong with the firm connection, said in the user's language. `message` is the
// English text (logs, tests); hosts show text(locale). Never includes a password: URLs in these
// texts are the redacted form (firm-url.ts).

export type FirmErrorKind =
  | "bad-url"
  | "tls-required"
  | "unreachable"
  | "not-initialised"
  | "schema-too-new"
  | "schema-too-old"
  | "bad-desk-name"
  | "not-linked"

export class FirmError extends Error {
  constructor(
    readonly kind: FirmErrorKind,
    private readonly texts: Record<Locale, string>,
  ) {
    super(texts.en)
  }

  text(locale: Locale): string {
    return this.texts[locale]
  }
}

export function badUrl(detail: string): FirmError {
  return new FirmError("bad-url", {
    hr: `Adresa ureda nije ispravan PostgreSQL URL (postgresql://korisnik@poslužitelj/baza): ${detail}`,
    en: `The firm's address is not a valid PostgreSQL URL (postgresql://user@host/database): ${detail}`,
  })
}

export function tlsRequired(host: string): FirmError {
  return new FirmError("tls-required", {
    hr: `Veza s poslužiteljem ${host} mora biti šifrirana (TLS). Dodajte ?sslmode=verify-full (ili require) u URL; bez TLS-a je dopušten samo lokalni poslužitelj (localhost ili Unix socket).`,
    en: `The connection to ${host} must be encrypted (TLS). Add ?sslmode=verify-full (or require) to the URL; only a local server (localhost or a Unix socket) may be reached without TLS.`,
  })
}

export function unreachable(where: string, detail: string): FirmError {
  return new FirmError("unreachable", {
    hr: `Poslužitelj ureda (${where}) nije dostupan: ${detail}. Rad na ovom stolu se nastavlja; sinkronizacija će pokušati ponovno.`,
    en: `The firm's server (${where}) cannot be reached: ${detail}. Work at this desk goes on; sync will try again.`,
  })
}

export function notInitialised(where: string): FirmError {
  return new FirmError("not-initialised", {
    hr: `Baza ureda (${where}) još nije pripremljena: administrator treba pokrenuti "fiskai firm init --url URL".`,
    en: `The firm's database (${where}) is not set up yet: an administrator runs "fiskai firm init --url URL".`,
  })
}

export function schemaTooNew(serverVersion: number, appVersion: number): FirmError {
  return new FirmError("schema-too-new", {
    hr: `Baza ureda ima shemu ${serverVersion}, a ova verzija FiskAI-ja poznaje do ${appVersion}. Ažurirajte FiskAI Workstation.`,
    en: `The firm's database has schema ${serverVersion}; this FiskAI version knows up to ${appVersion}. Update FiskAI Workstation.`,
  })
}

export function schemaTooOld(where: string): FirmError {
  return new FirmError("schema-too-old", {
    hr: `Baza ureda (${where}) ima stariju shemu od ove verzije FiskAI-ja: administrator treba ponovno pokrenuti "fiskai firm init --url URL" (dodaje samo ono što nedostaje).`,
    en: `The firm's database (${where}) has an older schema than this FiskAI version: an administrator runs "fiskai firm init --url URL" again (it adds only what is missing).`,
  })
}

export function badDeskName(name: string): FirmError {
  return new FirmError("bad-desk-name", {
    hr: `"${name}" nije ispravno ime stola: mala slova, brojke i _, počinje slovom, najviše 40 znakova.`,
    en: `"${name}" is not a valid desk name: lower-case letters, digits and _, starting with a letter, at most 40 characters.`,
  })
}

export function notLinked(): FirmError {
  return new FirmError("not-linked", {
    hr: "Ovaj stol nije povezan s uredom: navedite --url URL ili FISKAI_FIRM_URL.",
    en: "This desk is not connected to a firm: give --url URL or FISKAI_FIRM_URL.",
  })
}

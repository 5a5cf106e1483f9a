import type { Locale } from "../../src-shared/events/stages"

// Why the packs room refuses something, in the user's language. Every refusal is a PackRefusal
// with a code the hosts can branch on (the CLI's exit code for an untrusted signer, say) and its
// text in Croatian and English; `message` is the English. Nothing is written when one is thrown.

export type RefusalCode =
  | "retired-final"
  | "published-immutable"
  | "not-draft"
  | "not-author"
  | "not-in-review"
  | "not-approved"
  | "self-review"
  | "unknown-profile"
  | "profile-name"
  | "version-invalid"
  | "unknown-change"
  | "unknown-version"
  | "no-version"
  | "rule-exists"
  | "rule-missing"
  | "rule-invalid"
  | "pack-invalid"
  | "lint"
  | "same-rule-twice"
  | "version-not-newer"
  | "version-conflict"
  | "other-pack"
  | "nothing-to-publish"
  | "changed-meanwhile"
  | "file-unreadable"
  | "file-format"
  | "file-hash"
  | "file-signature"
  | "file-untrusted"

type Texts = Record<RefusalCode, { hr: string; en: string }>

/** `{x}` placeholders are filled from the refusal's params. */
const TEXTS: Texts = {
  "retired-final": {
    hr: "Promjena {change} je povučena: povučena promjena je konačna.",
    en: "Change {change} is retired: a retired change is final.",
  },
  "published-immutable": {
    hr: "Promjena {change} je objavljena i više se ne može mijenjati: napišite novu promjenu pravila {rule}.",
    en: "Change {change} is published and cannot be edited: write a new change of rule {rule}.",
  },
  "not-draft": {
    hr: "Promjena {change} je u statusu {status}: mijenjati se može samo nacrt.",
    en: "Change {change} is {status}: only a draft can be edited.",
  },
  "not-author": {
    hr: "Samo autor ({author}) može mijenjati ili poslati na pregled promjenu {change}.",
    en: "Only its author ({author}) can edit or submit change {change}.",
  },
  "not-in-review": {
    hr: "Promjena {change} je u statusu {status}: odobriti, vratiti ili objaviti može se samo promjena na pregledu.",
    en: "Change {change} is {status}: only a change in review can be approved, sent back or published.",
  },
  "not-approved": {
    hr: "Promjena {change} još nije odobrena: objavljuje se tek nakon pregleda drugog profila.",
    en: "Change {change} is not approved yet: it is published only after another profile reviewed it.",
  },
  "self-review": {
    hr: "Načelo četiri oka: autor ({author}) ne može sam pregledati ni objaviti svoju promjenu {change}.",
    en: "Four eyes: the author ({author}) cannot review or publish their own change {change}.",
  },
  "unknown-profile": { hr: "Nema profila {profile}.", en: "No profile {profile}." },
  "profile-name": {
    hr: "Ime profila mora imati od 1 do 80 znakova.",
    en: "A profile's name must have 1 to 80 characters.",
  },
  "version-invalid": {
    hr: "{version} nije broj verzije paketa (GLAVNA.SPOREDNA.ZAKRPA, npr. 2.0.7).",
    en: "{version} is not a pack version number (MAJOR.MINOR.PATCH, e.g. 2.0.7).",
  },
  "unknown-change": { hr: "Nema promjene {change}.", en: "No change {change}." },
  "unknown-version": {
    hr: "Verzija {version} nije u bazi (popis verzija: fiskai pack list).",
    en: "Version {version} is not in the store (fiskai pack list lists the versions).",
  },
  "no-version": {
    hr: "U bazi još nema objavljene verzije paketa pravila.",
    en: "The store holds no published rule pack version yet.",
  },
  "rule-exists": {
    hr: "Pravilo {rule} već postoji u verziji {version}: izmijenite ga umjesto da ga dodajete.",
    en: "Rule {rule} already exists in version {version}: edit it instead of adding it.",
  },
  "rule-missing": {
    hr: "Pravilo {rule} ne postoji u verziji {version}.",
    en: "Rule {rule} does not exist in version {version}.",
  },
  "rule-invalid": { hr: "Pravilo nije ispravno: {detail}", en: "The rule is not valid: {detail}" },
  "pack-invalid": {
    hr: "Paket s ovom promjenom ne bi bio ispravan: {detail}",
    en: "The pack with this change would not be valid: {detail}",
  },
  lint: {
    hr: "Provjera paketa (fiskai pack check) javlja nove nalaze: {detail}",
    en: "The pack check (fiskai pack check) reports new findings: {detail}",
  },
  "same-rule-twice": {
    hr: "Pravilo {rule} mijenjaju dvije promjene u istoj objavi: objavite ih jednu po jednu.",
    en: "Rule {rule} is changed by two changes in one publication: publish them one at a time.",
  },
  "version-not-newer": {
    hr: "Verzija {version} nije novija od posljednje objavljene verzije {latest} paketa {pack}.",
    en: "Version {version} is not newer than the latest published version {latest} of pack {pack}.",
  },
  "version-conflict": {
    hr: "Verzija {version} paketa {pack} već je u bazi s drugačijim sadržajem (sažetak {hash}): ništa nije uvezeno.",
    en: "Version {version} of pack {pack} is already stored with different content (hash {hash}): nothing was imported.",
  },
  "other-pack": {
    hr: "Datoteka sadrži paket {pack}, a ova baza vodi paket {stored}: ništa nije uvezeno.",
    en: "The file holds pack {pack}, but this store keeps pack {stored}: nothing was imported.",
  },
  "nothing-to-publish": {
    hr: "Nema odobrenih promjena za objavu.",
    en: "There are no approved changes to publish.",
  },
  "changed-meanwhile": {
    hr: "Dok se objava pripremala, promjene ili paket su se promijenili (druga objava?): ništa nije objavljeno, pokušajte ponovno.",
    en: "The changes or the pack changed while the publication was being prepared (another publication?): nothing was published; try again.",
  },
  "file-unreadable": {
    hr: "Datoteka {file} nije potpisani paket pravila FiskAI-ja ({detail}): ništa nije uvezeno.",
    en: "{file} is not a signed FiskAI rule pack file ({detail}): nothing was imported.",
  },
  "file-format": {
    hr: "Datoteka {file} nije potpisani paket pravila u obliku {format} ({detail}): ništa nije uvezeno.",
    en: "{file} is not a signed rule pack in the {format} format ({detail}): nothing was imported.",
  },
  "file-hash": {
    hr: "Sadržaj paketa u datoteci {file} ne odgovara njegovu sažetku (izmijenjen je nakon potpisivanja): ništa nije uvezeno.",
    en: "The pack in {file} does not match its hash (it was changed after signing): nothing was imported.",
  },
  "file-signature": {
    hr: "Potpis datoteke {file} nije valjan (datoteka je izmijenjena ili potpisana drugim ključem): ništa nije uvezeno.",
    en: "The signature of {file} is not valid (the file was changed or signed with another key): nothing was imported.",
  },
  "file-untrusted": {
    hr: "Potpis datoteke {file} je valjan, ali potpisnik (otisak ključa {fingerprint}) nije pouzdan: ništa nije uvezeno. Usporedite otisak s onim koji je objavilo sjedište i uvezite s --trusted-key JAVNI_KLJUČ.pem.",
    en: "The signature of {file} is valid, but the signer (key fingerprint {fingerprint}) is not trusted: nothing was imported. Compare the fingerprint with the one head office published and import with --trusted-key PUBLIC_KEY.pem.",
  },
}

export class PackRefusal extends Error {
  override readonly name = "PackRefusal"

  constructor(
    readonly code: RefusalCode,
    readonly params: Readonly<Record<string, string>> = {},
  ) {
    super(fill(TEXTS[code].en, params))
  }

  text(locale: Locale): string {
    return fill(TEXTS[this.code][locale], this.params)
  }
}

function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
}

/**
 * The same refusal with profile ids in its params replaced by the profiles' names: the library
 * names the author by id, and a person reads "Four eyes: the author (Ana Anić) …".
 */
export function namingProfiles(refusal: PackRefusal, profiles: ReadonlyArray<{ id: string; displayName: string }>): PackRefusal {
  const names = new Map(profiles.map((p) => [p.id, p.displayName]))
  const params = Object.fromEntries(Object.entries(refusal.params).map(([key, value]) => [key, names.get(value) ?? value]))
  return new PackRefusal(refusal.code, params)
}

import type { MessageTable } from "./message-table"

// The audit export and bundle verification, and the Settings section about the signing key.

export const exportMessages = {
  "export.title": { hr: "Izvoz za reviziju", en: "Audit export" },
  "export.intro": {
    hr: "Izvezite istraživanja kao jednu potpisanu datoteku (ZIP) koju revizor može provjeriti bez vašeg programa: događaje, tablicu za Excel, izvješće za ispis, pakete pravila i potpisani popis sadržaja.",
    en: "Export research as one signed file (ZIP) that an auditor can check without your software: the events, a table for Excel, a printable report, the rule packs and a signed manifest.",
  },
  "export.selection": { hr: "Što izvesti", en: "What to export" },
  "export.selection.trace": { hr: "Ovo istraživanje", en: "This research" },
  "export.selection.filter": {
    hr: "Sva istraživanja koja odgovaraju filtrima",
    en: "All research matching the filters",
  },
  "export.filter.hint": {
    hr: "Filtri se kombiniraju (svi moraju vrijediti); „Sve” znači bez ograničenja. Datumi su dani kad je pitanje postavljeno, uključivo.",
    en: "Filters combine (all must hold); “Any” means no limit. Dates are the days the question was asked, inclusive.",
  },
  "export.filter.badRange": {
    hr: "Datum „od” je nakon datuma „do”.",
    en: "The “from” date is after the “to” date.",
  },
  "export.path.label": { hr: "Datoteka (.zip)", en: "File (.zip)" },
  "export.path.hint": {
    hr: "Puna putanja datoteke koja će nastati. Datoteka se pojavi tek kad je izvoz dovršen.",
    en: "Full path of the file to create. The file appears only once the export has finished.",
  },
  "export.path.choose": { hr: "Odaberi…", en: "Choose…" },
  "export.path.empty": { hr: "Upišite putanju datoteke.", en: "Enter the file path." },
  "export.path.exists": {
    hr: "Datoteka s tim imenom već postoji i bit će zamijenjena kad izvoz završi.",
    en: "A file with this name exists and will be replaced when the export finishes.",
  },
  "export.path.problem.not-absolute": {
    hr: "Upišite punu putanju, od korijena diska.",
    en: "Enter a full path, starting at the root of the drive.",
  },
  "export.path.problem.no-folder": {
    hr: "Mapa {folder} ne postoji.",
    en: "The folder {folder} does not exist.",
  },
  "export.path.problem.not-a-folder": { hr: "{folder} nije mapa.", en: "{folder} is not a folder." },
  "export.path.problem.folder-not-writable": {
    hr: "U mapu {folder} nije moguće pisati.",
    en: "The folder {folder} cannot be written to.",
  },
  "export.path.problem.is-a-folder": {
    hr: "To je mapa, a ne datoteka: dodajte ime datoteke, npr. revizija.zip.",
    en: "That is a folder, not a file: add a file name, e.g. audit.zip.",
  },
  "export.start": { hr: "Izvezi", en: "Export" },
  "export.cancel": { hr: "Prekini izvoz", en: "Cancel export" },
  "export.cancelling": { hr: "Prekidam…", en: "Cancelling…" },
  "export.progress.label": { hr: "Napredak izvoza", en: "Export progress" },
  "export.progress.starting": { hr: "Pokrećem izvoz…", en: "Starting the export…" },
  "export.progress.writing": {
    hr: "Zapisujem {file}: {done} od {total} istraživanja",
    en: "Writing {file}: {done} of {total} runs",
  },
  "export.progress.writingPass": {
    hr: "Zapisujem {file} (prolaz {step} od {steps}): {done} od {total} istraživanja",
    en: "Writing {file} (pass {step} of {steps}): {done} of {total} runs",
  },
  "export.progress.finishing": {
    hr: "Sve je zapisano; potpisujem i spremam datoteku…",
    en: "Everything is written; signing and saving the file…",
  },
  "export.progress.percent": { hr: "{percent} %", en: "{percent}%" },
  "export.done.title": { hr: "Izvoz je dovršen", en: "Export complete" },
  "export.done.body": {
    hr: "Istraživanja: {count}. Datoteka: {path} ({size}).",
    en: "Runs: {count}. File: {path} ({size}).",
  },
  "export.cancelled": {
    hr: "Izvoz je prekinut: nijedna datoteka nije zapisana.",
    en: "Export cancelled: no file was written.",
  },
  "export.failed.empty": {
    hr: "Nijedno istraživanje ne odgovara odabiru, pa nijedna datoteka nije zapisana. Proširite filtre.",
    en: "No research matches the selection, so no file was written. Widen the filters.",
  },
  "export.failed.selection": {
    hr: "Odabir nije valjan: {detail}",
    en: "The selection is not valid: {detail}",
  },
  "export.failed.rejected": {
    hr: "Izvoz nije pokrenut: {detail}",
    en: "The export was not started: {detail}",
  },
  "export.failed.unavailable": {
    hr: "FiskAI poslužitelj nije dostupan; izvoz nije pokrenut.",
    en: "The FiskAI host is not available; the export was not started.",
  },
  "export.failed.failed": {
    hr: "Izvoz nije uspio i nijedna datoteka nije zapisana: {detail}",
    en: "The export failed and no file was written: {detail}",
  },
  "export.again": { hr: "Novi izvoz", en: "New export" },
  "export.verifyThis": { hr: "Provjeri ovu datoteku", en: "Verify this file" },
  "export.panel.title": { hr: "Izvezi revizijski paket", en: "Export audit bundle" },
  "export.panel.intro": {
    hr: "Ovo istraživanje kao potpisani paket (ZIP) koji revizor može samostalno provjeriti.",
    en: "This research as a signed bundle (ZIP) that an auditor can check independently.",
  },
  "export.panel.more": { hr: "Više mogućnosti izvoza", en: "More export options" },

  "verify.title": { hr: "Provjera paketa", en: "Verify bundle" },
  "verify.intro": {
    hr: "Provjerava potpis, sažetak (SHA-256) svake datoteke, lanac događaja svakog istraživanja, slaže li se tablica s događajima, te ponovno izvodi svako istraživanje nad spremljenim paketom pravila.",
    en: "Checks the signature, the SHA-256 of every file, each run's event chain and that the table agrees with the events, and replays each run against its saved rule pack.",
  },
  "verify.path.label": { hr: "Paket (.zip)", en: "Bundle (.zip)" },
  "verify.trusted": {
    hr: "Zahtijevaj potpis ključem ove instalacije",
    en: "Require a signature by this installation's key",
  },
  "verify.trusted.hint": {
    hr: "Isključite za paket iz drugog ureda: tada sve provjere mogu proći, ali potpisnik ostaje neprovjeren dok otisak ključa ne usporedite s onim koji je taj ured objavio.",
    en: "Turn this off for a bundle from another office: every check can then pass, but the signer stays untrusted until you compare the key fingerprint with the one that office published.",
  },
  "verify.submit": { hr: "Provjeri", en: "Verify" },
  "verify.running": { hr: "Provjeravam…", en: "Verifying…" },
  "verify.pass": {
    hr: "Paket je ispravan: sve provjere su prošle.",
    en: "The bundle is intact: every check passed.",
  },
  "verify.untrusted": {
    hr: "Sve provjere su prošle, ali potpisnik nije provjeren: potpis je valjan, no ne ključem ove instalacije. Paket je takav kakvim ga je potpisnik napravio, a potpisnik može biti bilo tko. Usporedite otisak ključa s onim koji je ured objavio.",
    en: "Every check passed, but the signer is not trusted: the signature is valid, but not by this installation's key. The bundle is as its signer made it, and the signer could be anyone. Compare the key fingerprint with the one the firm published.",
  },
  "verify.fail": {
    hr: "Paket NIJE ispravan. Pronađeni problemi: {count}.",
    en: "The bundle is NOT intact. Problems found: {count}.",
  },
  "verify.failedToRun": { hr: "Provjera nije izvedena: {message}", en: "The check could not run: {message}" },
  "verify.signature": { hr: "Potpis", en: "Signature" },
  "verify.signature.ok": { hr: "valjan", en: "valid" },
  "verify.signature.bad": { hr: "nije valjan", en: "not valid" },
  "verify.signature.untrusted": { hr: "valjan, potpisnik nije provjeren", en: "valid, signer not trusted" },
  "verify.signer": { hr: "Otisak ključa potpisnika", en: "Signer's key fingerprint" },
  "verify.trustedKey": { hr: "Ključ ove instalacije", en: "This installation's key" },
  "verify.trustedKey.match": { hr: "isti ključ", en: "same key" },
  "verify.trustedKey.mismatch": { hr: "DRUGI ključ", en: "a DIFFERENT key" },
  "verify.trustedKey.notChecked": { hr: "nije provjeravano", en: "not checked" },
  "verify.trustedKey.other": { hr: "drugi ključ (nije bio obavezan)", en: "a different key (not required)" },
  "verify.exportedAt": { hr: "Izvezeno", en: "Exported" },
  "verify.firm": { hr: "Ured", en: "Firm" },
  "verify.bundleProblems": { hr: "Problemi s paketom", en: "Problems with the bundle" },
  "verify.traceProblems": { hr: "Problemi istraživanja {id}", en: "Problems of research {id}" },
  "verify.traces": { hr: "Istraživanja u paketu", en: "Research in the bundle" },
  "verify.col.file": { hr: "Datoteka", en: "File" },
  "verify.col.trace": { hr: "Istraživanje", en: "Research" },
  "verify.col.event": { hr: "Događaj", en: "Event" },
  "verify.col.line": { hr: "Redak", en: "Line" },
  "verify.col.message": { hr: "Opis", en: "Description" },
  "verify.col.outcome": { hr: "Ishod", en: "Outcome" },
  "verify.col.chain": { hr: "Lanac", en: "Chain" },
  "verify.col.csv": { hr: "Tablica", en: "Table" },
  "verify.col.replay": { hr: "Ponovno izvođenje", en: "Replay" },
  "verify.col.verdict": { hr: "Ocjena", en: "Verdict" },
  "verify.check.ok": { hr: "✓ u redu", en: "✓ ok" },
  "verify.check.bad": { hr: "✗ ne valja", en: "✗ failed" },
  "verify.trace.ok": { hr: "ispravno", en: "intact" },
  "verify.trace.bad": { hr: "NEISPRAVNO", en: "NOT INTACT" },

  "settings.section.signing": { hr: "Potpisivanje revizijskih paketa", en: "Signing audit bundles" },
  "settings.signing.algorithm": { hr: "Algoritam", en: "Algorithm" },
  "settings.signing.fingerprint": { hr: "Otisak javnog ključa", en: "Public key fingerprint" },
  "settings.signing.fingerprint.hint": {
    hr: "Objavite ovaj otisak (npr. na web-stranici ureda) da revizor može provjeriti da je paket potpisala ova instalacija.",
    en: "Publish this fingerprint (e.g. on the firm's website) so an auditor can check that a bundle was signed by this installation.",
  },
  "settings.signing.publicKey": { hr: "Javni ključ (PEM)", en: "Public key (PEM)" },
  "settings.signing.firm": { hr: "Naziv ureda u paketima", en: "Firm name in bundles" },
  "settings.signing.firm.hint": {
    hr: "Upisuje se u manifest svakog paketa; mijenja se u polju „Naziv ureda” iznad.",
    en: "Written into every bundle's manifest; change it in the “Firm name” field above.",
  },
  "settings.signing.unavailable": {
    hr: "Ključ za potpisivanje nije dostupan: {message}",
    en: "The signing key is not available: {message}",
  },
} as const satisfies MessageTable

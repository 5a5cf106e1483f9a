import type { MessageTable } from "./message-table"

// The firm connection (issue 25): the sync item in the navigation's foot, and Settings → Firm
// connection (link this desk to the firm's PostgreSQL, unlink, sync now).

export const firmMessages = {
  "sync.label": { hr: "Sinkronizacija s uredom", en: "Sync with the firm" },
  "sync.off": { hr: "Ured: nije povezan", en: "Firm: not connected" },
  "sync.syncing": { hr: "Ured: sinkronizacija…", en: "Firm: syncing…" },
  "sync.upToDate": { hr: "Ured: ažurno", en: "Firm: up to date" },
  "sync.waiting": { hr: "Ured: čeka slanje {count}", en: "Firm: {count} waiting to go up" },
  "sync.offline": { hr: "Ured: izvan mreže", en: "Firm: offline" },
  "sync.failed": { hr: "Ured: sinkronizacija nije uspjela", en: "Firm: sync failed" },
  "sync.lastWorked": { hr: "zadnja uspješna {when}", en: "last worked {when}" },
  "sync.never": { hr: "još nijedna uspješna", en: "never worked yet" },
  "sync.waitingCount": { hr: "čeka slanje: {count}", en: "waiting to go up: {count}" },

  "firm.title": { hr: "Veza s uredom", en: "Firm connection" },
  "firm.intro": {
    hr: "Povežite ovaj stol s PostgreSQL bazom ureda: dovršeni odgovori, prijave i odluke idu u ured, a objavljeni paketi pravila i rad drugih stolova (samo za čitanje) dolaze ovamo. Rad na stolu ne čeka mrežu.",
    en: "Connect this desk to the firm's PostgreSQL database: finished answers, reports and decisions go up to the firm, and published rule packs and other desks' work (read-only) come down. Work at this desk never waits for the network.",
  },
  "firm.url": { hr: "Adresa baze ureda (URL)", en: "Firm database address (URL)" },
  "firm.url.hint": {
    hr: "Na primjer postgresql://poslužitelj.ured.hr/fiskai?sslmode=verify-full. Veza mora biti šifrirana (TLS, sslmode=require ili verify-full) osim kad je poslužitelj na ovom računalu (localhost ili Unix socket).",
    en: "For example postgresql://server.firm.hr/fiskai?sslmode=verify-full. The connection must be encrypted (TLS, sslmode=require or verify-full) unless the server is on this computer (localhost or a Unix socket).",
  },
  "firm.desk": { hr: "Ime stola", en: "Desk name" },
  "firm.desk.hint": {
    hr: "Uloga ovog stola u bazi ureda (administrator je stvara naredbom fiskai firm init --desk IME).",
    en: "This desk's role in the firm's database (the administrator creates it with fiskai firm init --desk NAME).",
  },
  "firm.password": { hr: "Lozinka", en: "Password" },
  "firm.password.saved": {
    hr: "Lozinka je spremljena u zaštićenu pohranu sustava. Ostavite polje prazno da je zadržite.",
    en: "A password is kept in the system's protected storage. Leave the field empty to keep it.",
  },
  "firm.password.none": {
    hr: "Nije spremljena lozinka; bez nje vrijede PGPASSWORD, ~/.pgpass ili pravila poslužitelja.",
    en: "No password kept; without one PGPASSWORD, ~/.pgpass or the server's own rules apply.",
  },
  "firm.password.noKeychain": {
    hr: "Ovdje nema zaštićene pohrane lozinki: zadajte lozinku varijablom PGPASSWORD ili datotekom ~/.pgpass.",
    en: "There is no protected password storage here: give the password in PGPASSWORD or in ~/.pgpass.",
  },
  "firm.link": { hr: "Poveži", en: "Connect" },
  "firm.relink": { hr: "Spremi i poveži ponovno", en: "Save and reconnect" },
  "firm.linking": { hr: "Povezivanje…", en: "Connecting…" },
  "firm.linked": { hr: "Stol je povezan s uredom.", en: "This desk is connected to the firm." },
  "firm.unlink": { hr: "Prekini vezu", en: "Disconnect" },
  "firm.unlinked": {
    hr: "Veza je prekinuta. Ono što je već stiglo iz ureda ostaje ovdje, samo za čitanje.",
    en: "Disconnected. What already came from the firm stays here, read-only.",
  },
  "firm.syncNow": { hr: "Sinkroniziraj sada", en: "Sync now" },
  "firm.synced": { hr: "Sinkronizacija je dovršena.", en: "Sync finished." },
  "firm.notSynced": {
    hr: "Sinkronizacija nije dovršena; razlog je naveden gore. Ništa nije izgubljeno.",
    en: "The sync did not finish; the reason is given above. Nothing is lost.",
  },
  "firm.state": { hr: "Stanje", en: "State" },
  "firm.lastSync": { hr: "Zadnja uspješna sinkronizacija", en: "Last successful sync" },
  "firm.waiting": { hr: "Čeka slanje", en: "Waiting to go up" },
  "firm.waiting.value": {
    hr: "{traces} odgovora, {others} ostalih stavki",
    en: "{traces} answers, {others} other items",
  },
  "firm.fromOthers": { hr: "Iz drugih stolova", en: "From other desks" },
  "firm.fromOthers.value": {
    hr: "{traces} odgovora, {packs} verzija paketa",
    en: "{traces} answers, {packs} pack versions",
  },
  "firm.conflicts": {
    hr: "{count} stavki ured je odbio (isti identifikator ili verzija s drugog stola); ne šalju se ponovno.",
    en: "{count} items were refused by the firm (the same id or version from another desk); they are not sent again.",
  },
  "firm.lastError": { hr: "Zadnja greška", en: "Last error" },
  "firm.lastError.detail": { hr: "Tehnički detalji", en: "Technical details" },
  "firm.error.offline": {
    hr: "Poslužitelj ureda nije bio dostupan. Rad se nastavlja; sinkronizacija će pokušati ponovno.",
    en: "The firm's server could not be reached. Work goes on; sync will try again.",
  },
  "firm.error.failed": {
    hr: "Ured je odbio ili prekinuo sinkronizaciju. Ništa nije izgubljeno; pokušat će se ponovno.",
    en: "The firm refused or cut the sync. Nothing is lost; it will try again.",
  },
  "firm.urlRequired": { hr: "Upišite adresu baze ureda.", en: "Enter the firm database's address." },
} as const satisfies MessageTable

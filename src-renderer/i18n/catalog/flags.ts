import type { MessageTable } from "./message-table"

// Flagged answers (issue 19): reporting a problem on the answer card, and the review queue where
// a reviewer confirms or rejects a report; below it, other desks' reports (issue 25), read-only.
// Errors are the window's own words, in the user's language (the main process answers in English).

export const flagMessages = {
  "report.open": { hr: "Prijavi problem", en: "Report a problem" },
  "report.again": { hr: "Prijavi još jedan problem", en: "Report another problem" },
  "report.title": { hr: "Prijava problema s odgovorom", en: "Report a problem with this answer" },
  "report.kind": { hr: "Što nije u redu?", en: "What is the problem?" },
  "report.kind.wrong": { hr: "Netočno", en: "Wrong" },
  "report.kind.wrongHint": {
    hr: "odgovor, iznos ili izvor nije točan",
    en: "the answer, an amount or a source is not correct",
  },
  "report.kind.unclear": { hr: "Nejasno", en: "Unclear" },
  "report.kind.unclearHint": {
    hr: "odgovor se teško razumije ili je nepotpun",
    en: "the answer is hard to follow or incomplete",
  },
  "report.note": { hr: "Bilješka", en: "Note" },
  "report.noteHint": {
    hr: "Što je netočno ili nejasno i što ste očekivali? Recenzent vidi bilješku uz pitanje i odgovor.",
    en: "What is wrong or unclear, and what did you expect? The reviewer sees the note with the question and the answer.",
  },
  "report.send": { hr: "Pošalji", en: "Send" },
  "report.sending": { hr: "Šaljem…", en: "Sending…" },
  "report.kindRequired": { hr: "Odaberite: netočno ili nejasno.", en: "Choose: wrong or unclear." },
  "report.noteRequired": {
    hr: "Upišite bilješku: što nije u redu.",
    en: "Write a note: what is the problem.",
  },
  "report.sent": {
    hr: "Odgovor je prijavljen. Prijava čeka pregled.",
    en: "The answer was reported. The report awaits review.",
  },
  "report.status.wrong": { hr: "Prijavljeno kao netočno ({date})", en: "Reported as wrong ({date})" },
  "report.status.unclear": { hr: "Prijavljeno kao nejasno ({date})", en: "Reported as unclear ({date})" },
  "report.decision": { hr: "Odluka recenzenta: {note}", en: "Reviewer’s decision: {note}" },
  "report.decisionBy": { hr: "Odluka recenzenta ({name}): {note}", en: "Reviewer’s decision ({name}): {note}" },

  "flag.kind.wrong": { hr: "Netočno", en: "Wrong" },
  "flag.kind.unclear": { hr: "Nejasno", en: "Unclear" },
  "flag.status.open": { hr: "Čeka pregled", en: "Awaiting review" },
  "flag.status.confirmed": { hr: "Potvrđeno: odgovor je bio netočan", en: "Confirmed: the answer was wrong" },
  "flag.status.rejected": { hr: "Odbijeno", en: "Rejected" },
  "flag.error.noteEmpty": { hr: "Bilješka je prazna.", en: "The note is empty." },
  "flag.error.noteTooLong": {
    hr: "Bilješka je preduga (najviše 2000 znakova).",
    en: "The note is too long (at most 2,000 characters).",
  },
  "flag.error.noteBroken": {
    hr: "Bilješka sadrži oštećen znak. Zalijepite tekst ponovno.",
    en: "The note contains a broken character. Paste the text again.",
  },
  "flag.error.badInput": { hr: "Prijava nije ispravna.", en: "The report is not valid." },
  "flag.error.runNotFound": {
    hr: "Ovaj izračun više nije u bazi podataka.",
    en: "This run is no longer in the database.",
  },
  "flag.error.notReportable": {
    hr: "Ovaj izračun nema odgovor koji bi se mogao prijaviti.",
    en: "This run has no answer that could be reported.",
  },
  "flag.error.flagNotFound": { hr: "Ta prijava više ne postoji.", en: "That report no longer exists." },
  "flag.error.alreadyDecided": {
    hr: "O ovoj prijavi već je odlučeno. Popis je osvježen.",
    en: "This report has already been decided. The list was refreshed.",
  },
  "flag.error.unavailable": {
    hr: "FiskAI poslužitelj nije dostupan. Pokušajte ponovno; upisani tekst je sačuvan.",
    en: "The FiskAI host is not available. Try again; what you typed is kept.",
  },
  "flag.error.internal": {
    hr: "Slanje nije uspjelo. Pokušajte ponovno; upisani tekst je sačuvan.",
    en: "Sending failed. Try again; what you typed is kept.",
  },
  "flag.error.load": { hr: "Prijave se ne mogu učitati.", en: "The reports could not be loaded." },

  "review.title": { hr: "Pregled prijava", en: "Review queue" },
  "review.intro": {
    hr: "Odgovori koje su korisnici prijavili kao netočne ili nejasne, najstarije prve. Potvrdite prijavu ako je odgovor bio netočan i navedite što treba promijeniti (npr. oznaku pravila) ili je odbijte uz obrazloženje.",
    en: "Answers users reported as wrong or unclear, oldest first. Confirm a report if the answer was wrong and name what must change (e.g. the rule id), or reject it with a reason.",
  },
  "review.show": { hr: "Prikaži prijave", en: "Show reports" },
  "review.show.open": { hr: "Otvorene", en: "Open" },
  "review.show.all": { hr: "Sve", en: "All" },
  "review.openCount.one": { hr: "{n} otvorena prijava", en: "{n} open report" },
  "review.openCount.few": { hr: "{n} otvorene prijave", en: "{n} open reports" },
  "review.openCount.other": { hr: "{n} otvorenih prijava", en: "{n} open reports" },
  "review.count.one": { hr: "{n} prijava", en: "{n} report" },
  "review.count.few": { hr: "{n} prijave", en: "{n} reports" },
  "review.count.other": { hr: "{n} prijava", en: "{n} reports" },
  "review.empty": { hr: "Nema otvorenih prijava.", en: "No open reports." },
  "review.emptyAll": {
    hr: "Još nema prijava. Problem s odgovorom prijavljuje se na kartici odgovora.",
    en: "No reports yet. A problem with an answer is reported on the answer card.",
  },
  "review.col.age": { hr: "Čeka", en: "Waiting" },
  "review.col.client": { hr: "Klijent", en: "Client" },
  "review.col.question": { hr: "Pitanje i odgovor", en: "Question and answer" },
  "review.col.confidence": { hr: "Pouzdanost", en: "Confidence" },
  "review.col.report": { hr: "Prijava", en: "Report" },
  "review.col.decision": { hr: "Odluka", en: "Decision" },
  "review.noClient": { hr: "bez klijenta", en: "no client" },
  "review.noHeadline": { hr: "bez odgovora", en: "no answer" },
  "review.reportedOn": { hr: "prijavljeno {date}", en: "reported {date}" },
  "review.reportedOnBy": { hr: "prijavio/la {name}, {date}", en: "reported by {name}, {date}" },
  "review.decidedOn": { hr: "odlučeno {date}", en: "decided {date}" },
  "review.decidedOnBy": { hr: "odlučio/la {name}, {date}", en: "decided by {name}, {date}" },
  "review.noProfile": {
    hr: "Odaberite svoj profil: odluka tada bilježi tko ju je donio.",
    en: "Choose your profile: the decision then records who made it.",
  },
  "review.linkedChange": { hr: "Ispravlja ga promjena pravila", en: "Fixed by the rule change" },
  "review.openRun": { hr: "Otvori izračun: {question}", en: "Open the run: {question}" },
  "review.confirm": { hr: "Potvrdi: odgovor je bio netočan", en: "Confirm: the answer was wrong" },
  "review.reject": { hr: "Odbij", en: "Reject" },
  "review.confirmNote": {
    hr: "Što treba promijeniti? (npr. oznaka pravila)",
    en: "What must change? (e.g. the rule id)",
  },
  "review.rejectNote": { hr: "Zašto se prijava odbija?", en: "Why is the report rejected?" },
  "review.decisionFor": { hr: "Odluka o prijavi: {question}", en: "Decision on the report: {question}" },
  "review.decisionRequired": { hr: "Upišite bilješku uz odluku.", en: "Write a note with the decision." },
  "review.confirmed": {
    hr: "Prijava je potvrđena i više nije među otvorenima.",
    en: "The report was confirmed and left the open list.",
  },
  "review.rejected": {
    hr: "Prijava je odbijena i više nije među otvorenima.",
    en: "The report was rejected and left the open list.",
  },
  "review.firm.title": { hr: "Drugi stolovi", en: "Other desks" },
  "review.firm.intro": {
    hr: "Prijave s drugih stolova ureda, kako ih je ovaj stol zadnji put preuzeo. O njima se odlučuje na stolu koji ih je podnio, pa ovdje nema odluke.",
    en: "Reports raised at the firm's other desks, as this desk last took them from the firm. They are decided at the desk that raised them, not here.",
  },
  "review.firm.notLinked": {
    hr: "Ovaj stol nije povezan s uredom, pa nema prijava s drugih stolova.",
    en: "This desk is not connected to a firm, so there are no reports from other desks.",
  },
  "review.firm.link": { hr: "Povežite ga u Postavkama", en: "Connect it in Settings" },
  "review.firm.unlinked": {
    hr: "Stol više nije povezan s uredom: prijave su prikazane kakve su zadnji put preuzete.",
    en: "This desk is no longer connected to the firm: the reports are shown as last taken.",
  },
  "review.firm.empty": { hr: "Nema otvorenih prijava s drugih stolova.", en: "No open reports from other desks." },
  "review.firm.emptyAll": { hr: "Drugi stolovi još nisu poslali prijave.", en: "Other desks have not sent any reports yet." },
  "review.firm.col.desk": { hr: "Stol", en: "Desk" },
  "review.firm.openAt": { hr: "Otvorena: odlučuje stol {desk}", en: "Open: decided at desk {desk}" },
} as const satisfies MessageTable

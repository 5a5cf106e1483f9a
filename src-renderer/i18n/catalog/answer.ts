import type { MessageTable } from "./message-table"

// The answer and its outcomes: answer sections, qualified, conditional, refusal, error, and the
// outcome, risk tier and run status labels.

export const answerMessages = {
  "answer.title": { hr: "Odgovor", en: "Answer" },
  "answer.asOf": { hr: "Stanje na dan {date}", en: "As of {date}" },
  "answer.client": { hr: "Klijent: {name}", en: "Client: {name}" },
  "answer.noClient": { hr: "Bez klijenta (opći odgovor)", en: "No client (a general answer)" },
  "answer.obligations": { hr: "Obveze", en: "Obligations" },
  "answer.deadlines": { hr: "Rokovi", en: "Deadlines" },
  "answer.thresholds": { hr: "Pragovi", en: "Thresholds" },
  "answer.exceptions": { hr: "Iznimke", en: "Exceptions" },
  "answer.actions": { hr: "Što učiniti", en: "What to do" },
  "answer.limits": { hr: "Ograničenja odgovora", en: "Limits of this answer" },
  "answer.caveats": { hr: "Napomene", en: "Caveats" },
  "answer.citations": { hr: "Izvori i citati", en: "Sources and citations" },
  "answer.citation.primary": { hr: "Glavni izvor", en: "Main source" },
  "answer.citation.supporting": { hr: "Dodatni izvor", en: "Supporting source" },
  "answer.citation.fetched": { hr: "Preuzeto {date}", en: "Retrieved {date}" },
  "answer.citation.link": { hr: "Izvornik: {url}", en: "Original: {url}" },
  "answer.rules": { hr: "Primijenjenih pravila: {count}", en: "Rules applied: {count}" },

  "paper.actions": { hr: "Odgovor za ispis i e-poštu", en: "This answer for print and e-mail" },
  "paper.print": { hr: "Ispis i PDF", en: "Print and PDF" },
  "paper.copy": { hr: "Kopiraj za e-poštu", en: "Copy for e-mail" },
  "paper.copied": {
    hr: "Kopirano: pitanje, odgovor, citati s izvacima te oznaka i hash izvođenja. Zalijepite u e-poruku.",
    en: "Copied: the question, the answer, the citations with their quotes, and the run id and hash. Paste it into an e-mail.",
  },
  "paper.copyFailed": {
    hr: "Kopiranje nije uspjelo: preglednik nije dopustio pisanje u međuspremnik. Otvorite Ispis i PDF i kopirajte tekst odande.",
    en: "Copying failed: the browser did not allow writing to the clipboard. Open Print and PDF and copy the text from there.",
  },
  "paper.loadFailed": {
    hr: "Dokument odgovora nije moguće pripremiti: {message}",
    en: "The answer's document could not be prepared: {message}",
  },
  "paper.viewTitle": { hr: "Pregled ispisa", en: "Print preview" },
  "paper.printNow": { hr: "Ispiši", en: "Print" },
  "paper.savePdf": { hr: "Spremi kao PDF", en: "Save as PDF" },
  "paper.saved": { hr: "PDF je spremljen: {path}", en: "The PDF was saved: {path}" },
  "paper.saveFailed": { hr: "PDF nije spremljen: {message}", en: "The PDF was not saved: {message}" },
  "paper.pdfHint": {
    hr: "Za PDF u prozoru za ispis kao odredište odaberite „Spremi kao PDF”.",
    en: "For a PDF, choose “Save as PDF” as the destination in the print window.",
  },
  "paper.download": { hr: "Preuzmi HTML", en: "Download HTML" },
  "paper.close": { hr: "Zatvori", en: "Close" },

  "authority.LAW": { hr: "Zakon", en: "Law" },
  "authority.REGULATION": { hr: "Pravilnik", en: "Regulation" },
  "authority.GUIDANCE": { hr: "Službena uputa", en: "Official guidance" },
  "authority.PRACTICE": { hr: "Praksa", en: "Practice" },

  "qualified.title": { hr: "Izvori se ne slažu", en: "Sources disagree" },
  "qualified.says": { hr: "{source} navodi:", en: "{source} says:" },
  "qualified.resolution": { hr: "U praksi:", en: "In practice:" },

  "conditional.title": {
    hr: "Odgovor ovisi o podacima koji nedostaju",
    en: "The answer depends on facts we do not have",
  },
  "conditional.missing": { hr: "Nedostaje: {facts}", en: "Missing: {facts}" },
  "conditional.branches": { hr: "Mogući odgovori", en: "Possible answers" },
  "conditional.fix": {
    hr: "Navedite nedostajući podatak u pitanju ili u profilu klijenta i pitajte ponovno za jedan odgovor.",
    en: "Give the missing fact in the question or in the client profile and ask again for a single answer.",
  },

  "refusal.title": {
    hr: "Na ovo pitanje ne možemo pouzdano odgovoriti",
    en: "We cannot answer this reliably",
  },
  "refusal.reason.NO_CITABLE_RULES": {
    hr: "Nismo pronašli provjerene propise koji bi odgovorili na ovo pitanje.",
    en: "We found no verified rules that answer this question.",
  },
  "refusal.reason.MISSING_CLIENT_DATA": {
    hr: "Za odgovor trebamo više podataka o klijentu.",
    en: "We need more information about the client to answer.",
  },
  "refusal.reason.NEEDS_CLARIFICATION": {
    hr: "Pitanje nije dovoljno jasno da bismo ga istražili.",
    en: "The question is not clear enough to research.",
  },
  "refusal.reason.UNSUPPORTED_JURISDICTION": {
    hr: "Pokrivamo samo hrvatske propise.",
    en: "We only cover Croatian regulations.",
  },
  "refusal.reason.UNSUPPORTED_DOMAIN": {
    hr: "Ovo područje još nije pokriveno paketom pravila.",
    en: "This area is not covered by the rule pack yet.",
  },
  "refusal.reason.OUT_OF_SCOPE": {
    hr: "Ovo nije regulatorno pitanje.",
    en: "This is not a regulatory question.",
  },
  "refusal.reason.UNRESOLVED_CONFLICT": {
    hr: "Izvori si proturječe i ne možemo provjeriti koji vrijedi.",
    en: "The sources contradict each other and we cannot verify which one applies.",
  },
  "refusal.reason.GRAY_ZONE": {
    hr: "Ovo je sivo područje koje traži stručni savjet.",
    en: "This is a grey area that needs professional advice.",
  },
  "refusal.reason.FUTURE_LAW_UNCERTAIN": {
    hr: "Propisi koji tek stupaju na snagu još nisu konačni.",
    en: "Rules that have not yet come into force are not final.",
  },
  "refusal.reason.MISSING_REQUIRED_DIMENSION": {
    hr: "Nedostaju ključni podaci potrebni za odgovor.",
    en: "Key facts needed for an answer are missing.",
  },
  "refusal.nextSteps": { hr: "Sljedeći koraci", en: "Next steps" },
  "refusal.requiredFields": { hr: "Podaci koje treba dodati", en: "Facts to add" },
  "refusal.openClients": { hr: "Uredi profile klijenata", en: "Edit client profiles" },
  "supply.submit": { hr: "Pitaj ponovno s ovim podacima", en: "Ask again with these facts" },
  "supply.hint": {
    hr: "Podatak se dodaje pitanju i pitanje se postavlja ponovno; ovo odbijanje ostaje u povijesti.",
    en: "The fact is added to the question and the question is asked again; this refusal stays in history.",
  },
  "supply.hintDate": {
    hr: "Pitanje se postavlja ponovno za taj datum; ovo odbijanje ostaje u povijesti.",
    en: "The question is asked again for that date; this refusal stays in history.",
  },
  "supply.choose": { hr: "Odaberite…", en: "Choose…" },
  "supply.itemExample": { hr: "npr. kruh", en: "e.g. bread" },
  "supply.vatQuestion": { hr: "Je li u sustavu PDV-a?", en: "Is it in the VAT system?" },
  "supply.error.date": { hr: "Odaberite datum.", en: "Choose a date." },
  "supply.error.amount": {
    hr: "Upišite iznos u eurima, npr. 65.000,00.",
    en: "Enter an amount in euros, e.g. 65,000.00.",
  },
  "supply.error.count": { hr: "Upišite broj, npr. 10.", en: "Enter a number, e.g. 10." },
  "supply.error.choice": { hr: "Odaberite jednu mogućnost.", en: "Choose one of the options." },
  "supply.error.text": {
    hr: "Upišite o čemu se radi (najviše 120 znakova), npr. kruh.",
    en: "Say what it is (at most 120 characters), e.g. bread.",
  },
  "answer.language.hr": { hr: "Odgovor na hrvatskom", en: "Answer in Croatian" },
  "answer.language.en": { hr: "Odgovor na engleskom", en: "Answer in English" },

  "error.title": { hr: "Ispričavamo se, nešto je pošlo po zlu", en: "We are sorry, something went wrong" },
  "error.code.VALIDATION_FAILED": {
    hr: "Odgovor nije prošao provjeru ispravnosti pa ga ne prikazujemo.",
    en: "The answer failed its validity checks, so we do not show it.",
  },
  "error.code.CAPACITY": { hr: "Sustav je trenutno zauzet.", en: "The system is busy right now." },
  "error.code.TIMEOUT": { hr: "Istraživanje je trajalo predugo.", en: "The research took too long." },
  "error.code.INTERNAL": { hr: "Došlo je do neočekivane pogreške.", en: "An unexpected error occurred." },
  "error.code.CANCELLED": {
    hr: "Obradu ste zaustavili prije odgovora.",
    en: "You stopped the run before it answered.",
  },
  "error.stoppedTitle": { hr: "Obrada je zaustavljena", en: "The run was stopped" },
  "error.correlation": { hr: "Oznaka za podršku: {id}", en: "Reference for support: {id}" },
  "error.failedStage": { hr: "Zastalo u koraku: {stage}", en: "Stopped at step: {stage}" },
  "error.notRetriable": {
    hr: "Ponovni pokušaj neće pomoći; javite se podršci s gornjom oznakom.",
    en: "Trying again will not help; contact support with the reference above.",
  },

  "outcome.ANSWER": { hr: "Odgovor", en: "Answer" },
  "outcome.QUALIFIED_ANSWER": { hr: "S upozorenjima", en: "Qualified" },
  "outcome.CONDITIONAL_ANSWER": { hr: "Uvjetni", en: "Conditional" },
  "outcome.REFUSAL": { hr: "Bez odgovora", en: "Refused" },
  "outcome.ERROR": { hr: "Pogreška", en: "Error" },

  "tier.T0": { hr: "T0 · kritično", en: "T0 · critical" },
  "tier.T1": { hr: "T1 · visok rizik", en: "T1 · high risk" },
  "tier.T2": { hr: "T2 · srednji rizik", en: "T2 · medium risk" },
  "tier.T3": { hr: "T3 · nizak rizik", en: "T3 · low risk" },

  "traceStatus.running": { hr: "U tijeku", en: "Running" },
  "traceStatus.awaiting_input": { hr: "Čeka odgovor", en: "Awaiting answer" },
  "traceStatus.complete": { hr: "Dovršeno", en: "Complete" },
  "traceStatus.interrupted": { hr: "Prekinuto", en: "Interrupted" },
} as const satisfies MessageTable

import type { MessageTable } from "./message-table"

// The live research stepper: stage names, step states, and the clarification prompt.

export const stepperMessages = {
  "stage.QUESTION_INTAKE": { hr: "Analiza pitanja", en: "Question intake" },
  "stage.CONTEXT_RESOLUTION": { hr: "Kontekst", en: "Context" },
  "stage.CLARIFICATION": { hr: "Pojašnjenje", en: "Clarification" },
  "stage.SOURCES": { hr: "Izvori", en: "Sources" },
  "stage.RETRIEVAL": { hr: "Pronalaženje pravila", en: "Rule retrieval" },
  "stage.APPLICABILITY": { hr: "Primjenjivost", en: "Applicability" },
  "stage.CONFLICTS": { hr: "Proturječja", en: "Conflicts" },
  "stage.ANALYSIS": { hr: "Analiza", en: "Analysis" },
  "stage.CONFIDENCE": { hr: "Pouzdanost", en: "Confidence" },
  "stage.ANSWER": { hr: "Odgovor", en: "Answer" },
  "stage.QUALIFIED_ANSWER": { hr: "Odgovor s upozorenjima", en: "Qualified answer" },
  "stage.CONDITIONAL_ANSWER": { hr: "Uvjetni odgovor", en: "Conditional answer" },
  "stage.REFUSAL": { hr: "Bez odgovora", en: "No answer" },
  "stage.ERROR": { hr: "Pogreška", en: "Error" },

  "stageActive.QUESTION_INTAKE": { hr: "Analiziram pitanje…", en: "Analysing the question…" },
  "stageActive.CONTEXT_RESOLUTION": { hr: "Utvrđujem kontekst…", en: "Resolving the context…" },
  "stageActive.CLARIFICATION": { hr: "Čekam vaše pojašnjenje…", en: "Waiting for your clarification…" },
  "stageActive.SOURCES": { hr: "Pretražujem izvore…", en: "Searching sources…" },
  "stageActive.RETRIEVAL": { hr: "Dohvaćam pravila…", en: "Retrieving rules…" },
  "stageActive.APPLICABILITY": {
    hr: "Provjeravam što vrijedi za klijenta…",
    en: "Checking what applies to the client…",
  },
  "stageActive.CONFLICTS": {
    hr: "Tražim proturječja među izvorima…",
    en: "Looking for disagreements between sources…",
  },
  "stageActive.ANALYSIS": { hr: "Analiziram…", en: "Analysing…" },
  "stageActive.CONFIDENCE": { hr: "Procjenjujem pouzdanost…", en: "Assessing confidence…" },

  "step.pending": { hr: "na čekanju", en: "pending" },
  "step.active": { hr: "u tijeku", en: "in progress" },
  "step.done": { hr: "dovršeno", en: "done" },
  "step.failed": { hr: "nije uspjelo", en: "failed" },
  "step.awaiting": { hr: "čeka vaš odgovor", en: "waiting for you" },
  "step.skipped": { hr: "nije izvedeno", en: "not reached" },

  "stepper.label": { hr: "Tijek istraživanja", en: "Research progress" },
  "stepper.lastUpdated": { hr: "Zadnja promjena prije {duration}", en: "Last updated {duration} ago" },
  "stepper.announce": { hr: "{stage}: {status}", en: "{stage}: {status}" },
  "stepper.stalled.title": { hr: "Istraživanje je zastalo", en: "The research has stalled" },
  "stepper.stalled.body": {
    hr: "Više od {seconds} s nije stigla nijedna promjena.",
    en: "Nothing has changed for more than {seconds} s.",
  },
  "stepper.interrupted": {
    hr: "Istraživanje je prekinuto prije kraja (aplikacija je zatvorena ili je došlo do pogreške).",
    en: "The research was interrupted before it finished (the app was closed or the run failed).",
  },
  "stepper.stop": { hr: "Prekini istraživanje", en: "Stop research" },
  "stepper.stopEnded": {
    hr: "Obrada je već završena, nema se što zaustaviti.",
    en: "The run has already finished; there is nothing to stop.",
  },
  "stepper.stopFailed": { hr: "Zaustavljanje nije uspjelo: {message}", en: "Could not stop the run: {message}" },
  "stepper.pill.open": { hr: "Prikaži korake", en: "Show steps" },
  "stepper.pill.close": { hr: "Sakrij korake", en: "Hide steps" },
  "stepper.sourcesFound": { hr: "Pronađeni izvori", en: "Sources found" },
  "stepper.duration": { hr: "trajanje {duration}", en: "took {duration}" },
  "stepper.round.answered": { hr: "Vaš odgovor: {answer}", en: "Your answer: {answer}" },
  "stepper.round.waiting": { hr: "Čeka vaš odgovor", en: "Waiting for your answer" },

  "clarify.title": {
    hr: "Trebamo pojašnjenje prije nastavka",
    en: "We need a clarification before we continue",
  },
  "clarify.options": { hr: "Odaberite odgovor", en: "Choose an answer" },
  "clarify.freeform.label": { hr: "Vaš odgovor", en: "Your answer" },
  "clarify.send": { hr: "Pošalji odgovor", en: "Send answer" },
  "clarify.cancel": { hr: "Odustani od pitanja", en: "Cancel the question" },
  "clarify.empty": {
    hr: "Upišite odgovor ili odaberite jednu od ponuđenih mogućnosti.",
    en: "Type an answer or choose one of the options.",
  },
} as const satisfies MessageTable

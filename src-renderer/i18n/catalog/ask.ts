import type { MessageTable } from "./message-table"

// The Ask screen: the question form.

export const askMessages = {
  "ask.title": { hr: "Postavite regulatorno pitanje", en: "Ask a regulatory question" },
  "ask.empty.title": { hr: "Što želite provjeriti?", en: "What would you like to check?" },
  "ask.empty.body": {
    hr: "Upišite pitanje ispod. Vidjet ćete svaki korak istraživanja dok se izvodi: izvore, pravila koja vrijede i ona koja ne vrijede za klijenta, te odgovor s citatima.",
    en: "Type a question below. You will see every step of the research as it happens: the sources, the rules that apply and those that do not apply to the client, and an answer with citations.",
  },
  "ask.question.label": { hr: "Pitanje", en: "Question" },
  "ask.question.placeholder": {
    hr: "npr. Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
    en: "e.g. Do I have to register for VAT if my turnover is EUR 65,000?",
  },
  "ask.question.hint": {
    hr: "Enter za slanje, Shift+Enter za novi red",
    en: "Enter to send, Shift+Enter for a new line",
  },
  "ask.question.empty": { hr: "Upišite pitanje.", en: "Please type a question." },
  "ask.asOf.label": { hr: "Stanje na dan", en: "As of" },
  "ask.asOf.hint": {
    hr: "Prazno: datum iz pitanja, a ako ga nema, današnji",
    en: "Empty: the date in the question, or today if it names none",
  },
  "ask.client.label": { hr: "Klijent", en: "Client" },
  "ask.client.none": { hr: "Bez klijenta", en: "No client" },
  "ask.carry.label": { hr: "Za sljedeće pitanje", en: "For the next question" },
  "ask.carry.clear": {
    hr: "Ukloni klijenta i datum iz sljedećeg pitanja",
    en: "Remove the client and date from the next question",
  },
  "ask.submit": { hr: "Istraži", en: "Research" },
  "ask.submitting": { hr: "Šaljem…", en: "Sending…" },
  "ask.busy": {
    hr: "Pričekajte da trenutno istraživanje završi ili ga prekinite.",
    en: "Wait for the current research to finish, or stop it.",
  },
  "ask.runFor": { hr: "Pitanje", en: "Question" },
  "ask.openTrace": { hr: "Otvori u povijesti", en: "Open in history" },
} as const satisfies MessageTable

import { DOCUMENT_FACT_NAMES } from "../../../src-shared/document-fields"
import type { DocumentFactField } from "../../../src-shared/run-documents"
import type { Message, MessageTable } from "./message-table"

// Client documents (issue 22): adding them (drop or file dialog), their list, their actions (audit,
// summary, comparison of two), and files dropped on the Ask screen attached to the question.

// The names of an e-invoice's fields come from src-shared/document-fields.ts, the one source the
// printed answer and the CLI use too, so the card and the paper never name a field differently.
type FactMessages = { readonly [F in DocumentFactField as `documents.fact.${F}`]: Message }
const factMessages = Object.fromEntries(
  Object.entries(DOCUMENT_FACT_NAMES).map(([field, name]) => [`documents.fact.${field}`, name]),
) as FactMessages

export const documentMessages = {
  "documents.title": { hr: "Dokumenti", en: "Documents" },
  "documents.client": { hr: "Klijent", en: "Client" },
  "documents.firm": { hr: "Dokumenti ureda (bez klijenta)", en: "The firm's own (no client)" },
  "documents.drop": {
    hr: "Ispustite datoteke ovdje (PDF, eRačun XML, CSV, tekst) ili",
    en: "Drop files here (PDF, e-invoice XML, CSV, text) or",
  },
  "documents.choose": { hr: "odaberite datoteke…", en: "choose files…" },
  "documents.dropActive": { hr: "Ispustite za dodavanje", en: "Drop to add" },
  "documents.adding": { hr: "Dodajem {name}…", en: "Adding {name}…" },
  "documents.added": { hr: "Dodan dokument „{title}”.", en: "Added “{title}”." },
  "documents.already": { hr: "„{title}” je već dodan (iste datoteke).", en: "“{title}” was already added (the same file)." },
  "documents.failed": { hr: "{name} nije dodan: {message}", en: "{name} was not added: {message}" },
  "documents.tooLarge": {
    hr: "datoteka ima {size}; ovdje se može dodati najviše {max}",
    en: "the file is {size}; at most {max} can be added here",
  },
  "documents.empty": { hr: "Ovaj klijent još nema dokumenata.", en: "This client has no documents yet." },
  "documents.count": { hr: "Dokumenata: {count}", en: "Documents: {count}" },
  "documents.col.title": { hr: "Naslov", en: "Title" },
  "documents.col.kind": { hr: "Vrsta", en: "Kind" },
  "documents.col.number": { hr: "Broj", en: "Number" },
  "documents.col.date": { hr: "Datum", en: "Date" },
  "documents.col.hash": { hr: "Sažetak (SHA-256)", en: "Hash (SHA-256)" },
  "documents.col.actions": { hr: "Radnje", en: "Actions" },
  "documents.col.choose": { hr: "Odabir za usporedbu", en: "Chosen for comparison" },
  "documents.choose.compare": { hr: "Odaberi {title} za usporedbu", en: "Choose {title} for comparison" },
  "documents.compare": { hr: "Usporedi", en: "Compare" },
  "documents.compare.hint": {
    hr: "Za usporedbu odaberite dva eRačuna (odabrano: {count}).",
    en: "Choose two e-invoices to compare ({count} chosen).",
  },
  "documents.compare.ready": { hr: "Usporedit će se A: {a} i B: {b}.", en: "Compares A: {a} with B: {b}." },
  "documents.kind.pdf": { hr: "PDF", en: "PDF" },
  "documents.kind.xml": { hr: "XML", en: "XML" },
  "documents.kind.einvoice": { hr: "eRačun", en: "e-invoice" },
  "documents.kind.csv": { hr: "CSV", en: "CSV" },
  "documents.kind.text": { hr: "tekst", en: "text" },
  "documents.pages": { hr: "stranica: {count}", en: "pages: {count}" },
  "documents.noText": { hr: "Bez teksta (skenirano): str. {pages}", en: "No text (scanned): p. {pages}" },
  "documents.audit": { hr: "Provjeri", en: "Audit" },
  "documents.audit.field": { hr: "Polje", en: "Field" },
  "documents.audit.rule": { hr: "Pravilo", en: "Rule" },
  "documents.severity.error": { hr: "Greška", en: "Error" },
  "documents.severity.warning": { hr: "Upozorenje", en: "Warning" },
  "documents.severity.info": { hr: "Napomena", en: "Note" },
  "documents.open": { hr: "Dokumenti klijenta", en: "Client documents" },
  "documents.summarize": { hr: "Sažmi", en: "Summarize" },
  "documents.action.auditQuestion": { hr: "Revizija e-računa {label}", en: "Audit of e-invoice {label}" },
  "documents.action.summaryQuestion": { hr: "Sažetak dokumenta {label}", en: "Summary of document {label}" },
  "documents.attach.drop": {
    hr: "Ispustite račun ili PDF: dodat će se dokumentima klijenta i priložiti pitanju.",
    en: "Drop an invoice or a PDF: it is added to the client's documents and attached to the question.",
  },
  "documents.attach.label": { hr: "Dokumenti priloženi pitanju", en: "Documents attached to the question" },
  "documents.attach.remove": { hr: "Ukloni {title} iz pitanja", en: "Remove {title} from the question" },
  "documents.action.compareQuestion": { hr: "Usporedba dokumenata {a} i {b}", en: "Comparison of documents {a} and {b}" },
  "documents.evidence.title": { hr: "Dokumenti na kojima odgovor počiva", en: "Documents the answer rests on" },
  "documents.evidence.hash": { hr: "SHA-256 {hash}…", en: "SHA-256 {hash}…" },
  "documents.evidence.noFields": { hr: "Odgovor nije pročitao nijedno polje ovog dokumenta.", en: "The answer read no field of this document." },
  "documents.evidence.findings": { hr: "Nalazi revizije", en: "Audit findings" },
  "documents.differences.title": { hr: "Razlike između dokumenata", en: "Differences between the documents" },
  "documents.differences.summary": {
    hr: "Polja važna za porez su označena. Polja koja nisu navedena jednaka su u oba dokumenta.",
    en: "Fields that matter for tax are marked. Fields not listed are the same in both documents.",
  },
  "documents.differences.field": { hr: "Polje", en: "Field" },
  "documents.differences.a": { hr: "A: {title}", en: "A: {title}" },
  "documents.differences.b": { hr: "B: {title}", en: "B: {title}" },
  "documents.differences.tax": { hr: "Važno za porez", en: "Matters for tax" },
  "documents.differences.yes": { hr: "Da", en: "Yes" },
  "documents.differences.no": { hr: "Ne", en: "No" },
  "documents.differences.missing": { hr: "nema", en: "none" },
  ...factMessages,
} as const satisfies MessageTable

import { z } from "zod"
import { DocumentSummary } from "../../src-shared/documents"
import { EInvoiceParseError, parseEInvoice, type EInvoice } from "../documents/einvoice"
import { DEFAULT_LIMITS, type ExtractedDocument } from "../documents/intake/contract"
import { extractDocument } from "../documents/intake/extract"
import { sha256Of, type DocumentsRepository, type StoredDocument } from "../store/documents-repo"

// A file into a client's documents (issue 22): the one way the window (documents.add, the Ask
// screen's drop), `fiskai doc add` and `fiskai doc audit|compare FILE` take a file in. The intake
// reads the kind from the content and extracts the text; an XML that reads as an e-invoice keeps its
// number and issue date (so @-mentions find it by number and the window offers its audit). The same
// bytes for the same client give back the document already there, before anything is extracted.

export interface AddRequest {
  clientId: string | null
  fileName: string
  /** Default: the PDF's own title, else the file's name without its extension. */
  title?: string | undefined
  bytes: Buffer
}

export interface AddedFile {
  document: StoredDocument
  created: boolean
  notices: ExtractedDocument["notices"]
}

/** What is kept in a document's metadata beside the repository's own columns. */
const DocumentMetadata = z.object({
  einvoice: z.object({ number: z.string().nullable(), issueDate: z.string().nullable() }).nullable().catch(null),
  pagesWithoutText: z.array(z.number().int().positive()).catch([]),
})
type DocumentMetadata = z.infer<typeof DocumentMetadata>

export async function addDocumentFile(docs: DocumentsRepository, request: AddRequest): Promise<AddedFile> {
  const { clientId, bytes } = request
  // An unknown client, or the same bytes already there: answered before extracting anything.
  docs.checkClient(clientId)
  const known = docs.findByContent(sha256Of(bytes), clientId)
  if (known !== null) return { document: known, created: false, notices: [] }
  const extracted = await extractDocument(bytes, DEFAULT_LIMITS)
  const einvoice = extracted.kind === "xml" ? readEInvoice(bytes) : null
  const metadata: DocumentMetadata = {
    einvoice: einvoice === null ? null : { number: einvoice.number?.value ?? null, issueDate: einvoice.issueDate?.value ?? null },
    pagesWithoutText: extracted.notices.flatMap((notice) => notice.pages),
  }
  const added = docs.add({
    bytes,
    fileName: request.fileName,
    clientId,
    title: request.title ?? extracted.embeddedTitle ?? titleFromName(request.fileName),
    kind: extracted.kind,
    text: extracted.text,
    pageCount: extracted.pageCount,
    invoiceNumber: metadata.einvoice?.number?.trim().slice(0, 100) || null,
    metadata,
  })
  return { ...added, notices: extracted.notices }
}

/** The e-invoice an XML file is, or null when it is some other XML (still stored, not auditable). */
function readEInvoice(bytes: Buffer): EInvoice | null {
  try {
    return parseEInvoice(bytes)
  } catch (error) {
    if (error instanceof EInvoiceParseError) return null
    throw error
  }
}

/** A stored document as the window lists it. */
export function summaryOf(document: StoredDocument): DocumentSummary {
  const metadata = DocumentMetadata.safeParse(document.metadata ?? {})
  const meta = metadata.success ? metadata.data : { einvoice: null, pagesWithoutText: [] }
  return DocumentSummary.parse({
    id: document.id,
    clientId: document.clientId,
    sha256: document.sha256,
    title: document.title,
    kind: document.kind,
    fileName: document.fileName,
    sizeBytes: document.sizeBytes,
    pageCount: document.pageCount,
    addedAt: document.addedAt,
    invoiceNumber: document.invoiceNumber,
    issueDate: meta.einvoice?.issueDate ?? null,
    isEInvoice: meta.einvoice !== null,
    pagesWithoutText: meta.pagesWithoutText,
  })
}

function titleFromName(fileName: string): string {
  const name = fileName.replace(/\.[^.]*$/u, "").trim()
  return name === "" ? fileName : name
}

import type { AnswerPaper } from "../../../src-shared/answer-paper"
import { paperCss } from "./paper-css"
import { DOCUMENT_BODY_CSS, paperArticle, paperDocument, paperTitle } from "./paper-html"
import { paperText } from "./paper-text"
import { paperView, type PaperInput, type PaperView } from "./paper-view"

// One answer to paper (issue 23): from the stored trace, the document to print or save as a PDF, its
// article for the window's print view and the clipboard's HTML, and the plain text for an e-mail.
// One view of the answer feeds all three.

export { PaperUnavailableError, type PaperClient, type PaperInput } from "./paper-view"

/** "FiskAI-odgovor-2025-06-01-req_01a2…": letters, digits, dot, dash and underscore only. */
function fileName(view: PaperView): string {
  return `FiskAI-${view.words.fileStem}-${view.asOfIso}-${view.requestId}`.replace(/[^A-Za-z0-9._-]/g, "_")
}

export function renderAnswerPaper(input: PaperInput): Omit<AnswerPaper, "canSavePdf"> {
  const view = paperView(input)
  const css = paperCss(view.requestId, view.words.page)
  return {
    requestId: view.requestId,
    locale: view.locale,
    title: paperTitle(view),
    fileName: fileName(view),
    documentHtml: paperDocument(view, css).toString(),
    frameHtml: paperDocument(view, null).toString(),
    articleHtml: paperArticle(view).toString(),
    css: `${DOCUMENT_BODY_CSS}\n${css}`,
    text: paperText(view),
  }
}

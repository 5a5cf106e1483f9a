import { useEffect, useId, useRef, useState } from "react"
import { createPortal } from "react-dom"
import type { AnswerPaper } from "../../../src-shared/answer-paper"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { PAPER_FRAME_SANDBOX, printPaperFrame, stylePaperFrame } from "./paper-frame"

// The print view: the answer's document as it will print, over the app, with Print, Save as PDF
// (Electron writes the PDF itself; a browser prints, and its print window saves the PDF),
// Download (the self-contained HTML) and Close. Print prints the framed document alone; Ctrl+P
// does the same while the view is open. The app behind the view is inert.

function useDownloadUrl(html: string): string {
  const [url, setUrl] = useState("")
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }))
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [html])
  return url
}

/** Inert app behind the dialog; Escape closes it, Ctrl+P (Cmd+P) prints the paper. */
function useModalKeys(onClose: () => void, print: () => void): void {
  const handlers = useRef({ onClose, print })
  handlers.current = { onClose, print }
  useEffect(() => {
    const root = document.getElementById("root")
    root?.setAttribute("inert", "")
    document.body.classList.add("paper-printing")
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") handlers.current.onClose()
      else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "p") {
        event.preventDefault()
        handlers.current.print()
      }
    }
    document.addEventListener("keydown", onKey)
    return () => {
      document.removeEventListener("keydown", onKey)
      root?.removeAttribute("inert")
      document.body.classList.remove("paper-printing")
    }
  }, [])
}

export function PrintView({ paper, onClose }: { paper: AnswerPaper; onClose: () => void }) {
  const { t } = useI18n()
  const { api } = useStores()
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const downloadUrl = useDownloadUrl(paper.documentHtml)
  const [notice, setNotice] = useState<{ kind: "info" | "error"; text: string } | null>(null)
  const print = () => printPaperFrame(frame.current)
  useModalKeys(onClose, print)

  useEffect(() => heading.current?.focus(), [])

  const savePdf = async () => {
    setNotice(null)
    try {
      const saved = await call("paper.savePdf", { requestId: paper.requestId }, api)
      if (saved.path !== null) setNotice({ kind: "info", text: t("paper.saved", { path: saved.path }) })
    } catch (error) {
      setNotice({ kind: "error", text: t("paper.saveFailed", { message: error instanceof Error ? error.message : String(error) }) })
    }
  }

  return createPortal(
    <div className="paper-view" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="paper-view">
      <div className="paper-view-toolbar">
        <h2 id={titleId} tabIndex={-1} ref={heading}>
          {t("paper.viewTitle")}
        </h2>
        <div className="paper-view-buttons">
          <button type="button" className="button-primary" onClick={print} data-testid="paper-print-now">
            {t("paper.printNow")}
          </button>
          <button type="button" onClick={() => (paper.canSavePdf ? void savePdf() : print())} data-testid="paper-save-pdf">
            {t("paper.savePdf")}
          </button>
          <a className="button-link" href={downloadUrl} download={`${paper.fileName}.html`} data-testid="paper-download">
            {t("paper.download")}
          </a>
          <button type="button" className="button-quiet" onClick={onClose} data-testid="paper-close">
            {t("paper.close")}
          </button>
        </div>
        {!paper.canSavePdf && (
          <p className="paper-view-hint" data-testid="paper-pdf-hint">
            {t("paper.pdfHint")}
          </p>
        )}
        {notice && (
          <p
            className={`notice ${notice.kind === "error" ? "notice-error" : "notice-info"}`}
            role={notice.kind === "error" ? "alert" : "status"}
            data-testid="paper-view-notice"
          >
            {notice.text}
          </p>
        )}
      </div>
      <iframe
        ref={frame}
        className="paper-frame"
        title={paper.title}
        srcDoc={paper.frameHtml}
        sandbox={PAPER_FRAME_SANDBOX}
        onLoad={(event) => stylePaperFrame(event.currentTarget, paper.css)}
        data-testid="paper-frame"
      />
    </div>,
    document.body,
  )
}

import { useEffect, useRef, useState } from "react"
import type { AnswerPaper } from "../../../src-shared/answer-paper"
import { useI18n } from "../../i18n/i18n-context"
import { copyRich } from "./copy-paper"
import { PrintView } from "./PrintView"
import { useAnswerPaper } from "./use-answer-paper"
import "./paper.css"

// "Print and PDF" and "Copy for e-mail" on an answer card (issue 23). Both use the main process's
// document of the stored run: the print view shows it as it will print, and the copy puts its
// article (HTML) and its plain text on the clipboard.

type Notice = { kind: "info" | "error"; text: string }

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function PaperActions({ runId }: { runId: string }) {
  const { t } = useI18n()
  const loadPaper = useAnswerPaper(runId)
  const [paper, setPaper] = useState<AnswerPaper | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busy, setBusy] = useState(false)
  const printButton = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)

  // Focus goes back to the button once the print view is gone (and the app behind it is no longer inert).
  useEffect(() => {
    if (wasOpen.current && paper === null) printButton.current?.focus()
    wasOpen.current = paper !== null
  }, [paper])

  const openPrintView = async () => {
    setNotice(null)
    setBusy(true)
    try {
      setPaper(await loadPaper())
    } catch (error) {
      setNotice({ kind: "error", text: t("paper.loadFailed", { message: reason(error) }) })
    } finally {
      setBusy(false)
    }
  }

  const copy = async () => {
    setNotice(null)
    let loaded: AnswerPaper
    try {
      loaded = await loadPaper()
    } catch (error) {
      setNotice({ kind: "error", text: t("paper.loadFailed", { message: reason(error) }) })
      return
    }
    const copied = copyRich({ html: loaded.articleHtml, text: loaded.text })
    setNotice(copied ? { kind: "info", text: t("paper.copied") } : { kind: "error", text: t("paper.copyFailed") })
  }

  return (
    <section className="answer-paper-actions" aria-label={t("paper.actions")} data-testid="paper-actions">
      <div className="answer-paper-buttons">
        <button
          type="button"
          className="button-quiet"
          ref={printButton}
          disabled={busy}
          onClick={() => void openPrintView()}
          data-testid="paper-print"
        >
          {t("paper.print")}
        </button>
        <button type="button" className="button-quiet" onClick={() => void copy()} data-testid="paper-copy">
          {t("paper.copy")}
        </button>
      </div>
      {notice && (
        <p
          className={`notice ${notice.kind === "error" ? "notice-error" : "notice-info"}`}
          role={notice.kind === "error" ? "alert" : "status"}
          data-testid="paper-notice"
        >
          {notice.text}
        </p>
      )}
      {paper && (
        <PrintView
          paper={paper}
          onClose={() => setPaper(null)}
        />
      )}
    </section>
  )
}

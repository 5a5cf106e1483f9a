import { useState } from "react"
import type { RuleChangeView } from "../../../src-shared/rule-changes"
import { useI18n } from "../../i18n/i18n-context"

// The moves a change allows in its state: a draft is saved and submitted (by its author); a
// change in review is approved or sent back with a note, and once approved and shadow-run, it is
// published. Everyone sees the buttons; the main process refuses who may not (four eyes).

export type Move = "save" | "submit" | "approve" | "sendBack" | "publish"

interface ReviewActionsProps {
  change: RuleChangeView
  published: boolean
  shadowDone: boolean
  onMove(move: Move, note?: string): void
}

export function ReviewActions({ change, published, shadowDone, onMove }: ReviewActionsProps) {
  const { t } = useI18n()
  if (published || change.status === "PUBLISHED" || change.status === "RETIRED") return null
  if (change.status === "IN_REVIEW")
    return <ReviewMoves change={change} shadowDone={shadowDone} onMove={onMove} />
  return (
    <div className="form-actions review-moves" data-testid="review-moves">
      {change.rule !== null && (
        <button type="button" onClick={() => onMove("save")} data-testid="change-save">
          {t("rules.move.save")}
        </button>
      )}
      <button
        type="button"
        className="button-primary"
        onClick={() => onMove("submit")}
        data-testid="change-submit"
      >
        {t("rules.move.submit")}
      </button>
    </div>
  )
}

function ReviewMoves({ change, shadowDone, onMove }: Omit<ReviewActionsProps, "published">) {
  const { t } = useI18n()
  const [sendingBack, setSendingBack] = useState(false)
  const approved = change.approvedBy !== null
  return (
    <div className="review-moves" data-testid="review-moves">
      <div className="form-actions">
        {!approved && (
          <button
            type="button"
            className="button-primary"
            onClick={() => onMove("approve")}
            data-testid="change-approve"
          >
            {t("rules.move.approve")}
          </button>
        )}
        <button
          type="button"
          onClick={() => setSendingBack(true)}
          aria-expanded={sendingBack}
          data-testid="change-send-back"
        >
          {t("rules.move.sendBack")}
        </button>
        {approved && (
          <button
            type="button"
            className="button-primary"
            disabled={!shadowDone}
            onClick={() => onMove("publish")}
            data-testid="change-publish"
          >
            {t("rules.move.publish")}
          </button>
        )}
      </div>
      {approved && !shadowDone && (
        <p className="hint" data-testid="publish-needs-shadow">
          {t("rules.publish.needsShadow")}
        </p>
      )}
      {sendingBack && (
        <SendBackForm onSend={(note) => onMove("sendBack", note)} onCancel={() => setSendingBack(false)} />
      )}
    </div>
  )
}

function SendBackForm({ onSend, onCancel }: { onSend(note: string): void; onCancel(): void }) {
  const { t } = useI18n()
  const [note, setNote] = useState("")
  return (
    <div className="field send-back">
      <label htmlFor="send-back-note">{t("rules.sendBack.note")}</label>
      <textarea
        id="send-back-note"
        rows={2}
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        data-testid="send-back-note"
      />
      <div className="form-actions">
        <button
          type="button"
          disabled={note.trim() === ""}
          onClick={() => onSend(note)}
          data-testid="send-back-confirm"
        >
          {t("rules.move.sendBack")}
        </button>
        <button type="button" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </div>
  )
}

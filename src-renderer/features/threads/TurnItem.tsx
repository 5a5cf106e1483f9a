import { Link } from "@tanstack/react-router"
import type { InheritedPart } from "../../../src-shared/events/payloads"
import type { ThreadTurn } from "../../../src-shared/threads"
import type { MessageKey } from "../../i18n/catalog"
import { useI18n } from "../../i18n/i18n-context"

// One turn of a thread: the question as asked, how a follow-up was read, what it took over from
// the turn before (chips), its outcome and headline, and its trace. On the last turn each chip can
// be removed: the question is asked again without that part, and the new turn records it dropped.

export const PART_KEYS = {
  subject: "threads.part.subject",
  attribute: "threads.part.attribute",
  date: "threads.part.date",
  entity: "threads.part.entity",
} as const satisfies Record<InheritedPart, MessageKey>

export interface TurnItemProps {
  turn: ThreadTurn
  /** Set on the last ended turn: removing a chip asks again without that part. */
  onDrop?: (part: InheritedPart) => void
}

export function TurnItem({ turn, onDrop }: TurnItemProps) {
  const { t } = useI18n()
  const ended = turn.status === "complete" || turn.status === "interrupted"
  return (
    <li className="thread-turn" data-testid="thread-turn" data-seq={turn.seq} data-request-id={turn.requestId}>
      <div className="thread-turn-head">
        <span className="muted">{t("threads.turn", { seq: turn.seq })}</span>
        {turn.outcome && <span className={`badge badge-outcome-${turn.outcome}`}>{t(`outcome.${turn.outcome}` as const)}</span>}
        <Link to="/trace/$requestId" params={{ requestId: turn.requestId }} className="button-link" data-testid="thread-turn-trace">
          {t("threads.turn.trace")}
        </Link>
      </div>
      <p className="thread-turn-question" data-testid="thread-turn-question">
        {turn.question}
      </p>
      {turn.effectiveQuestion && turn.effectiveQuestion !== turn.question && (
        <p className="muted thread-turn-read">{t("threads.turn.read", { question: turn.effectiveQuestion })}</p>
      )}
      {turn.inherited.length > 0 && <InheritedChips turn={turn} onDrop={onDrop} />}
      {turn.dropped.length > 0 && (
        <p className="muted" data-testid="thread-turn-dropped">
          {t("threads.chips.dropped", { parts: turn.dropped.map((p) => t(PART_KEYS[p])).join(", ") })}
        </p>
      )}
      <p className="thread-turn-headline" data-testid="thread-turn-headline">
        {turn.headline ?? (ended ? t("threads.turn.noAnswer") : turn.status === "awaiting_input" ? t("threads.turn.awaiting") : t("threads.turn.running"))}
      </p>
    </li>
  )
}

function InheritedChips({ turn, onDrop }: { turn: ThreadTurn; onDrop: TurnItemProps["onDrop"] }) {
  const { t } = useI18n()
  return (
    <div className="inherited-chips" role="group" aria-label={t("threads.chips.label")} data-testid="thread-chips">
      <span className="muted">{t("threads.chips.label")}:</span>
      {turn.inherited.map((chip) => (
        <span key={`${chip.part}-${chip.text}`} className="inherited-chip" data-testid="thread-chip" data-part={chip.part}>
          <span className="inherited-chip-part">{t(PART_KEYS[chip.part])}:</span> {chip.text}
          {onDrop && (
            <button
              type="button"
              className="inherited-chip-remove"
              onClick={() => onDrop(chip.part)}
              aria-label={t("threads.chips.remove", { text: chip.text })}
              title={t("threads.chips.remove", { text: chip.text })}
              data-testid="thread-chip-remove"
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </span>
      ))}
    </div>
  )
}

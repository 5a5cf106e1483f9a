import { formatDate } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"

// After a run, the client and as-of date it used stay for the next question only visibly: as a chip
// above the question box, "Next question: Client: Obrt Ana · As of 1 July 2025 ×". One click (or
// Enter/Space on the button) clears both, and the next question runs with no client on today's date.

export interface CarryChipProps {
  clientName: string | null
  asOfDate: string | null
  onClear: () => void
}

export function CarryChip({ clientName, asOfDate, onClear }: CarryChipProps) {
  const { t, locale } = useI18n()
  if (clientName === null && asOfDate === null) return null
  const parts = [
    clientName === null ? null : t("answer.client", { name: clientName }),
    asOfDate === null ? null : t("answer.asOf", { date: formatDate(asOfDate, locale) }),
  ].filter((part) => part !== null)
  return (
    <div className="carry-chip" data-testid="ask-carry" role="group" aria-label={t("ask.carry.label")}>
      <span className="carry-chip-label">{t("ask.carry.label")}:</span>
      {parts.map((part, i) => (
        <span key={part} className="carry-chip-part">
          {i > 0 && (
            <span className="carry-chip-sep" aria-hidden="true">
              ·{" "}
            </span>
          )}
          {part}
        </span>
      ))}
      <button
        type="button"
        className="carry-chip-clear"
        onClick={onClear}
        aria-label={t("ask.carry.clear")}
        title={t("ask.carry.clear")}
        data-testid="ask-carry-clear"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

import { useState } from "react"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import type { RiskTier } from "../../../../src-shared/events/stages"
import { useI18n } from "../../../i18n/i18n-context"
import { stageCards } from "./stage-cards"
import "./cards.css"

// After completion the stepper becomes one card per completed stage (seed 001 §6), each collapsed
// to its summary. For T3 runs the whole list sits behind one "show the reasoning" button.

export function ReasoningCards({
  events,
  riskTier,
}: {
  events: readonly ReasoningEvent[]
  riskTier: RiskTier | null
}) {
  const { t, tn } = useI18n()
  const [open, setOpen] = useState(riskTier !== "T3")
  const cards = stageCards(events)

  if (cards.length === 0) return null
  return (
    <section className="reasoning-cards" aria-labelledby="cards-heading" data-testid="reasoning-cards">
      <div className="section-head">
        <h3 id="cards-heading">{t("cards.title")}</h3>
        {riskTier === "T3" && (
          <button
            type="button"
            className="button-quiet"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            data-testid="cards-toggle-all"
          >
            {open ? t("cards.hideAll") : tn("cards.showAll", cards.length)}
          </button>
        )}
      </div>
      {open && <ol className="stage-cards">{cards}</ol>}
    </section>
  )
}

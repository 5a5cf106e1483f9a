import type { ConfidencePayload } from "../../../../src-shared/events/payloads"
import type { Locale } from "../../../../src-shared/events/stages"
import type { EventOf } from "../../../reasoning/selectors"
import { useI18n } from "../../../i18n/i18n-context"
import { formatScore } from "../../../../src-shared/format/numbers"
import { formatFactValue } from "../../../reasoning/explain"

// The confidence badge with its drivers (seed 001: "HIGH — based on LAW authority, multi-source").

export function ConfidenceBadge({ payload }: { payload: Pick<ConfidencePayload, "label" | "score"> }) {
  const { t, locale } = useI18n()
  return (
    <span
      className={`confidence-badge confidence-${payload.label}`}
      data-testid="confidence-badge"
      data-label={payload.label}
    >
      {t("confidence.badge", {
        label: t(`confidence.${payload.label}`),
        score: formatScore(payload.score, locale),
      })}
    </span>
  )
}

/**
 * `runLanguage` is the language the engine wrote the run in (its question's): a decisive fact's
 * label is the engine's ("Promet ≤ 60.000,00 EUR"), so its value beside it is written the same way,
 * never "Promet ≤ 60.000,00 EUR (EUR 65,000.00)" in one line.
 */
export function ConfidenceDetail({
  event,
  runLanguage,
}: {
  event: EventOf<"CONFIDENCE", "complete">
  runLanguage?: Locale
}) {
  const { t, locale: uiLocale } = useI18n()
  const locale = runLanguage ?? uiLocale
  const d = event.data
  const drivers = d.interactiveDrivers ?? []
  return (
    <>
      <p>
        <ConfidenceBadge payload={d} /> <span className="muted">{t(`evidence.${d.evidenceStrength}`)}</span>
      </p>
      {d.drivers.length > 0 && (
        <section>
          <h5>{t("cards.confidence.drivers")}</h5>
          <ul className="plain-list" data-testid="confidence-drivers">
            {d.drivers.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {d.wouldBeLowerIf && d.wouldBeLowerIf.length > 0 && (
        <section>
          <h5>{t("cards.confidence.lowerIf")}</h5>
          <ul className="plain-list">
            {d.wouldBeLowerIf.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {drivers.length > 0 && (
        <section>
          <h5>{t("cards.confidence.decisive")}</h5>
          <ul className="plain-list" data-testid="confidence-interactive-drivers">
            {drivers.map((driver) => (
              <li key={driver.id}>
                <span aria-hidden="true">{driver.currentValue ? "✓ " : "✕ "}</span>
                {driver.label}{" "}
                <span className="muted">({formatFactValue(driver.factPath, driver.factValue, locale)})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

import type { RiskTier, TerminalOutcome } from "../../src-shared/events/stages"
import type { TraceStatus } from "../../src-shared/traces"
import { useI18n } from "../i18n/i18n-context"

// Small coloured labels for outcomes, run status and risk tiers (text always says what the colour means).

export function OutcomeBadge({ outcome }: { outcome: TerminalOutcome }) {
  const { t } = useI18n()
  return (
    <span className={`badge badge-outcome-${outcome}`} data-testid="badge-outcome" data-outcome={outcome}>
      {t(`outcome.${outcome}`)}
    </span>
  )
}

export function StatusBadge({ status }: { status: TraceStatus }) {
  const { t } = useI18n()
  return (
    <span className={`badge badge-status-${status}`} data-testid="badge-status" data-status={status}>
      {t(`traceStatus.${status}`)}
    </span>
  )
}

export function TierBadge({ tier }: { tier: RiskTier }) {
  const { t } = useI18n()
  return (
    <span className={`badge badge-tier badge-tier-${tier}`} data-testid="badge-tier">
      {t(`tier.${tier}`)}
    </span>
  )
}

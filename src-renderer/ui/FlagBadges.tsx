import type { FlagKind, FlagStatus } from "../../src-shared/flags"
import { useI18n } from "../i18n/i18n-context"

// A flag's kind and status as small labels (the answer card's report line and the review queue).

export function FlagStatusBadge({ status }: { status: FlagStatus }) {
  const { t } = useI18n()
  return (
    <span className={`badge badge-flag-${status}`} data-testid="flag-status" data-status={status}>
      {t(`flag.status.${status}`)}
    </span>
  )
}

export function FlagKindBadge({ kind }: { kind: FlagKind }) {
  const { t } = useI18n()
  return (
    <span className={`badge badge-flag-kind-${kind}`} data-testid="flag-kind" data-kind={kind}>
      {t(`flag.kind.${kind}`)}
    </span>
  )
}

import type { Finding } from "../../../src-shared/einvoice"
import type { MessageKey } from "../../i18n/catalog"
import { useI18n } from "../../i18n/i18n-context"

// One finding of an e-invoice audit: its severity, the field (its XML path and EN 16931 business
// term) and the rule it cites (an EN 16931 rule, a rule of the pack with its legal basis, or an act).

const SEVERITY_KEYS = {
  error: "documents.severity.error",
  warning: "documents.severity.warning",
  info: "documents.severity.info",
} as const satisfies Record<Finding["severity"], MessageKey>

export function FindingItem({ finding }: { finding: Finding }) {
  const { t, locale } = useI18n()
  const citation = finding.citation
  return (
    <li className={`audit-finding severity-${finding.severity}`} data-testid="audit-finding" data-code={finding.code} data-severity={finding.severity}>
      <span className={`badge badge-severity-${finding.severity}`}>{t(SEVERITY_KEYS[finding.severity])}</span>
      <p className="audit-message">{finding.message[locale]}</p>
      <dl className="audit-where">
        <dt>{t("documents.audit.field")}</dt>
        <dd>
          {finding.bt && <strong data-testid="audit-bt">{finding.bt}</strong>} <code>{finding.path}</code>
        </dd>
        {citation && (
          <>
            <dt>{t("documents.audit.rule")}</dt>
            <dd data-testid="audit-rule">
              <strong>{citation.ruleId}</strong>
              {citation.legalBasis && <span className="muted"> · {citation.legalBasis}</span>}
            </dd>
          </>
        )}
      </dl>
    </li>
  )
}

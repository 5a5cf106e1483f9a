import { useEffect, useRef } from "react"
import type { AuditFinding, DocumentAudit } from "../../../src-shared/documents"
import type { MessageKey } from "../../i18n/catalog"
import { useI18n } from "../../i18n/i18n-context"

// An e-invoice's audit: a verdict line, then each finding with its severity, the field (its XML
// path and EN 16931 business term) and the rule it cites (an EN 16931 rule, a rule of the pack with
// its legal basis, or an act). Errors come first, as the audit orders them.

export function AuditPanel({ audit, onClose }: { audit: DocumentAudit; onClose: () => void }) {
  const { t } = useI18n()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const errors = audit.findings.filter((f) => f.severity === "error").length
  useEffect(() => headingRef.current?.focus(), [audit])
  return (
    <section className="audit-panel" aria-labelledby="audit-heading" data-testid="audit-panel">
      <header className="section-head">
        <h2 id="audit-heading" tabIndex={-1} ref={headingRef}>
          {t("documents.audit.title", { number: audit.invoiceNumber ?? "—", title: audit.document.title })}
        </h2>
        <button type="button" className="button-quiet" onClick={onClose} data-testid="audit-close">
          {t("documents.audit.close")}
        </button>
      </header>
      <p className={errors === 0 ? "notice notice-info" : "notice notice-error"} data-testid="audit-verdict">
        {errors === 0 ? t("documents.audit.clean") : t("documents.audit.errors", { errors, count: audit.findings.length })}
      </p>
      <p className="muted">{t("documents.audit.pack", { id: audit.pack.id, version: audit.pack.version })}</p>
      {audit.findings.length > 0 && (
        <ol className="audit-findings">
          {audit.findings.map((finding, i) => (
            <FindingItem key={`${finding.code}-${finding.path}-${i}`} finding={finding} />
          ))}
        </ol>
      )}
    </section>
  )
}

const SEVERITY_KEYS = {
  error: "documents.severity.error",
  warning: "documents.severity.warning",
  info: "documents.severity.info",
} as const satisfies Record<AuditFinding["severity"], MessageKey>

function FindingItem({ finding }: { finding: AuditFinding }) {
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

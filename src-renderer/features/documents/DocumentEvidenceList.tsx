import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { DocumentEvidence, DocumentFact } from "../../../src-shared/run-documents"
import type { MessageKey } from "../../i18n/catalog"
import { useI18n } from "../../i18n/i18n-context"
import { FindingItem } from "./FindingItem"
import "./documents.css"

// The citations of an answer from the client's documents (issue 22): in place of the rule
// citations such an answer does not have, each document it rests on (its title and the start of
// its SHA-256, so an accountant can match the file) with the fields it read, each with its EN 16931
// term and the value as the document writes it; an audit adds its findings, each with its rule.

/** Whether the answer rests on documents (then this list replaces "Rules applied: 0"). */
export function restsOnDocuments(payload: FinalAnswerPayload): boolean {
  return payload.documentEvidence !== undefined && payload.documentEvidence.length > 0
}

export function DocumentEvidenceList({ payload }: { payload: FinalAnswerPayload }) {
  const { t } = useI18n()
  const evidence = payload.documentEvidence ?? []
  if (evidence.length === 0) return null
  return (
    <section className="citations document-evidence" aria-labelledby="document-evidence-heading" data-testid="answer-document-evidence">
      <h4 id="document-evidence-heading">{t("documents.evidence.title")}</h4>
      <ol>
        {evidence.map((document) => (
          <EvidenceItem key={document.documentId} document={document} />
        ))}
      </ol>
      {payload.documentFindings !== undefined && payload.documentFindings.length > 0 && (
        <>
          <h4>{t("documents.evidence.findings")}</h4>
          <ol className="audit-findings">
            {payload.documentFindings.map((finding, i) => (
              <FindingItem key={`${finding.code}-${finding.path}-${i}`} finding={finding} />
            ))}
          </ol>
        </>
      )}
    </section>
  )
}

function EvidenceItem({ document }: { document: DocumentEvidence }) {
  const { t } = useI18n()
  return (
    <li className="citation" data-testid="document-citation" data-document-id={document.documentId}>
      <div className="citation-meta">
        <span className="citation-source">{document.title}</span>
        <code data-testid="document-citation-hash">{t("documents.evidence.hash", { hash: document.contentHash.slice(0, 12) })}</code>
      </div>
      {document.facts.length === 0 ? (
        <p className="muted">{t("documents.evidence.noFields")}</p>
      ) : (
        <dl className="document-facts">
          {document.facts.map((fact) => (
            <div key={`${fact.path}-${fact.field}`} data-testid="document-citation-fact" data-field={fact.field}>
              <dt>
                {t(factKey(fact), { line: fact.line ?? 1 })}
                {fact.bt !== undefined && <span className="muted"> · {fact.bt}</span>}
              </dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
}

function factKey(fact: DocumentFact): MessageKey {
  return `documents.fact.${fact.field}`
}

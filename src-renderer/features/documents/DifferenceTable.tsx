import type { Difference } from "../../../src-shared/einvoice"
import { comparedFieldName } from "../../../src-shared/document-fields"
import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import { useI18n } from "../../i18n/i18n-context"

// A comparison's differences on the answer card (issue 22, seed 002's Compare): one row per field
// that differs, named as the card and the paper name fields (src-shared/document-fields.ts) with
// its EN 16931 term, the value in A and in B as the documents write them, and whether it matters
// for tax; those that do are marked, so a changed OIB or VAT amount stands out from a due date.
// Fields that are the same are not listed; the note above the table says so (the counts are the
// answer's head line just above it).

export function DifferenceTable({ payload }: { payload: FinalAnswerPayload }) {
  const { t } = useI18n()
  const differences = payload.documentDifferences ?? []
  if (differences.length === 0) return null
  const [a, b] = payload.documentEvidence ?? []
  return (
    <section className="document-differences" aria-labelledby="document-differences-heading" data-testid="document-differences">
      <h4 id="document-differences-heading">{t("documents.differences.title")}</h4>
      <p className="muted" data-testid="document-differences-summary">
        {t("documents.differences.summary")}
      </p>
      <div className="document-differences-wrap">
        <table className="document-differences-table">
          <thead>
            <tr>
              <th scope="col">{t("documents.differences.field")}</th>
              <th scope="col">{t("documents.differences.a", { title: a?.title ?? "" })}</th>
              <th scope="col">{t("documents.differences.b", { title: b?.title ?? "" })}</th>
              <th scope="col">{t("documents.differences.tax")}</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((difference, i) => (
              <DifferenceRow key={`${difference.field}-${i}`} difference={difference} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function DifferenceRow({ difference }: { difference: Difference }) {
  const { t, locale } = useI18n()
  const relevant = difference.taxRelevant === true
  const missing = <span className="muted">{t("documents.differences.missing")}</span>
  return (
    <tr className={relevant ? "is-tax-relevant" : undefined} data-testid="document-difference" data-field={difference.field} data-tax={relevant}>
      <th scope="row">
        {comparedFieldName(difference.field, locale)}
        {difference.bt !== undefined && <span className="muted"> · {difference.bt}</span>}
      </th>
      <td>{difference.a ?? missing}</td>
      <td>{difference.b ?? missing}</td>
      <td>
        {relevant ? (
          <span className="badge badge-tax">{t("documents.differences.yes")}</span>
        ) : (
          <span className="muted">{t("documents.differences.no")}</span>
        )}
      </td>
    </tr>
  )
}

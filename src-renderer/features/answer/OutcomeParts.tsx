import { Link } from "@tanstack/react-router"
import type {
  ConditionalAnswerPayload,
  ConflictWarning,
  ErrorPayload,
  RefusalPayload,
} from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"
import { useI18n } from "../../i18n/i18n-context"
import { capitalize, factLabel } from "../../reasoning/explain"
import { controlFor, type SuppliedFact } from "./missing-facts"
import { SupplyFacts } from "./SupplyFacts"
import { lowerFirst } from "../../../src-shared/format/text"

// The parts that set the outcomes apart: conflict warnings (QUALIFIED_ANSWER), branches
// (CONDITIONAL_ANSWER), the refusal's reason and next steps, and the error's apology.

export function ConflictWarnings({ warnings }: { warnings: readonly ConflictWarning[] }) {
  const { t } = useI18n()
  return (
    <div className="conflict-warnings">
      {warnings.map((w, i) => (
        <section
          key={i}
          className="conflict-warning"
          role="note"
          aria-label={t("qualified.title")}
          data-testid="conflict-warning"
        >
          <h4>
            <span aria-hidden="true">⚠ </span>
            {t("qualified.title")}
          </h4>
          <p className="conflict-description">{w.description}</p>
          <dl className="conflict-sides">
            <dt>{t("qualified.says", { source: w.sourceA.name })}</dt>
            <dd data-testid="conflict-source-a">{w.sourceA.says}</dd>
            <dt>{t("qualified.says", { source: w.sourceB.name })}</dt>
            <dd data-testid="conflict-source-b">{w.sourceB.says}</dd>
            {w.practicalResolution && (
              <>
                <dt>{t("qualified.resolution")}</dt>
                <dd data-testid="conflict-resolution">{w.practicalResolution}</dd>
              </>
            )}
          </dl>
        </section>
      ))}
    </div>
  )
}

/** The missing facts by their names ("Godine staža"), not the pack's dimension ids: each
 *  branch says which fact path its dimension stands for. */
function missingFactNames(payload: ConditionalAnswerPayload, locale: Locale): string {
  return payload.missingDimensions
    .map((dimension) => {
      // The pack's name for it where the branch carries one ("Bruto plaća", not "Iznos iz pitanja").
      const branch = payload.branches.find((b) => b.dimension === dimension)
      return branch === undefined ? dimension : branch.factName !== undefined ? lowerFirst(branch.factName) : factLabel(branch.factPath, locale)
    })
    .join(", ")
}

export function ConditionalBranches({ payload }: { payload: ConditionalAnswerPayload }) {
  const { t, locale } = useI18n()
  return (
    <section className="conditional" data-testid="conditional-branches">
      <h4>{t("conditional.title")}</h4>
      <p className="muted" data-testid="conditional-missing">
        {t("conditional.missing", { facts: missingFactNames(payload, locale) })}
      </p>
      {/* A single possibility is the headline itself: listing it again would say it twice. */}
      {payload.branches.length > 1 && (
        <ul className="branches">
          {payload.branches.map((b, i) => (
            <li key={i} className="branch" data-testid="conditional-branch">
              <p className="branch-condition">{b.condition}</p>
              <p className="branch-answer">{b.answer}</p>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{t("conditional.fix")}</p>
    </section>
  )
}

/**
 * A refusal's next steps and detail without the lines that only name the missing facts again
 * ("Promet" and "Navedite: Promet"): the facts section below names each once, with its control.
 */
export function refusalLines(payload: RefusalPayload): { detail: string | undefined; nextSteps: string[] } {
  const fields = payload.requiredFields ?? []
  const detail = payload.detail
  if (fields.length === 0 || detail === undefined) return { detail, nextSteps: payload.nextSteps }
  // The engine's detail is the facts' names when it has nothing more to say (no sentence of its own).
  const onlyNames = !/[.!?]$/.test(detail.trim()) && detail.split(", ").length === fields.length
  if (!onlyNames) return { detail, nextSteps: payload.nextSteps }
  return { detail: undefined, nextSteps: payload.nextSteps.filter((step) => !step.endsWith(`: ${detail}`)) }
}

export interface RefusalBodyProps {
  payload: RefusalPayload
  /** Asks the question again with the supplied facts; absent where no new run can start. */
  onSupply?: (facts: SuppliedFact[]) => Promise<void>
  /** The language the engine wrote the refusal in (its detail and steps). */
  textLanguage?: Locale
}

export function RefusalBody({ payload, onSupply, textLanguage }: RefusalBodyProps) {
  const { t } = useI18n()
  const fields = payload.requiredFields ?? []
  const { detail, nextSteps } = refusalLines(payload)
  return (
    <div className="refusal" data-testid="refusal">
      <p className="refusal-reason" data-testid="refusal-reason">
        {t(`refusal.reason.${payload.reason}`)}
      </p>
      {detail && (
        <p className="muted" lang={textLanguage}>
          {detail}
        </p>
      )}
      {fields.length > 0 && <RequiredFacts fields={fields} onSupply={onSupply} />}
      {nextSteps.length > 0 && (
        <section data-testid="refusal-next-steps">
          <h4>{t("refusal.nextSteps")}</h4>
          <ol lang={textLanguage}>
            {nextSteps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  )
}

/** The missing facts: those a question can carry with a control each, the others by name, then
 *  the way to the client profiles (where every fact can be kept). */
function RequiredFacts({
  fields,
  onSupply,
}: {
  fields: readonly string[]
  onSupply?: RefusalBodyProps["onSupply"]
}) {
  const { t, locale } = useI18n()
  const suppliable = onSupply ? fields.filter((path) => controlFor(path) !== null) : []
  const profileOnly = fields.filter((path) => !suppliable.includes(path))
  return (
    <section className="refusal-facts" data-testid="refusal-required-fields">
      <h4>{t("refusal.requiredFields")}</h4>
      {onSupply && suppliable.length > 0 && <SupplyFacts paths={suppliable} onSupply={onSupply} />}
      {profileOnly.length > 0 && (
        <ul>
          {profileOnly.map((path) => (
            <li key={path}>{capitalize(factLabel(path, locale))}</li>
          ))}
        </ul>
      )}
      {fields.some((path) => path !== "asOf" && !path.startsWith("query.")) && (
        <Link to="/clients" className="button-link" data-testid="refusal-open-clients">
          {t("refusal.openClients")}
        </Link>
      )}
    </section>
  )
}

export function ErrorBody({ payload, onRetry }: { payload: ErrorPayload; onRetry?: () => void }) {
  const { t } = useI18n()
  return (
    <div className="error-body" data-testid="error">
      <p>{t(`error.code.${payload.code}`)}</p>
      {payload.message && <p className="muted">{payload.message}</p>}
      {payload.failedStage && (
        <p className="muted">{t("error.failedStage", { stage: t(`stage.${payload.failedStage}`) })}</p>
      )}
      <p className="correlation">
        {t("error.correlation", { id: "" })}
        <code data-testid="error-correlation-id">{payload.correlationId}</code>
      </p>
      {payload.retriable && onRetry ? (
        <button type="button" onClick={onRetry} data-testid="error-retry">
          {t("common.retry")}
        </button>
      ) : (
        !payload.retriable && <p className="muted">{t("error.notRetriable")}</p>
      )}
    </div>
  )
}

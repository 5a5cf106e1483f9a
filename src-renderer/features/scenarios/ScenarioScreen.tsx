import { Link, useParams } from "@tanstack/react-router"
import type { TerminalEvent } from "../../../src-shared/events/event"
import { isTerminal } from "../../../src-shared/events/event"
import type { Scenario, ScenarioDetail } from "../../../src-shared/whatif"
import { AnswerCard } from "../answer/AnswerCard"
import { formatDateTime } from "../../format/dates"
import { Comparison } from "../whatif/Comparison"
import { HypotheticalBanner } from "../whatif/HypotheticalBanner"
import { useI18n } from "../../i18n/i18n-context"
import { ScenarioActions } from "./ScenarioActions"
import { useScenarioDetail } from "./use-scenario-detail"
import "../whatif/whatif.css"
import "./scenarios.css"

// One saved scenario, exactly as saved: its two stored traces' answers side by side and the diff
// stored with it (nothing is recomputed; this works offline). Rename, duplicate, delete (hidden,
// audited) and the explicit re-check against the current rule pack.

export function ScenarioScreen() {
  const params = useParams({ strict: false })
  const id = typeof params.id === "string" ? params.id : ""
  return <ScenarioView key={id} id={id} />
}

function ScenarioView({ id }: { id: string }) {
  const { t } = useI18n()
  const { detail, setDetail, missing, error } = useScenarioDetail(id)

  if (missing)
    return (
      <section className="screen" data-testid="scenario-missing">
        <Link to="/scenarios" className="back-link">
          ← {t("scenarios.back")}
        </Link>
        <p className="notice notice-error" role="alert">
          {t("scenario.notFound")}
        </p>
      </section>
    )
  if (!detail)
    return <section className="screen">{error && <p className="notice notice-error">{error}</p>}</section>
  return (
    <section
      className="screen scenario-screen"
      aria-labelledby="scenario-heading"
      data-testid="scenario-screen"
      data-scenario-id={detail.scenario.id}
    >
      <ScenarioHeader scenario={detail.scenario} />
      <HypotheticalBanner baseRequestId={null} />
      <Comparison diff={detail.diff} testId="scenario-comparison" />
      <ScenarioAnswers detail={detail} />
      <ScenarioActions id={id} detail={detail} onChange={setDetail} />
      {detail.rechecks.length > 0 && <ScenarioRechecks rechecks={detail.rechecks} />}
    </section>
  )
}

/** The way back, the scenario's name, when it was saved, its notes, question and changed facts. */
function ScenarioHeader({ scenario }: { scenario: Scenario }) {
  const { t, locale } = useI18n()
  return (
    <>
      <Link to="/scenarios" className="back-link" data-testid="scenario-back">
        ← {t("scenarios.back")}
      </Link>
      <header className="screen-head">
        <h1 id="scenario-heading" data-testid="scenario-name">
          {scenario.name}
        </h1>
      </header>
      <p className="muted">
        {t("scenarios.created", { date: formatDateTime(scenario.createdAt, locale) })} ·{" "}
        {t("scenario.asSaved")}
      </p>
      {scenario.notes && <p data-testid="scenario-notes">{scenario.notes}</p>}
      <p>
        <strong>{t("scenario.question")}:</strong>{" "}
        <span data-testid="scenario-question">{scenario.question}</span>
      </p>
      <p>
        <strong>{t("scenario.changes")}:</strong>{" "}
        {scenario.applied
          .map((c) => `${c.label[locale]}: ${c.fromText[locale]} → ${c.toText[locale]}`)
          .join("; ")}
      </p>
    </>
  )
}

function terminalOf(events: ScenarioDetail["base"]["events"]): TerminalEvent | undefined {
  return events.find(isTerminal)
}

/** The two stored answers side by side: the original run's and the hypothetical one's. */
function ScenarioAnswers({ detail }: { detail: ScenarioDetail }) {
  const { t } = useI18n()
  const { scenario } = detail
  const baseTerminal = terminalOf(detail.base.events)
  const resultTerminal = terminalOf(detail.result.events)
  return (
    <div className="whatif-columns scenario-answers">
      <div data-testid="scenario-base-answer">
        <h3>
          <Link to="/trace/$requestId" params={{ requestId: scenario.baseRequestId }}>
            {t("scenario.openBase")}
          </Link>
        </h3>
        {baseTerminal && <AnswerCard terminal={baseTerminal} />}
      </div>
      <div className="is-hypothetical" data-testid="scenario-result-answer">
        <h3>
          <Link to="/trace/$requestId" params={{ requestId: scenario.resultRequestId }}>
            {t("scenario.openResult")}
          </Link>{" "}
          <span className="badge badge-hypothetical">{t("whatif.banner.hypothetical")}</span>
        </h3>
        {resultTerminal && <AnswerCard terminal={resultTerminal} />}
      </div>
    </div>
  )
}

/** Every re-check against the rule pack of its day: the saved result beside the re-checked one. */
function ScenarioRechecks({ rechecks }: { rechecks: ScenarioDetail["rechecks"] }) {
  const { t, locale } = useI18n()
  return (
    <section className="scenario-rechecks" data-testid="scenario-rechecks">
      <h3>{t("scenario.rechecks")}</h3>
      {rechecks.map((r) => (
        <div key={r.id} className="scenario-recheck" data-testid="scenario-recheck-item">
          <p className="muted">
            {formatDateTime(r.createdAt, locale)} ·{" "}
            {t("scenario.recheckPack", {
              version: r.packVersion,
              changed: r.packChanged ? t("scenario.packChanged") : "",
            })}
          </p>
          <Comparison
            diff={r.diff}
            leftTitle={t("scenario.savedResult")}
            rightTitle={t("scenario.recheckedResult")}
            testId="scenario-recheck-comparison"
          />
        </div>
      ))}
    </section>
  )
}

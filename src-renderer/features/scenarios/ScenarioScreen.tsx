import { Link, useNavigate, useParams } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import type { TerminalEvent } from "../../../src-shared/events/event"
import { isTerminal } from "../../../src-shared/events/event"
import type { ScenarioDetail } from "../../../src-shared/whatif"
import { AnswerCard } from "../../answer/AnswerCard"
import { ApiError, call } from "../../api/client"
import { formatDateTime } from "../../format/dates"
import { useStores } from "../../state/stores"
import { Comparison } from "../whatif/Comparison"
import { HypotheticalBanner } from "../whatif/HypotheticalBanner"
import { ScenarioTextFields } from "./ScenarioTextFields"
import { useI18n } from "../../i18n/i18n-context"
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
  const { t, locale } = useI18n()
  const { api } = useStores()
  const navigate = useNavigate()
  const [detail, setDetail] = useState<ScenarioDetail | null>(null)
  const [missing, setMissing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState("")
  const [notes, setNotes] = useState("")

  useEffect(() => {
    call("getScenario", { id }, api).then(
      (d) => {
        setDetail(d)
        setName(d.scenario.name)
        setNotes(d.scenario.notes)
      },
      (e: unknown) => {
        if (e instanceof ApiError && e.code === "NOT_FOUND") setMissing(true)
        else setError(e instanceof Error ? e.message : String(e))
      },
    )
  }, [api, id])

  const act = async (body: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await body()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

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
  const { scenario } = detail
  const terminalOf = (events: ScenarioDetail["base"]["events"]): TerminalEvent | undefined =>
    events.find(isTerminal)
  const baseTerminal = terminalOf(detail.base.events)
  const resultTerminal = terminalOf(detail.result.events)

  return (
    <section
      className="screen scenario-screen"
      aria-labelledby="scenario-heading"
      data-testid="scenario-screen"
      data-scenario-id={scenario.id}
    >
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
      <HypotheticalBanner baseRequestId={null} />
      <Comparison diff={detail.diff} testId="scenario-comparison" />
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
      <form
        className="scenario-rename"
        onSubmit={(e) => {
          e.preventDefault()
          void act(async () => {
            const renamed = await call("renameScenario", { id, name, notes }, api)
            setDetail({ ...detail, scenario: renamed })
          })
        }}
      >
        <h3>{t("scenario.rename")}</h3>
        <ScenarioTextFields
          name={name}
          notes={notes}
          onNameChange={setName}
          onNotesChange={setNotes}
          ids={{ name: "scenario-name-input", notes: "scenario-notes-input" }}
        />
        <div className="form-actions">
          <button
            type="submit"
            className="button-primary"
            disabled={busy || name.trim() === ""}
            data-testid="scenario-rename"
          >
            {t("scenario.saveName")}
          </button>
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            data-testid="scenario-duplicate"
            onClick={() =>
              void act(async () => {
                const copy = await call("duplicateScenario", { id }, api)
                await navigate({ to: "/scenarios/$id", params: { id: copy.id } })
              })
            }
          >
            {t("scenario.duplicate")}
          </button>
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            data-testid="scenario-delete"
            onClick={() => {
              if (!window.confirm(t("scenario.confirmDelete", { name: scenario.name }))) return
              void act(async () => {
                await call("deleteScenario", { id }, api)
                await navigate({ to: "/scenarios" })
              })
            }}
          >
            {t("scenario.delete")}
          </button>
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            data-testid="scenario-recheck"
            onClick={() =>
              void act(async () => {
                const result = await call("recheckScenario", { id }, api)
                setDetail({
                  ...detail,
                  scenario: result.scenario,
                  rechecks: [...detail.rechecks, result.recheck],
                })
              })
            }
          >
            {busy ? t("scenario.rechecking") : t("scenario.recheck")}
          </button>
        </div>
      </form>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {detail.rechecks.length > 0 && (
        <section className="scenario-rechecks" data-testid="scenario-rechecks">
          <h3>{t("scenario.rechecks")}</h3>
          {detail.rechecks.map((r) => (
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
      )}
    </section>
  )
}

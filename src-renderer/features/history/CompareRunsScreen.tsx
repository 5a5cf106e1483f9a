import { Link, useParams } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import type { TraceDetail } from "../../../src-shared/traces"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useClients, useStores } from "../../state/stores"
import { compareRuns, runParts, type ComparedRow } from "./compare-runs"
import "./history.css"

// Two runs ticked in the history, side by side: each part on one row, the rows that differ
// marked in words (not by colour alone), and the lines found on one side only marked too.

export function CompareRunsScreen() {
  const params = useParams({ strict: false })
  const a = typeof params.a === "string" ? params.a : ""
  const b = typeof params.b === "string" ? params.b : ""
  const { t, locale } = useI18n()
  const { api } = useStores()
  const { clients } = useClients()
  const [details, setDetails] = useState<[TraceDetail, TraceDetail] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    Promise.all([call("traces.get", { requestId: a }, api), call("traces.get", { requestId: b }, api)]).then(
      ([first, second]) => setDetails([first, second]),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    )
  }, [api, a, b])
  const clientName = (id: string | null) => (id ? (clients.find((c) => c.id === id)?.name ?? id) : "")
  const rows = details ? compareRuns(runParts(details[0], clientName, t, locale), runParts(details[1], clientName, t, locale)) : null
  return (
    <section className="screen compare-runs-screen" aria-labelledby="compare-runs-heading" data-testid="compare-runs-screen">
      <Link to="/history" className="back-link">
        ← {t("trace.back")}
      </Link>
      <header className="screen-head">
        <h1 id="compare-runs-heading">{t("compare.title")}</h1>
      </header>
      {error && (
        <p className="notice notice-error" role="alert" data-testid="compare-runs-error">
          {t("common.failed", { message: error })}
        </p>
      )}
      {!rows && !error && <p className="muted">{t("common.loading")}</p>}
      {rows && <ComparisonTable rows={rows} a={a} b={b} />}
    </section>
  )
}

function ComparisonTable({ rows, a, b }: { rows: readonly ComparedRow[]; a: string; b: string }) {
  const { t } = useI18n()
  const differing = rows.filter((row) => row.differs).length
  return (
    <>
      <p className="compare-runs-summary" data-testid="compare-runs-summary">
        {t("compare.summary", { count: differing, total: rows.length })}
      </p>
      <div className="history-table-wrap">
        <table className="compare-runs-table" data-testid="compare-runs-table">
          <thead>
            <tr>
              <th scope="col">{t("compare.field")}</th>
              <th scope="col">
                {t("compare.first")} ·{" "}
                <Link to="/trace/$requestId" params={{ requestId: a }}>
                  {t("compare.open")}
                </Link>
              </th>
              <th scope="col">
                {t("compare.second")} ·{" "}
                <Link to="/trace/$requestId" params={{ requestId: b }}>
                  {t("compare.open")}
                </Link>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.part} className={row.differs ? "compare-differs" : undefined} data-testid={`compare-row-${row.part}`} data-differs={row.differs}>
                <th scope="row">
                  {t(`compare.${row.part}`)}
                  <span className={row.differs ? "badge badge-flag-open compare-mark" : "compare-same"}>
                    {t(row.differs ? "compare.differs" : "compare.same")}
                  </span>
                </th>
                <td>
                  <Lines lines={row.first} />
                </td>
                <td>
                  <Lines lines={row.second} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

function Lines({ lines }: { lines: ComparedRow["first"] }) {
  const { t } = useI18n()
  if (lines.length === 0) return <span className="muted">{t("compare.none")}</span>
  return (
    <ul className="compare-lines">
      {lines.map((item, i) => (
        <li key={i} className={item.onlyHere ? "compare-only-here" : undefined}>
          {item.onlyHere && <span className="sr-only">{t("compare.differs")}: </span>}
          {item.line}
        </li>
      ))}
    </ul>
  )
}

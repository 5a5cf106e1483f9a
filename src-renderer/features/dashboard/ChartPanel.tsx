import { useId, useState, type ReactNode } from "react"
import { useI18n } from "../../i18n/i18n-context"
import { downloadCsv, tableCsv } from "./csv-download"
import type { MetricTable } from "./dashboard-tables"

// One dashboard panel: a heading, the chart (described in words for screen readers, which read
// the numbers from the table instead of the drawing), a toggle that shows the same numbers as a
// table, and a CSV download of that table.

export interface ChartPanelProps {
  id: string
  title: string
  /** What the chart draws, in words (its accessible name). */
  summary: string
  table: MetricTable
  fileName: string
  controls?: ReactNode
  children: ReactNode
}

export function ChartPanel({ id, title, summary, table, fileName, controls, children }: ChartPanelProps) {
  const { t, locale } = useI18n()
  const [showTable, setShowTable] = useState(false)
  const tableId = useId()
  const headingId = `${id}-heading`
  return (
    <section className="dashboard-panel" aria-labelledby={headingId} data-testid={`dashboard-panel-${id}`}>
      <header className="dashboard-panel-head">
        <h2 id={headingId}>{title}</h2>
        <div className="dashboard-panel-actions">
          {controls}
          <button
            type="button"
            className="button-quiet"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
            data-testid={`dashboard-table-toggle-${id}`}
          >
            {t(showTable ? "dashboard.table.hide" : "dashboard.table.show")}
          </button>
          <button
            type="button"
            className="button-quiet"
            onClick={() => downloadCsv(`${fileName}.csv`, tableCsv(table, locale))}
            data-testid={`dashboard-csv-${id}`}
          >
            {t("dashboard.csv")}
          </button>
        </div>
      </header>
      <div className="dashboard-chart" role="img" aria-label={summary} data-testid={`dashboard-chart-${id}`}>
        {children}
      </div>
      <div id={tableId} hidden={!showTable}>
        {showTable && <NumbersTable table={table} caption={title} testId={`dashboard-table-${id}`} />}
      </div>
    </section>
  )
}

export function NumbersTable({ table, caption, testId }: { table: MetricTable; caption: string; testId: string }) {
  return (
    <div className="dashboard-table-wrap">
      <table className="dashboard-table" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell.text}
                  </th>
                ) : (
                  <td key={j}>{cell.text}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

import { Link, useParams } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import type { ScenarioComparison } from "../../../src-shared/whatif"
import { call } from "../../api/client"
import { useStores } from "../../state/stores"
import { Comparison } from "../whatif/Comparison"
import { useI18n } from "../../i18n/i18n-context"
import "../whatif/whatif.css"
import "./scenarios.css"

// Two saved scenarios side by side: the same diff, between their hypothetical results.

export function CompareScenariosScreen() {
  const params = useParams({ strict: false })
  const a = typeof params.a === "string" ? params.a : ""
  const b = typeof params.b === "string" ? params.b : ""
  const { t } = useI18n()
  const { api } = useStores()
  const [comparison, setComparison] = useState<ScenarioComparison | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    call("scenarios.compare", { a, b }, api).then(setComparison, (e: unknown) =>
      setError(e instanceof Error ? e.message : String(e)),
    )
  }, [api, a, b])
  return (
    <section
      className="screen"
      aria-labelledby="scenario-compare-heading"
      data-testid="scenario-compare-screen"
    >
      <Link to="/scenarios" className="back-link">
        ← {t("scenarios.back")}
      </Link>
      <header className="screen-head">
        <h1 id="scenario-compare-heading">{t("whatif.compare.title")}</h1>
      </header>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {comparison && (
        <>
          <p>
            <Link to="/scenarios/$id" params={{ id: comparison.a.id }}>
              {comparison.a.name}
            </Link>{" "}
            ⇄{" "}
            <Link to="/scenarios/$id" params={{ id: comparison.b.id }}>
              {comparison.b.name}
            </Link>
          </p>
          <Comparison
            diff={comparison.diff}
            leftTitle={comparison.a.name}
            rightTitle={comparison.b.name}
            testId="scenarios-comparison"
          />
        </>
      )}
    </section>
  )
}

import { useEffect, useRef, useState } from "react"
import { Link } from "@tanstack/react-router"
import type { HistoryItem } from "../../../src-shared/traces"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useClients, useStores } from "../../state/stores"
import { HistoryFilterBar } from "./HistoryFilters"
import { HistoryTable } from "./HistoryTable"
import { NO_FILTERS, toPageRequest, type HistoryFilters } from "./history-query"
import "./history.css"

// Every stored run, newest first, with filters, search and keyset paging ("Load more"); two
// runs ticked in the list open side by side.

const SEARCH_DELAY_MS = 250

interface PageState {
  items: HistoryItem[]
  nextCursor: string | null
  loading: boolean
  error: string | null
}

export function HistoryScreen() {
  const { t } = useI18n()
  const { clients } = useClients()
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS)
  const { page, loadMore } = useHistoryPages(filters)
  const [selected, setSelected] = useState<string[]>([])
  const toggle = (requestId: string) =>
    setSelected((now) => (now.includes(requestId) ? now.filter((id) => id !== requestId) : [...now, requestId].slice(-2)))

  return (
    <section className="screen history-screen" aria-labelledby="history-heading">
      <header className="screen-head">
        <h1 id="history-heading">{t("history.title")}</h1>
      </header>
      <HistoryFilterBar value={filters} clients={clients} onChange={setFilters} />
      {page.error && (
        <p className="notice notice-error" role="alert" data-testid="history-error">
          {t("common.failed", { message: page.error })}
        </p>
      )}
      {!page.loading && page.items.length === 0 && !page.error ? (
        <p className="empty-state" data-testid="history-empty">
          {t("history.empty")}
        </p>
      ) : (
        <HistoryTable items={page.items} clients={clients} selected={selected} onToggle={toggle} />
      )}
      <CompareBar selected={selected} />
      <div className="history-foot">
        <span className="muted" aria-live="polite" data-testid="history-count">
          {page.loading ? t("common.loading") : t("history.count", { count: page.items.length })}
        </span>
        {page.nextCursor && (
          <button
            type="button"
            onClick={() => void loadMore()}
            disabled={page.loading}
            data-testid="history-load-more"
          >
            {t("history.loadMore")}
          </button>
        )}
      </div>
    </section>
  )
}

/** Two ticked runs open side by side; until then the bar says how to get there. */
function CompareBar({ selected }: { selected: readonly string[] }) {
  const { t } = useI18n()
  const [a, b] = selected
  return (
    <div className="history-compare" aria-live="polite" data-testid="history-compare-bar">
      {a !== undefined && b !== undefined ? (
        <Link to="/history/compare/$a/$b" params={{ a, b }} className="button-link button-primary" data-testid="history-compare">
          {t("history.compare", { count: 2 })}
        </Link>
      ) : (
        <span className="muted">
          {t("history.compare.hint")} ({t("history.compare", { count: selected.length })})
        </span>
      )}
    </div>
  )
}

/** The runs that match the filters, a page at a time; typing in the search waits a moment. */
function useHistoryPages(filters: HistoryFilters) {
  const { api } = useStores()
  const [page, setPage] = useState<PageState>({ items: [], nextCursor: null, loading: true, error: null })
  // Answers to an older filter arriving late must not overwrite the current list.
  const generation = useRef(0)

  useEffect(() => {
    const mine = ++generation.current
    const timer = setTimeout(
      () => {
        setPage((p) => ({ ...p, loading: true, error: null }))
        call("traces.list", toPageRequest(filters, null), api).then(
          (result) => {
            if (generation.current === mine)
              setPage({ items: result.items, nextCursor: result.nextCursor, loading: false, error: null })
          },
          (e: unknown) => {
            if (generation.current === mine)
              setPage({
                items: [],
                nextCursor: null,
                loading: false,
                error: String(e instanceof Error ? e.message : e),
              })
          },
        )
      },
      filters.search ? SEARCH_DELAY_MS : 0,
    )
    return () => clearTimeout(timer)
  }, [filters, api])

  async function loadMore() {
    if (!page.nextCursor) return
    const mine = generation.current
    setPage((p) => ({ ...p, loading: true }))
    try {
      const result = await call("traces.list", toPageRequest(filters, page.nextCursor), api)
      if (generation.current === mine) {
        setPage((p) => ({
          items: [...p.items, ...result.items],
          nextCursor: result.nextCursor,
          loading: false,
          error: null,
        }))
      }
    } catch (e) {
      if (generation.current === mine)
        setPage((p) => ({ ...p, loading: false, error: e instanceof Error ? e.message : String(e) }))
    }
  }

  return { page, loadMore }
}

import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { useI18n } from "../../i18n/i18n-context"
import { useClients } from "../../state/stores"
import { ThreadRow } from "./ThreadRow"
import { useThreadList } from "./use-thread-list"
import "./threads.css"

// The threads (route /threads): search, a client filter, and a new thread for the chosen client.
// A deleted thread's message stays above the list (its runs are still in the history).

const ALL = ""

export function ThreadsScreen() {
  const { t } = useI18n()
  const { clients } = useClients()
  const navigate = useNavigate()
  const [search, setSearch] = useState("")
  const [clientId, setClientId] = useState(ALL)
  const list = useThreadList(search)
  const shown = clientId === ALL ? list.threads : list.threads.filter((thread) => thread.clientId === clientId)
  const nameOf = (id: string | null) => (id === null ? null : (clients.find((c) => c.id === id)?.name ?? id))

  async function startThread() {
    const thread = await list.create(clientId === ALL ? null : clientId)
    await navigate({ to: "/threads/$id", params: { id: thread.id } })
  }

  return (
    <section className="screen threads-screen" aria-labelledby="threads-heading">
      <header className="screen-head">
        <h1 id="threads-heading">{t("threads.title")}</h1>
        <button type="button" className="button-primary" onClick={() => void startThread()} data-testid="thread-new">
          {t("threads.new")}
        </button>
      </header>
      <div className="filters" role="search">
        <label className="filter filter-search">
          <span>{t("threads.search.label")}</span>
          <input
            type="search"
            value={search}
            placeholder={t("threads.search.placeholder")}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="threads-search"
          />
        </label>
        <label className="filter filter-client">
          <span>{t("threads.filter.client")}</span>
          <select value={clientId} onChange={(e) => setClientId(e.target.value)} data-testid="threads-client">
            <option value={ALL}>{t("threads.filter.all")}</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.notice && (
        <p className="notice notice-info" role="status" data-testid="threads-notice">
          {list.notice}
        </p>
      )}
      {list.error && (
        <p className="notice notice-error" role="alert">
          {t("common.failed", { message: list.error })}
        </p>
      )}
      {!list.loading && shown.length === 0 ? (
        <p className="empty-state" data-testid="threads-empty">
          {search === "" && clientId === ALL ? t("threads.empty") : t("threads.none")}
        </p>
      ) : (
        <ul className="thread-list" data-testid="thread-list">
          {shown.map((thread) => (
            <ThreadRow
              key={thread.id}
              thread={thread}
              clientName={nameOf(thread.clientId)}
              onRename={(title) => list.rename(thread.id, title)}
              onDelete={() => list.remove(thread.id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

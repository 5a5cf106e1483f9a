import { Link } from "@tanstack/react-router"
import { useState, type FormEvent } from "react"
import { ThreadTitle, type Thread } from "../../../src-shared/threads"
import { formatDateTime } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"

// One thread in the list: its title (a link), client, number of questions and last activity;
// rename in place, and delete after a confirmation that says the runs stay.

export interface ThreadRowProps {
  thread: Thread
  clientName: string | null
  onRename: (title: string) => Promise<void>
  onDelete: () => Promise<void>
}

export function ThreadRow({ thread, clientName, onRename, onDelete }: ThreadRowProps) {
  const { t, locale } = useI18n()
  const [mode, setMode] = useState<"view" | "rename" | "delete">("view")
  const [error, setError] = useState<string | null>(null)
  const title = thread.title === "" ? t("threads.new") : thread.title

  async function act(action: () => Promise<void>) {
    setError(null)
    try {
      await action()
      setMode("view")
    } catch (e) {
      setError(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    }
  }

  return (
    <li className="thread-row" data-testid="thread-row" data-thread-id={thread.id}>
      {mode === "rename" ? (
        <RenameForm initial={thread.title} onSave={(next) => void act(() => onRename(next))} onCancel={() => setMode("view")} />
      ) : (
        <Link to="/threads/$id" params={{ id: thread.id }} className="thread-row-title" data-testid="thread-open">
          {title}
        </Link>
      )}
      <span className="muted thread-row-meta">
        {clientName ?? t("threads.noClient")} · {t("threads.turns", { count: thread.turnCount })} ·{" "}
        {t("threads.updated", { date: formatDateTime(thread.updatedAt, locale) })}
      </span>
      {mode === "delete" ? (
        <span className="thread-row-confirm" role="group">
          <span>{t("threads.delete.confirm", { title })}</span>
          <button type="button" className="button-danger" onClick={() => void act(onDelete)} data-testid="thread-delete-yes">
            {t("threads.delete.yes")}
          </button>
          <button type="button" className="button-quiet" onClick={() => setMode("view")}>
            {t("threads.cancel")}
          </button>
        </span>
      ) : (
        mode === "view" && (
          <span className="thread-row-actions">
            <button type="button" className="button-quiet" onClick={() => setMode("rename")} data-testid="thread-rename">
              {t("threads.rename")}
            </button>
            <button type="button" className="button-quiet" onClick={() => setMode("delete")} data-testid="thread-delete">
              {t("threads.delete")}
            </button>
          </span>
        )
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}

function RenameForm({ initial, onSave, onCancel }: { initial: string; onSave: (title: string) => void; onCancel: () => void }) {
  const { t } = useI18n()
  const [title, setTitle] = useState(initial)
  const [invalid, setInvalid] = useState(false)
  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = ThreadTitle.safeParse(title)
    setInvalid(!parsed.success)
    if (parsed.success) onSave(parsed.data)
  }
  return (
    <form className="thread-rename row" onSubmit={submit}>
      <label className="sr-only" htmlFor="thread-rename-input">
        {t("threads.rename.label")}
      </label>
      <input
        id="thread-rename-input"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        aria-invalid={invalid}
        autoFocus
        onKeyDown={(e) => e.key === "Escape" && onCancel()}
        data-testid="thread-rename-input"
      />
      <button type="submit" data-testid="thread-rename-save">
        {t("threads.rename.save")}
      </button>
      <button type="button" className="button-quiet" onClick={onCancel}>
        {t("threads.cancel")}
      </button>
      {invalid && <span className="field-error">{t("validation.required")}</span>}
    </form>
  )
}

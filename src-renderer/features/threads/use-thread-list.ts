import { useCallback, useEffect, useRef, useState } from "react"
import { threadDeletedText, type Thread } from "../../../src-shared/threads"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"

// The threads, most recently active first: all, or those whose questions, answers or title have
// the words searched (the history's FTS5 index); renaming and deleting one. A deletion's message
// says that its runs stay in the history and how many of them are flagged.

const SEARCH_DELAY_MS = 250

export function useThreadList(search: string) {
  const { api } = useStores()
  const { locale } = useI18n()
  const [threads, setThreads] = useState<Thread[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const generation = useRef(0)

  const reload = useCallback(async () => {
    const mine = ++generation.current
    setLoading(true)
    try {
      const words = search.trim()
      const found = words === "" ? await call("threads.list", {}, api) : await call("threads.search", { text: words }, api)
      if (generation.current !== mine) return
      setThreads(found)
      setError(null)
    } catch (e) {
      if (generation.current === mine) setError(e instanceof Error ? e.message : String(e))
    } finally {
      if (generation.current === mine) setLoading(false)
    }
  }, [api, search])

  useEffect(() => {
    const timer = setTimeout(() => void reload(), search === "" ? 0 : SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [reload, search])

  async function rename(id: string, title: string) {
    await call("threads.rename", { id, title }, api)
    await reload()
  }

  async function remove(id: string) {
    const result = await call("threads.delete", { id }, api)
    setNotice(threadDeletedText(result, locale))
    await reload()
  }

  async function create(clientId: string | null): Promise<Thread> {
    return call("threads.create", clientId === null ? {} : { clientId }, api)
  }

  return { threads, loading, error, notice, rename, remove, create }
}

import { useCallback, useEffect, useRef, useState } from "react"
import type { DocumentSummary } from "../../../src-shared/documents"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { uploadDocument } from "./file-upload"

// One client's documents (null: the firm's own) and adding files to them, one at a time, each with
// its own line in the status: added, already there, or why not (in the user's language).

export interface AddStatus {
  name: string
  state: "adding" | "added" | "already" | "failed"
  text: string
}

export function useDocuments(clientId: string | null) {
  const { api } = useStores()
  const { t, locale } = useI18n()
  const [documents, setDocuments] = useState<DocumentSummary[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [statuses, setStatuses] = useState<AddStatus[]>([])
  const generation = useRef(0)

  const reload = useCallback(async () => {
    const mine = ++generation.current
    setLoading(true)
    try {
      const list = await call("documents.list", { clientId }, api)
      if (generation.current === mine) setDocuments(list)
      setError(null)
    } catch (e) {
      if (generation.current === mine) setError(e instanceof Error ? e.message : String(e))
    } finally {
      if (generation.current === mine) setLoading(false)
    }
  }, [api, clientId])

  useEffect(() => {
    setStatuses([])
    void reload()
  }, [reload])

  async function addOne(file: File): Promise<AddStatus> {
    const added = await uploadDocument(file, clientId, { api, t, locale })
    if ("failed" in added) return { name: file.name, state: "failed", text: added.failed }
    const notices = added.notices.map((notice) => notice[locale]).join(" ")
    const head = t(added.created ? "documents.added" : "documents.already", { title: added.document.title })
    return { name: file.name, state: added.created ? "added" : "already", text: notices === "" ? head : `${head} ${notices}` }
  }

  async function addFiles(files: readonly File[]) {
    for (const file of files) {
      setStatuses((s) => [...s.filter((x) => x.name !== file.name), { name: file.name, state: "adding", text: t("documents.adding", { name: file.name }) }])
      const status = await addOne(file)
      setStatuses((s) => s.map((x) => (x.name === file.name ? status : x)))
    }
    await reload()
  }

  return { documents, loading, error, statuses, addFiles, reload }
}

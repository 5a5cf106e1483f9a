import { useState } from "react"
import type { DocumentSummary } from "../../../src-shared/documents"
import { MAX_RUN_DOCUMENTS } from "../../../src-shared/run-documents"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { uploadDocument } from "./file-upload"

// Files dropped on the Ask screen (issue 22): each goes through documents.add into the chosen
// client's documents (the same intake as the Documents screen) and is attached to the question,
// as an @-mention attaches a document in a thread. A file the intake refuses, or one too large,
// gives its reason in the user's language; the others are still attached, and nothing typed is
// touched.

export interface Attachments {
  attached: readonly DocumentSummary[]
  /** Names of the files being added now. */
  adding: readonly string[]
  error: string | null
  attach: (files: readonly File[], clientId: string | null) => Promise<void>
  remove: (id: string) => void
  clear: () => void
}

export function useAttachments(): Attachments {
  const { api } = useStores()
  const { t, locale } = useI18n()
  const [attached, setAttached] = useState<DocumentSummary[]>([])
  const [adding, setAdding] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)

  async function attach(files: readonly File[], clientId: string | null) {
    setError(null)
    const failures: string[] = []
    for (const file of files) {
      setAdding((names) => [...names, file.name])
      const added = await uploadDocument(file, clientId, { api, t, locale })
      setAdding((names) => names.filter((name) => name !== file.name))
      if ("failed" in added) failures.push(added.failed)
      else {
        const { document } = added
        setAttached((docs) => (docs.some((d) => d.id === document.id) ? docs : [...docs, document].slice(-MAX_RUN_DOCUMENTS)))
      }
    }
    if (failures.length > 0) setError(failures.join(" "))
  }

  return {
    attached,
    adding,
    error,
    attach,
    remove: (id) => setAttached((docs) => docs.filter((d) => d.id !== id)),
    clear: () => {
      setAttached([])
      setError(null)
    },
  }
}

import { useCallback, useRef } from "react"
import type { AnswerPaper } from "../../../src-shared/answer-paper"
import { call } from "../../api/client"
import { useStores } from "../../state/stores"

// One run's answer on paper, rendered by the main process from the stored trace (the window never
// renders its own copy). Fetched when first needed and kept for the card's life: a stored run
// does not change.

export function useAnswerPaper(runId: string): () => Promise<AnswerPaper> {
  const { api } = useStores()
  const pending = useRef<{ runId: string; paper: Promise<AnswerPaper> } | null>(null)
  return useCallback(() => {
    if (pending.current === null || pending.current.runId !== runId) {
      const paper = call("paper.render", { requestId: runId }, api)
      // A failed fetch is not kept: the next click asks again.
      paper.catch(() => {
        if (pending.current?.paper === paper) pending.current = null
      })
      pending.current = { runId, paper }
    }
    return pending.current.paper
  }, [api, runId])
}

import { useEffect, useRef, useState } from "react"
import { ModelThought, type ModelProposalOffer } from "../../../../src-shared/model-provider"
import { useStores } from "../../../state/stores"

// The local model's latest thought for one run, from the "model.thought" push (validated here:
// this is the renderer's boundary for it). `announced` changes at most once per ANNOUNCE_MS, so a
// screen reader hears the model's train of thought now and then rather than every fragment. A push
// with a proposal is no thought: it is the model's suggestion for the run's clarification (kept
// until the run thinks again after the answer).

export const ANNOUNCE_MS = 6000
/** The line is one line; a longer thought is clipped (seed 004 §7.1). */
export const MAX_LINE_CHARS = 200

export interface LiveModelThought {
  /** The newest thought, clipped; null until one arrives. */
  text: string | null
  /** What the polite live region says (throttled). */
  announced: string
  /** The model's proposal for the clarification the run waits at (one of the engine's options), or null. */
  proposal: ModelProposalOffer | null
}

export function clipThought(text: string): string {
  const line = text.replace(/\s+/gu, " ").trim()
  return line.length <= MAX_LINE_CHARS ? line : `${line.slice(0, MAX_LINE_CHARS - 1).trimEnd()}…`
}

export function useModelThought(requestId: string): LiveModelThought {
  const { api } = useStores()
  const [text, setText] = useState<string | null>(null)
  const [announced, setAnnounced] = useState("")
  const [proposal, setProposal] = useState<ModelProposalOffer | null>(null)
  const lastAnnounce = useRef(0)
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null)
  const latest = useRef("")

  useEffect(() => {
    setText(null)
    setAnnounced("")
    setProposal(null)
    const announce = () => {
      pending.current = null
      lastAnnounce.current = Date.now()
      setAnnounced(latest.current)
    }
    const unsubscribe = api.on("model.thought", (raw) => {
      const parsed = ModelThought.safeParse(raw)
      if (!parsed.success || parsed.data.requestId !== requestId) return
      if (parsed.data.proposal !== undefined) {
        setProposal(parsed.data.proposal)
        return
      }
      // The run thinks again: it has gone on past the clarification the proposal was for.
      setProposal(null)
      const line = clipThought(parsed.data.text)
      if (line === "") return
      latest.current = line
      setText(line)
      const wait = lastAnnounce.current + ANNOUNCE_MS - Date.now()
      if (wait <= 0) announce()
      else pending.current ??= setTimeout(announce, wait)
    })
    return () => {
      unsubscribe()
      if (pending.current !== null) clearTimeout(pending.current)
      pending.current = null
    }
  }, [api, requestId])

  return { text, announced, proposal }
}

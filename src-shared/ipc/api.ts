import type { ReasoningEvent } from "../events/event"
import type { ExportProgress } from "../export"
import type { IpcResult } from "./channel"
import type { ChannelInput, ChannelKey, ChannelOutput } from "./channels"

/** What `window.fiskai` is: one named function per channel, plus event subscriptions. */
export type FiskaiApi = {
  [K in ChannelKey]: (input: ChannelInput<K>) => Promise<IpcResult<ChannelOutput<K>>>
} & {
  /** Subscribe to reasoning events; returns the unsubscribe function. */
  onReasoningEvent(listener: (event: ReasoningEvent) => void): () => void
  /** Subscribe to audit-export progress (every job's; filter by jobId); returns the unsubscribe. */
  onExportProgress(listener: (progress: ExportProgress) => void): () => void
}

/** The subscription members of FiskaiApi (everything that is not a channel function). */
export type FiskaiSubscriptions = "onReasoningEvent" | "onExportProgress"

export const API_GLOBAL = "fiskai" as const

import type { ComponentType } from "react"
import type { TraceSummary } from "../../../src-shared/traces"

// The slot on the trace screen where other features mount a panel (the what-if panel of issue 5,
// the audit export of issue 6). The trace screen does not know the panels: the route table
// (routes/trace-route.tsx) passes them in. Panels render below the answer and the reasoning
// cards, in the order given, only for runs that have ended.

export interface TracePanelProps {
  requestId: string
  trace: TraceSummary
}

export interface TracePanel {
  id: string
  component: ComponentType<TracePanelProps>
}

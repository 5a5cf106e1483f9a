import type { ComponentType } from "react"
import type { TraceSummary } from "../../src-shared/traces"
import { ExportTracePanel } from "../features/export/ExportTracePanel"
import { WhatIfPanel } from "../features/whatif/WhatIfPanel"

// The slot on the trace screen where other features mount a panel (the what-if panel of issue 5,
// the audit export of issue 6): add an entry here. Panels render below the answer and the
// reasoning cards, in this order, only for runs that have ended.

export interface TracePanelProps {
  requestId: string
  trace: TraceSummary
}

export interface TracePanel {
  id: string
  component: ComponentType<TracePanelProps>
}

export const tracePanels: TracePanel[] = [
  { id: "whatif", component: WhatIfPanel },
  { id: "export", component: ExportTracePanel },
]

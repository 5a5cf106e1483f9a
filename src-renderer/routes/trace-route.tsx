import { ExportTracePanel } from "../features/export/ExportTracePanel"
import type { TracePanel } from "../features/trace/trace-panels"
import { TraceScreen } from "../features/trace/TraceScreen"
import { WhatIfPanel } from "../features/whatif/WhatIfPanel"

// The trace screen with the panels other features mount on it, in this order. To add a panel,
// add an entry here; the panel takes TracePanelProps (or fewer of them) and never imports the
// trace screen.

export const tracePanels: readonly TracePanel[] = [
  { id: "whatif", component: WhatIfPanel },
  { id: "export", component: ExportTracePanel },
]

export function TraceRoute() {
  return <TraceScreen panels={tracePanels} />
}

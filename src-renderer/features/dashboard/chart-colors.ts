import type { TerminalOutcome } from "../../../src-shared/events/stages"

// Chart colours from the theme's variables, so the charts follow the light and dark themes and
// an outcome has the colour its badge has elsewhere in the app.

export const OUTCOME_COLORS: Record<TerminalOutcome, string> = {
  ANSWER: "var(--chart-answer)",
  QUALIFIED_ANSWER: "var(--chart-qualified)",
  CONDITIONAL_ANSWER: "var(--chart-conditional)",
  REFUSAL: "var(--chart-refusal)",
  ERROR: "var(--chart-error)",
}

export const SERIES_COLORS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)"] as const

export const AXIS_TICK = { fill: "var(--muted)", fontSize: 12 }

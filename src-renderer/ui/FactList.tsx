import type { ReactNode } from "react"

// A small definition list of label/value pairs, used by the reasoning cards.

export function FactList({
  items,
  testId,
}: {
  items: ReadonlyArray<readonly [string, ReactNode]>
  testId?: string
}) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== "")
  if (shown.length === 0) return null
  return (
    <dl className="fact-list" data-testid={testId}>
      {shown.map(([label, value]) => (
        <div key={label} className="fact-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

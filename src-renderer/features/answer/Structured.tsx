import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { MessageKey } from "../../i18n/catalog"
import { useI18n } from "../../i18n/i18n-context"

// Obligations, deadlines, thresholds, exceptions and actions: each a short list under its heading.

const SECTIONS = [
  ["obligations", "answer.obligations"],
  ["deadlines", "answer.deadlines"],
  ["thresholds", "answer.thresholds"],
  ["exceptions", "answer.exceptions"],
  ["actions", "answer.actions"],
] as const satisfies ReadonlyArray<readonly [keyof NonNullable<FinalAnswerPayload["structured"]>, MessageKey]>

export function Structured({ structured }: { structured: FinalAnswerPayload["structured"] }) {
  const { t } = useI18n()
  if (!structured) return null
  const present = SECTIONS.filter(([field]) => (structured[field]?.length ?? 0) > 0)
  if (present.length === 0) return null
  return (
    <div className="structured">
      {present.map(([field, label]) => (
        <section key={field} className={`structured-${field}`} data-testid={`answer-${field}`}>
          <h4>{t(label)}</h4>
          <ul>
            {(structured[field] ?? []).map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

export function TextList({
  title,
  lines,
  testId,
}: {
  title: string
  lines: readonly string[] | undefined
  testId: string
}) {
  if (!lines || lines.length === 0) return null
  return (
    <section className="text-list" data-testid={testId}>
      <h4>{title}</h4>
      <ul>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  )
}

import type { DocumentSummary } from "../../../src-shared/documents"
import { useI18n } from "../../i18n/i18n-context"
import type { useMentionCompletion } from "./use-mention-completion"

// The listbox of the question box's @-mention combobox: the matching documents (title and
// number), the highlighted one marked for aria-activedescendant, or a line saying none matches.

export const mentionOptionId = (listId: string, index: number) => `${listId}-option-${index}`

export interface MentionListProps {
  listId: string
  mentions: ReturnType<typeof useMentionCompletion>
  onChoose: (document: DocumentSummary) => void
}

export function MentionList({ listId, mentions, onChoose }: MentionListProps) {
  const { t } = useI18n()
  return (
    <ul id={listId} role="listbox" aria-label={t("threads.mentions.label")} className="mention-list" hidden={!mentions.open && !mentions.noMatch} data-testid="mention-list">
      {mentions.options.map((document, i) => (
        <li
          key={document.id}
          id={mentionOptionId(listId, i)}
          role="option"
          aria-selected={i === mentions.highlighted}
          className={i === mentions.highlighted ? "mention-option is-active" : "mention-option"}
          // Keeps the focus in the question box while the pointer picks.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(document)}
          data-testid="mention-option"
        >
          <span className="mention-title">{document.title}</span>
          {document.invoiceNumber && <span className="mention-number">{document.invoiceNumber}</span>}
        </li>
      ))}
      {mentions.noMatch && (
        <li role="presentation" className="mention-empty muted">
          {t("threads.mentions.none")}
        </li>
      )}
    </ul>
  )
}

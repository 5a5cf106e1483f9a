import { useI18n } from "../../i18n/i18n-context"

// A scenario's name and notes fields, shared by saving a what-if as a scenario and renaming one.
// The length limits are the contract's (ScenarioName, ScenarioNotes in src-shared/whatif.ts).

export interface ScenarioTextFieldsProps {
  name: string
  notes: string
  onNameChange: (name: string) => void
  onNotesChange: (notes: string) => void
  /** The inputs' element ids, which the labels point at. */
  ids: { name: string; notes: string }
  /** data-testid of each input; the notes field has none when left out. */
  testIds: { name: string; notes?: string }
}

export function ScenarioTextFields({
  name,
  notes,
  onNameChange,
  onNotesChange,
  ids,
  testIds,
}: ScenarioTextFieldsProps) {
  const { t } = useI18n()
  return (
    <>
      <div className="field">
        <label htmlFor={ids.name}>{t("whatif.save.name")}</label>
        <input
          id={ids.name}
          value={name}
          onChange={(e) => onNameChange(e.target.value)}
          data-testid={testIds.name}
          maxLength={200}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.notes}>{t("whatif.save.notes")}</label>
        <textarea
          id={ids.notes}
          value={notes}
          onChange={(e) => onNotesChange(e.target.value)}
          data-testid={testIds.notes}
          maxLength={5000}
          rows={2}
        />
      </div>
    </>
  )
}

import { SCENARIO_NAME_MAX_LENGTH, SCENARIO_NOTES_MAX_LENGTH } from "../../../src-shared/whatif"
import { useI18n } from "../../i18n/i18n-context"

// A scenario's name and notes fields, shared by saving a what-if as a scenario and renaming one.
// The length limits are the contract's (src-shared/whatif.ts).

export interface ScenarioTextFieldsProps {
  name: string
  notes: string
  onNameChange: (name: string) => void
  onNotesChange: (notes: string) => void
  /** The inputs' element ids (the labels point at them), also their data-testid. */
  ids: { name: string; notes: string }
}

export function ScenarioTextFields({
  name,
  notes,
  onNameChange,
  onNotesChange,
  ids,
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
          data-testid={ids.name}
          maxLength={SCENARIO_NAME_MAX_LENGTH}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.notes}>{t("whatif.save.notes")}</label>
        <textarea
          id={ids.notes}
          value={notes}
          onChange={(e) => onNotesChange(e.target.value)}
          data-testid={ids.notes}
          maxLength={SCENARIO_NOTES_MAX_LENGTH}
          rows={2}
        />
      </div>
    </>
  )
}

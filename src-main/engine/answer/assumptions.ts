// The code→words logic lives in src-shared so the renderer and the export report read a run's
// assumptions the same way the engine writes them; the engine's callers keep this import path.
export { assumptionLabel, assumptionSentence } from "../../../src-shared/assumptions"

import { answerMessages } from "./answer"
import { askMessages } from "./ask"
import { clientMessages } from "./clients"
import { dashboardMessages } from "./dashboard"
import { documentMessages } from "./documents"
import { exportMessages } from "./export"
import { factMessages } from "./facts"
import { firmMessages } from "./firm"
import { flagMessages } from "./flags"
import { historyMessages } from "./history"
import { joinCatalog } from "./message-table"
import { modelMessages } from "./model"
import { reasoningMessages } from "./reasoning"
import { ruleMessages } from "./rules"
import { scenarioMessages } from "./scenarios"
import { settingsMessages } from "./settings"
import { sharedMessages } from "./shared"
import { shellMessages } from "./shell"
import { stepperMessages } from "./stepper"
import { threadMessages } from "./threads"
import { whatifMessages } from "./whatif"

// The one message catalog of the UI, Croatian and English side by side, kept in one file per screen
// or area. Copy is API surface (seed 001 §9): tests snapshot the joined catalog, so every wording
// change shows up as a diff. Placeholders are written {name} and must be the same in both languages.

export const catalog = joinCatalog([
  sharedMessages,
  shellMessages,
  askMessages,
  stepperMessages,
  answerMessages,
  reasoningMessages,
  factMessages,
  historyMessages,
  dashboardMessages,
  clientMessages,
  settingsMessages,
  exportMessages,
  whatifMessages,
  scenarioMessages,
  flagMessages,
  ruleMessages,
  threadMessages,
  documentMessages,
  modelMessages,
  firmMessages,
])

export type MessageKey = keyof typeof catalog

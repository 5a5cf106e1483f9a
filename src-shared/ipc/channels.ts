import { PackInfo } from "../pack-info"
import { z } from "zod"
import { IsoDate } from "../context"
import { LogFolder, OpenedFolder } from "../diagnostics"
import { ReasoningEvent } from "../events/event"
import { Locale } from "../events/stages"
import {
  BundleVerdict,
  ChooseFileInput,
  ChosenFile,
  ExportJobRef,
  ExportLocation,
  ExportPathCheck,
  ExportPathInput,
  ExportProgress,
  SigningKeyInfo,
  StartExportInput,
  VerifyBundleInput,
} from "../export"
import { Settings, SettingsPatch } from "../settings"
import {
  Client,
  ClientInput,
  TraceDetail,
  TracePage,
  TracePageRequest,
  TraceStats,
  VerifyResult,
} from "../traces"
import {
  CompareScenariosInput,
  CompareTracesInput,
  DriversView,
  DuplicateScenarioInput,
  RecheckResult,
  RenameScenarioInput,
  SaveScenarioInput,
  Scenario,
  ScenarioComparison,
  ScenarioDetail,
  ScenarioFilter,
  ScenarioRef,
  WhatIfDiff,
  WhatIfRunInput,
  WhatIfRunResult,
} from "../whatif"
import { defineChannel, type ChannelDef } from "./channel"

// The one table of request/response channels. Keys are the function names the preload exposes
// under `window.fiskai`; `name` is the wire channel. Add a channel here and every side sees it.

const RequestRef = z.strictObject({ requestId: z.string().min(1).max(200) })
const Empty = z.strictObject({})

// A lone UTF-16 surrogate (broken text from a bad paste or a script) cannot be stored as UTF-8:
// SQLite would keep U+FFFD instead, so the trace would not record what was asked. Refuse it.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u
const wellFormed = (text: string) => !LONE_SURROGATE.test(text)
const BROKEN_TEXT = "text contains a broken character (a lone UTF-16 surrogate); paste it again"

export const AskInput = z.strictObject({
  question: z
    .string()
    .trim()
    .min(1, "question is empty")
    .max(20_000, "question is too long")
    .refine(wellFormed, BROKEN_TEXT),
  asOfDate: IsoDate.optional(),
  clientId: z.string().max(64).optional(),
  locale: Locale.optional(),
})

export const AnswerInput = z.strictObject({
  requestId: z.string().min(1).max(200),
  answer: z.string().trim().min(1, "answer is empty").max(2000).refine(wellFormed, BROKEN_TEXT),
})

export const channels = {
  ask: defineChannel("reasoning:ask", AskInput, RequestRef),
  answerClarification: defineChannel("reasoning:answer", AnswerInput, RequestRef),
  cancel: defineChannel("reasoning:cancel", RequestRef, RequestRef),

  listTraces: defineChannel("traces:list", TracePageRequest, TracePage),
  getTrace: defineChannel("traces:get", RequestRef, TraceDetail),
  verifyTrace: defineChannel("traces:verify", RequestRef, VerifyResult),
  traceStats: defineChannel("traces:stats", Empty, TraceStats),

  listClients: defineChannel("clients:list", Empty, z.array(Client)),
  saveClient: defineChannel("clients:save", ClientInput, Client),

  getSettings: defineChannel("settings:get", Empty, Settings),
  updateSettings: defineChannel("settings:update", SettingsPatch, Settings),
  packInfo: defineChannel("pack:info", Empty, PackInfo),
  logFolder: defineChannel("diagnostics:log-folder", Empty, LogFolder),
  /** Opens the log folder in the file manager; only Electron can (the browser host answers UNAVAILABLE). */
  openLogFolder: defineChannel("diagnostics:open-log-folder", Empty, OpenedFolder),

  startExport: defineChannel("export:start", StartExportInput, ExportJobRef),
  cancelExport: defineChannel("export:cancel", ExportJobRef, ExportJobRef),
  verifyBundle: defineChannel("export:verify", VerifyBundleInput, BundleVerdict),
  signingKey: defineChannel("export:signing-key", Empty, SigningKeyInfo),
  exportLocation: defineChannel("export:location", Empty, ExportLocation),
  checkExportPath: defineChannel("export:check-path", ExportPathInput, ExportPathCheck),
  /** A native open/save dialog; only Electron has one (the browser host answers UNAVAILABLE). */
  chooseFile: defineChannel("export:choose-file", ChooseFileInput, ChosenFile),

  whatifDrivers: defineChannel("whatif:drivers", RequestRef, DriversView),
  whatifRun: defineChannel("whatif:run", WhatIfRunInput, WhatIfRunResult),
  whatifRerun: defineChannel("whatif:rerun", WhatIfRunInput, RequestRef),
  whatifCompare: defineChannel("whatif:compare", CompareTracesInput, WhatIfDiff),
  listScenarios: defineChannel("scenarios:list", ScenarioFilter, z.array(Scenario)),
  getScenario: defineChannel("scenarios:get", ScenarioRef, ScenarioDetail),
  saveScenario: defineChannel("scenarios:save", SaveScenarioInput, Scenario),
  renameScenario: defineChannel("scenarios:rename", RenameScenarioInput, Scenario),
  duplicateScenario: defineChannel("scenarios:duplicate", DuplicateScenarioInput, Scenario),
  deleteScenario: defineChannel("scenarios:delete", ScenarioRef, ScenarioRef),
  compareScenarios: defineChannel("scenarios:compare", CompareScenariosInput, ScenarioComparison),
  recheckScenario: defineChannel("scenarios:recheck", ScenarioRef, RecheckResult),
} as const satisfies Record<string, ChannelDef<z.ZodType, z.ZodType>>

/** Push channels: main -> window only. */
export const pushChannels = {
  reasoningEvent: { name: "reasoning:event", payload: ReasoningEvent },
  exportProgress: { name: "export:progress", payload: ExportProgress },
} as const

export type Channels = typeof channels
export type ChannelKey = keyof Channels
export type ChannelInput<K extends ChannelKey> = z.input<Channels[K]["input"]>
export type ChannelOutput<K extends ChannelKey> = z.output<Channels[K]["output"]>

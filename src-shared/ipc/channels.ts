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
import { defineChannel, definePush, flattenGroups, type ChannelSchemas, type PushSchema } from "./channel"

// The one table of request/response channels, grouped by domain. A channel's one name is
// "<domain>.<fn>" (e.g. "runs.ask"): its key in `channels`, its wire name, the key of its handler,
// the function `window.fiskai.<domain>.<fn>` and the key renderers `call`. Add a channel to a group
// here and every side sees it under that name.

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

export const channelGroups = {
  runs: {
    ask: defineChannel(AskInput, RequestRef),
    answer: defineChannel(AnswerInput, RequestRef),
    cancel: defineChannel(RequestRef, RequestRef),
  },
  traces: {
    list: defineChannel(TracePageRequest, TracePage),
    get: defineChannel(RequestRef, TraceDetail),
    verify: defineChannel(RequestRef, VerifyResult),
    stats: defineChannel(Empty, TraceStats),
  },
  clients: {
    list: defineChannel(Empty, z.array(Client)),
    save: defineChannel(ClientInput, Client),
  },
  settings: {
    get: defineChannel(Empty, Settings),
    update: defineChannel(SettingsPatch, Settings),
    packInfo: defineChannel(Empty, PackInfo),
  },
  diagnostics: {
    logFolder: defineChannel(Empty, LogFolder),
    /** Opens the log folder in the file manager; only Electron can (the browser host answers UNAVAILABLE). */
    openLogFolder: defineChannel(Empty, OpenedFolder),
  },
  exports: {
    start: defineChannel(StartExportInput, ExportJobRef),
    cancel: defineChannel(ExportJobRef, ExportJobRef),
    verify: defineChannel(VerifyBundleInput, BundleVerdict),
    signingKey: defineChannel(Empty, SigningKeyInfo),
    location: defineChannel(Empty, ExportLocation),
    checkPath: defineChannel(ExportPathInput, ExportPathCheck),
    /** A native open/save dialog; only Electron has one (the browser host answers UNAVAILABLE). */
    chooseFile: defineChannel(ChooseFileInput, ChosenFile),
  },
  whatif: {
    drivers: defineChannel(RequestRef, DriversView),
    run: defineChannel(WhatIfRunInput, WhatIfRunResult),
    rerun: defineChannel(WhatIfRunInput, RequestRef),
    compare: defineChannel(CompareTracesInput, WhatIfDiff),
  },
  scenarios: {
    list: defineChannel(ScenarioFilter, z.array(Scenario)),
    get: defineChannel(ScenarioRef, ScenarioDetail),
    save: defineChannel(SaveScenarioInput, Scenario),
    rename: defineChannel(RenameScenarioInput, Scenario),
    duplicate: defineChannel(DuplicateScenarioInput, Scenario),
    delete: defineChannel(ScenarioRef, ScenarioRef),
    compare: defineChannel(CompareScenariosInput, ScenarioComparison),
    recheck: defineChannel(ScenarioRef, RecheckResult),
  },
} as const satisfies Record<string, Record<string, ChannelSchemas<z.ZodType, z.ZodType>>>

/** Push channels (main -> window only), grouped and named the same way: "runs.event", "exports.progress". */
export const pushGroups = {
  runs: { event: definePush(ReasoningEvent) },
  exports: { progress: definePush(ExportProgress) },
} as const satisfies Record<string, Record<string, PushSchema<z.ZodType>>>

/** Every channel under its one name "<domain>.<fn>", with `name` (= the key), `domain` and `fn`. */
export const channels = flattenGroups(channelGroups)
/** Every push under its one name "<domain>.<event>", with `name` (= the key) and `payload`. */
export const pushChannels = flattenGroups(pushGroups)

export type Channels = typeof channels
/** The one name of a channel, "<domain>.<fn>". */
export type ChannelKey = Extract<keyof Channels, string>
export type ChannelInput<K extends ChannelKey> = z.input<Channels[K]["input"]>
export type ChannelOutput<K extends ChannelKey> = z.output<Channels[K]["output"]>
/** The domains: the namespaces of window.fiskai. */
export type ChannelDomain = Channels[ChannelKey]["domain"]
/** The functions of one domain. */
export type ChannelFn<D extends ChannelDomain> = Extract<Channels[ChannelKey], { domain: D }>["fn"]

/** The one name of a push, "<domain>.<event>". */
export type PushKey = Extract<keyof typeof pushChannels, string>
export type PushPayload<K extends PushKey> = z.output<(typeof pushChannels)[K]["payload"]>

export function isChannelKey(name: string): name is ChannelKey {
  return Object.hasOwn(channels, name)
}

export function isPushKey(name: string): name is PushKey {
  return Object.hasOwn(pushChannels, name)
}

import { PackInfo } from "../pack-info"
import { AnswerPaper, PaperRequest, SavedPaperPdf } from "../answer-paper"
import { z } from "zod"
import { IsoDate } from "../context"
import { LogFolder, OpenedFolder } from "../diagnostics"
import { DashboardMetrics, MetricsRequest } from "../metrics"
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
import { CreateFlagInput, DecideFlagInput, Flag, FlagListFilter, FlagQueueItem } from "../flags"
import {
  ChangeListFilter,
  ChangeRef,
  EditDraftInput,
  LintInput,
  LintResult,
  MoveInput,
  NewProfileInput,
  ProposeInput,
  PublishInput,
  PublishResult,
  RuleCatalog,
  RuleChangeDetail,
  RuleChangeView,
  RuleProfile,
  RuleRef,
  RuleWithEvidence,
  SendBackInput,
  ShadowJob,
  ShadowJobRef,
  ShadowStartInput,
} from "../rule-changes"
import { Settings, SettingsPatch } from "../settings"
import { FirmFlagFilter, FirmFlagQueue, FirmLinkInput, FirmView } from "../firm"
import { ModelRunView, ModelSettingsPatch, ModelSettingsView, ModelTestInput, ModelTestResult, ModelThought } from "../model-provider"
import { typedText } from "../text"
import {
  AddDocumentInput,
  AddedDocument,
  DocumentCompleteInput,
  DocumentCompletion,
  DocumentHit,
  DocumentListInput,
  DocumentSearchInput,
  DocumentSummary,
} from "../documents"
import { AskInThreadWithDocuments, ResumeThreadInput, ThreadAskResult } from "../thread-ask"
import { DocumentActionRequest, MAX_RUN_DOCUMENTS } from "../run-documents"
import {
  NewThreadInput,
  RenameThreadInput,
  Thread,
  ThreadDeleteResult,
  ThreadDetail,
  ThreadFilter,
  ThreadRef,
  ThreadSearchInput,
  ThreadTurnRef,
} from "../threads"
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

export const AskInput = z.strictObject({
  question: typedText("question", 20_000),
  asOfDate: IsoDate.optional(),
  clientId: z.string().max(64).optional(),
  locale: Locale.optional(),
  /** Addition (issue 22): a document action (audit, compare, summarize) run like a question. */
  action: DocumentActionRequest.optional(),
  /** Addition (issue 22): client documents attached to the question (dropped on the Ask screen), as an @-mention attaches them. */
  documentIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_RUN_DOCUMENTS).optional(),
})

export const AnswerInput = z.strictObject({
  requestId: z.string().min(1).max(200),
  answer: typedText("answer", 2000),
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
  flags: {
    /** Reports a finished run's answer as wrong or unclear, with a note. */
    create: defineChannel(CreateFlagInput, Flag),
    /** The review queue (open flags, oldest first) or every flag; optionally one run's. */
    list: defineChannel(FlagListFilter, z.array(FlagQueueItem)),
    /** A reviewer confirms (the answer was wrong) or rejects an open flag, with a note. */
    decide: defineChannel(DecideFlagInput, Flag),
  },
  paper: {
    /** One answer as a document to print, its article and its plain text (issue 23). */
    render: defineChannel(PaperRequest, AnswerPaper),
    /** Saves the answer as a PDF through a save dialog; only Electron can (the browser host answers UNAVAILABLE). */
    savePdf: defineChannel(PaperRequest, SavedPaperPdf),
  },
  metrics: {
    /** The dashboard's figures over the last 7, 30 or 90 days, by day or week (issue 23). */
    dashboard: defineChannel(MetricsRequest, DashboardMetrics),
  },
  threads: {
    /** A conversation for a client (or none), with an optional title and as-of date (issue 22). */
    create: defineChannel(NewThreadInput, Thread),
    list: defineChannel(ThreadFilter, z.array(Thread)),
    /** The thread, its checkpoint and its turns (question, outcome, headline, inherited parts). */
    get: defineChannel(ThreadRef, ThreadDetail),
    rename: defineChannel(RenameThreadInput, Thread),
    /** Removes the thread and its turn links; its runs stay in the history (the result says how many). */
    delete: defineChannel(ThreadRef, ThreadDeleteResult),
    /**
     * Asks in the thread: the run's id at once, its events on runs.event like runs.ask; or, when an
     * @-mention names no document clearly, the pause (kept in the thread's checkpoint) to choose from.
     */
    ask: defineChannel(AskInThreadWithDocuments, ThreadAskResult),
    /** Goes on with a paused question once each unclear @-mention has a document chosen. */
    resume: defineChannel(ResumeThreadInput, ThreadTurnRef),
    /** Drops a paused question (nothing runs). */
    dismiss: defineChannel(ThreadRef, ThreadRef),
    search: defineChannel(ThreadSearchInput, z.array(Thread)),
  },
  documents: {
    /** A file's bytes to the intake, stored for a client (issue 22); the same bytes again give the document there. */
    add: defineChannel(AddDocumentInput, AddedDocument),
    list: defineChannel(DocumentListInput, z.array(DocumentSummary)),
    search: defineChannel(DocumentSearchInput, z.array(DocumentHit)),
    /** @-mention completion: fuzzy on title and number. */
    complete: defineChannel(DocumentCompleteInput, z.array(DocumentCompletion)),
  },
  profiles: {
    /** The local profiles that author and review rule changes (issue 19). */
    list: defineChannel(Empty, z.array(RuleProfile)),
    create: defineChannel(NewProfileInput, RuleProfile),
  },
  rules: {
    /** The rules of the latest pack version in the store, by concept, and the pack's sources. */
    catalog: defineChannel(Empty, RuleCatalog),
    /** One rule as the pack writes it, with the evidence records it cites. */
    rule: defineChannel(RuleRef, RuleWithEvidence),
    changes: defineChannel(ChangeListFilter, z.array(RuleChangeView)),
    /** One change with its audit trail (who did what, when). */
    change: defineChannel(ChangeRef, RuleChangeDetail),
    propose: defineChannel(ProposeInput, RuleChangeView),
    /** The author edits their draft. */
    edit: defineChannel(EditDraftInput, RuleChangeView),
    submit: defineChannel(MoveInput, RuleChangeView),
    /** Four eyes: another profile than the author approves, sends back and publishes. */
    approve: defineChannel(MoveInput, RuleChangeView),
    sendBack: defineChannel(SendBackInput, RuleChangeView),
    publish: defineChannel(PublishInput, PublishResult),
    /** The pack check a draft would add findings to (the window runs it as the author types). */
    lint: defineChannel(LintInput, LintResult),
    /** A change in review shadow-run over the stored answers, in the background (poll shadowStatus). */
    shadowStart: defineChannel(ShadowStartInput, ShadowJob),
    shadowStatus: defineChannel(ShadowJobRef, ShadowJob),
    shadowStop: defineChannel(ShadowJobRef, ShadowJob),
  },
  model: {
    /** The local model's settings (issue 24); the key only as "set"/"none". */
    get: defineChannel(Empty, ModelSettingsView),
    /** Saves them (the key into the OS keychain, or cleared with null); a bad address or name loses nothing. */
    update: defineChannel(ModelSettingsPatch, ModelSettingsView),
    /** Asks the server which models it has (or for one token), within a few seconds. */
    test: defineChannel(ModelTestInput, ModelTestResult),
    /** A stored run's model part: its thoughts by stage, the draft's verdict, how it ended. */
    run: defineChannel(RequestRef, ModelRunView),
  },
  firm: {
    /** The firm connection's state for the status bar and Settings (issue 25); never the password. */
    status: defineChannel(Empty, FirmView),
    /** Links this desk: URL (TLS unless local), desk name, optional password for the OS keychain. */
    link: defineChannel(FirmLinkInput, FirmView),
    /** Stops syncing and forgets the URL and the kept password; what came down stays. */
    unlink: defineChannel(Empty, FirmView),
    /** One sync now; the outcome is in the returned state. */
    syncNow: defineChannel(Empty, FirmView),
    /** Other desks' flags as this desk last took them, each with its desk and persons; read-only. */
    flags: defineChannel(FirmFlagFilter, FirmFlagQueue),
  },
} as const satisfies Record<string, Record<string, ChannelSchemas<z.ZodType, z.ZodType>>>

/** Push channels (main -> window only), grouped and named the same way: "runs.event", "exports.progress". */
export const pushGroups = {
  runs: { event: definePush(ReasoningEvent) },
  exports: { progress: definePush(ExportProgress) },
  /** The local model's sanitised thoughts while a run is under way (issue 24, seed 004 §5.1). */
  model: { thought: definePush(ModelThought) },
  /** The firm sync's state whenever it changes (syncing, up to date, offline). */
  firm: { changed: definePush(FirmView) },
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

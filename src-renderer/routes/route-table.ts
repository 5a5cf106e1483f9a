import type { RouteComponent } from "@tanstack/react-router"
import { AskScreen } from "../features/ask/AskScreen"
import { ClientsScreen } from "../features/clients/ClientsScreen"
import { DashboardScreen } from "../features/dashboard/DashboardScreen"
import { DocumentsScreen } from "../features/documents/DocumentsScreen"
import { ExportScreen } from "../features/export/ExportScreen"
import { ReviewQueueScreen } from "../features/flags/ReviewQueueScreen"
import { ChangeScreen } from "../features/rules/ChangeScreen"
import { DraftScreen } from "../features/rules/DraftScreen"
import { RulesScreen } from "../features/rules/RulesScreen"
import { CompareRunsScreen } from "../features/history/CompareRunsScreen"
import { HistoryScreen } from "../features/history/HistoryScreen"
import { CompareScenariosScreen } from "../features/scenarios/CompareScenariosScreen"
import { ScenarioScreen } from "../features/scenarios/ScenarioScreen"
import { ScenariosScreen } from "../features/scenarios/ScenariosScreen"
import { SettingsScreen } from "../features/settings/SettingsScreen"
import { ThreadScreen } from "../features/threads/ThreadScreen"
import { ThreadsScreen } from "../features/threads/ThreadsScreen"
import type { MessageKey } from "../i18n/catalog"
import { TraceRoute } from "./trace-route"

// The screens of the app. To add one (e.g. the audit export screen), add a row here; a `nav` entry
// puts it in the left navigation. Paths use TanStack Router syntax ($param) under hash history.

export interface AppRoute {
  path: string
  component: RouteComponent
  nav?: { label: MessageKey; testId: string }
}

export const appRoutes: AppRoute[] = [
  { path: "/", component: AskScreen, nav: { label: "nav.ask", testId: "nav-ask" } },
  { path: "/threads", component: ThreadsScreen, nav: { label: "threads.title", testId: "nav-threads" } },
  { path: "/threads/$id", component: ThreadScreen },
  { path: "/history", component: HistoryScreen, nav: { label: "nav.history", testId: "nav-history" } },
  { path: "/history/compare/$a/$b", component: CompareRunsScreen },
  { path: "/trace/$requestId", component: TraceRoute },
  { path: "/review", component: ReviewQueueScreen, nav: { label: "nav.review", testId: "nav-review" } },
  { path: "/dashboard", component: DashboardScreen, nav: { label: "nav.dashboard", testId: "nav-dashboard" } },
  { path: "/rules", component: RulesScreen, nav: { label: "nav.rules", testId: "nav-rules" } },
  { path: "/rules/new", component: DraftScreen },
  { path: "/rules/rule/$ruleId", component: DraftScreen },
  { path: "/rules/change/$changeId", component: ChangeScreen },
  { path: "/scenarios", component: ScenariosScreen, nav: { label: "nav.scenarios", testId: "nav-scenarios" } },
  { path: "/scenarios/$id", component: ScenarioScreen },
  { path: "/scenarios/compare/$a/$b", component: CompareScenariosScreen },
  { path: "/export", component: ExportScreen, nav: { label: "nav.export", testId: "nav-export" } },
  { path: "/export/trace/$requestId", component: ExportScreen },
  { path: "/clients", component: ClientsScreen, nav: { label: "nav.clients", testId: "nav-clients" } },
  { path: "/documents", component: DocumentsScreen, nav: { label: "documents.title", testId: "nav-documents" } },
  { path: "/documents/$clientId", component: DocumentsScreen },
  { path: "/settings", component: SettingsScreen, nav: { label: "nav.settings", testId: "nav-settings" } },
]

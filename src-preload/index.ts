import { contextBridge, ipcRenderer } from "electron"
import { API_GLOBAL, type FiskaiApi } from "../src-shared/ipc/api"
import { buildChannelFunctions } from "./channel-functions"
import { buildExportProgressSubscription } from "./export-progress"
import { buildReasoningSubscription } from "./reasoning-events"

// The preload: exposes the contract as named functions under window.fiskai, nothing else.
// ipcRenderer itself never reaches the page.

const api: FiskaiApi = {
  ...buildChannelFunctions((wireName, input) => ipcRenderer.invoke(wireName, input)),
  onReasoningEvent: buildReasoningSubscription(ipcRenderer),
  onExportProgress: buildExportProgressSubscription(ipcRenderer),
}

contextBridge.exposeInMainWorld(API_GLOBAL, api)

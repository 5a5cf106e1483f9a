import { contextBridge, ipcRenderer } from "electron"
import { API_GLOBAL } from "../src-shared/ipc/api"
import { buildPreloadApi } from "./api"

// The preload: exposes the contract under window.fiskai — `window.fiskai.<domain>.<fn>(input)`
// per channel and `window.fiskai.on(push, listener)` — nothing else. ipcRenderer itself never
// reaches the page.

contextBridge.exposeInMainWorld(API_GLOBAL, buildPreloadApi(ipcRenderer))

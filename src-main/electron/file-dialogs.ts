import { dialog, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from "electron"
import type { HandlerTable } from "../ipc/handler-table"

// Native open/save dialogs for audit bundles. Only Electron has them: the shared handler table
// answers `exports.chooseFile` with UNAVAILABLE and says `canChooseFile: false`; here both are replaced.

const ZIP_FILTERS = [{ name: "ZIP", extensions: ["zip"] }]

export function fileDialogHandlers(
  base: Pick<HandlerTable, "exports.location">,
  getWindow: () => BrowserWindow | null,
): Pick<HandlerTable, "exports.chooseFile" | "exports.location"> {
  return {
    "exports.location": async (input) => ({ ...(await base["exports.location"](input)), canChooseFile: true }),
    "exports.chooseFile": async ({ purpose, defaultPath }) => {
      const window = getWindow()
      if (purpose === "saveBundle") {
        const options: SaveDialogOptions = {
          filters: ZIP_FILTERS,
          properties: ["createDirectory", "showOverwriteConfirmation"],
          ...(defaultPath === undefined ? {} : { defaultPath }),
        }
        const result =
          window === null
            ? await dialog.showSaveDialog(options)
            : await dialog.showSaveDialog(window, options)
        return { path: result.canceled || result.filePath === "" ? null : (result.filePath ?? null) }
      }
      const options: OpenDialogOptions = {
        filters: ZIP_FILTERS,
        properties: ["openFile"],
        ...(defaultPath === undefined ? {} : { defaultPath }),
      }
      const result =
        window === null ? await dialog.showOpenDialog(options) : await dialog.showOpenDialog(window, options)
      return { path: result.canceled ? null : (result.filePaths[0] ?? null) }
    },
  }
}

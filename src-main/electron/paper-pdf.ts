import { app, BrowserWindow, dialog, session, type SaveDialogOptions } from "electron"
import { join } from "node:path"
import { IpcFailure } from "../../src-shared/ipc/channel"
import { writeAnswerPdf } from "../export/answer-paper/paper-pdf"
import type { PrintToPdf } from "../export/pdf"
import type { HandlerTable } from "../ipc/handler-table"

// Save one answer as a PDF (issue 23): Electron prints the main process's document of the answer
// in a hidden window (sandboxed, JavaScript off, its own in-memory session that loads nothing but
// the document itself) and writes it where the user chose in the save dialog. The shared handler
// table answers UNAVAILABLE here and says `canSavePdf: false`; both are replaced.

/** An in-memory session (no "persist:" prefix): nothing of the printed answer stays on disk. */
const PRINT_PARTITION = "fiskai-answer-paper"

function printSession(): Electron.Session {
  const printing = session.fromPartition(PRINT_PARTITION)
  // The document is a data: URL with a CSP of its own; anything else it might ask for is cancelled.
  printing.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !details.url.startsWith("data:") }))
  printing.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  printing.setPermissionCheckHandler(() => false)
  return printing
}

/** webContents.printToPDF over a hidden window, as the PrintToPdf the export code expects. */
export function electronPrintToPdf(): PrintToPdf {
  return async (html) => {
    const window = new BrowserWindow({
      show: false,
      webPreferences: {
        session: printSession(),
        sandbox: true,
        javascript: false,
        contextIsolation: true,
        nodeIntegration: false,
        webSecurity: true,
        spellcheck: false,
      },
    })
    try {
      await window.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, "utf8").toString("base64")}`)
      // The document's @page rule gives A4 and its margins; the footer carries the run id and page numbers.
      return await window.webContents.printToPDF({ pageSize: "A4", printBackground: true, preferCSSPageSize: true })
    } finally {
      window.destroy()
    }
  }
}

export function paperPdfHandlers(
  base: Pick<HandlerTable, "paper.render">,
  getWindow: () => BrowserWindow | null,
  printToPdf: PrintToPdf = electronPrintToPdf(),
): Pick<HandlerTable, "paper.render" | "paper.savePdf"> {
  return {
    "paper.render": async (input) => ({ ...(await base["paper.render"](input)), canSavePdf: true }),
    "paper.savePdf": async (input) => {
      const paper = await base["paper.render"](input)
      const options: SaveDialogOptions = {
        defaultPath: join(app.getPath("documents"), `${paper.fileName}.pdf`),
        filters: [{ name: "PDF", extensions: ["pdf"] }],
        properties: ["createDirectory", "showOverwriteConfirmation"],
      }
      const window = getWindow()
      const chosen = window === null ? await dialog.showSaveDialog(options) : await dialog.showSaveDialog(window, options)
      if (chosen.canceled || chosen.filePath === undefined || chosen.filePath === "") return { path: null }
      try {
        await writeAnswerPdf(paper.documentHtml, chosen.filePath, printToPdf)
      } catch (error) {
        throw new IpcFailure("INTERNAL", `the PDF could not be written to ${chosen.filePath}: ${error instanceof Error ? error.message : String(error)}`)
      }
      return { path: chosen.filePath }
    },
  }
}

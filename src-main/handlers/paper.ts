import { IpcFailure } from "../../src-shared/ipc/channel"
import { PaperUnavailableError } from "../export/answer-paper/answer-paper"
import { runServiceSources, storedAnswerPaper } from "../export/answer-paper/stored-paper"
import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"

// One answer to paper (issue 23): the document, its article and its plain text, rendered here from
// the stored trace (never from what the window shows), so a printed answer is the recorded one.
// Saving a PDF needs a print engine and a save dialog, which only Electron has
// (src-main/electron/paper-pdf.ts replaces both channels there); this table says UNAVAILABLE.

type PaperChannels = "paper.render" | "paper.savePdf"

export function paperHandlers(services: Services): Pick<HandlerTable, PaperChannels> {
  const sources = runServiceSources(services.traces)
  return {
    "paper.render": ({ requestId }) =>
      mapStoreErrors(() => {
        try {
          return { ...storedAnswerPaper(sources, requestId), canSavePdf: false }
        } catch (error) {
          if (error instanceof PaperUnavailableError)
            throw new IpcFailure(error.reason === "not-found" ? "NOT_FOUND" : "CONFLICT", error.message)
          throw error
        }
      }),
    "paper.savePdf": async () => {
      throw new IpcFailure("UNAVAILABLE", "no PDF printer here: print the answer and choose Save as PDF")
    },
  }
}

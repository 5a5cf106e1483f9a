import { keptFileText, StoreDamagedError, type KeptFile } from "../store/integrity"

// What the app says when it cannot start, or had to put an empty database file aside. The locale
// is a setting stored in the database, which is what failed: both languages, Croatian first.
// No electron import, so that the texts can be tested.

export interface DialogText {
  title: string
  message: string
}

export function startupFailureDialog(error: unknown): DialogText {
  if (error instanceof StoreDamagedError)
    return {
      title: "FiskAI Workstation se ne može pokrenuti / could not start",
      message: `${error.text("hr")}\n\n${error.text("en")}`,
    }
  // e.g. a database written by a newer version: say so instead of vanishing.
  return {
    title: "FiskAI Workstation could not start",
    message: error instanceof Error ? error.message : String(error),
  }
}

export function keptFileDialog(kept: KeptFile): DialogText {
  return {
    title: "FiskAI Workstation",
    message: `${keptFileText(kept, "hr")}\n\n${keptFileText(kept, "en")}`,
  }
}

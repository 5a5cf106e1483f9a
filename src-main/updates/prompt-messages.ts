// The words of the update dialogs, in the app's two locales. Plain text only: the Electron adapter
// shows them in native message boxes, which render no markup.

export type PromptLocale = "hr" | "en"

export type UpdatePromptKind = "download" | "restart" | "up-to-date" | "failed" | "disabled"

export interface UpdatePrompt {
  readonly kind: UpdatePromptKind
  readonly title: string
  readonly message: string
  readonly detail: string
  /** null for informational prompts that only have the cancel button. */
  readonly confirmLabel: string | null
  readonly cancelLabel: string
}

export const PRODUCT_NAME = "FiskAI Workstation"

export function downloadPrompt(locale: PromptLocale, version: string, notes: string): UpdatePrompt {
  const hr = locale === "hr"
  const ask = hr
    ? "Želite li je preuzeti sada? Ništa se ne instalira dok to sami ne odobrite."
    : "Download it now? Nothing is installed until you approve it."
  return {
    kind: "download",
    title: hr ? "Ažuriranje" : "Update",
    message: hr
      ? `Dostupna je nova verzija ${PRODUCT_NAME} ${version}.`
      : `${PRODUCT_NAME} ${version} is available.`,
    detail: notes === "" ? ask : `${notes}\n\n${ask}`,
    confirmLabel: hr ? "Preuzmi" : "Download",
    cancelLabel: hr ? "Kasnije" : "Later",
  }
}

export function restartPrompt(locale: PromptLocale, version: string): UpdatePrompt {
  const hr = locale === "hr"
  return {
    kind: "restart",
    title: hr ? "Ažuriranje" : "Update",
    message: hr ? `Verzija ${version} je preuzeta.` : `Version ${version} has been downloaded.`,
    detail: hr
      ? "Aplikacija će se zatvoriti, instalirati ažuriranje i ponovno pokrenuti. Pohranjeni tragovi ostaju sačuvani."
      : "The app will close, install the update and start again. Stored traces are kept.",
    confirmLabel: hr ? "Ponovno pokreni i instaliraj" : "Restart and install",
    cancelLabel: hr ? "Kasnije" : "Later",
  }
}

export function upToDatePrompt(locale: PromptLocale): UpdatePrompt {
  const hr = locale === "hr"
  return {
    kind: "up-to-date",
    title: hr ? "Ažuriranje" : "Update",
    message: hr ? `Imate najnoviju verziju aplikacije ${PRODUCT_NAME}.` : `${PRODUCT_NAME} is up to date.`,
    detail: "",
    confirmLabel: null,
    cancelLabel: hr ? "U redu" : "OK",
  }
}

export function failedPrompt(locale: PromptLocale, message: string): UpdatePrompt {
  const hr = locale === "hr"
  return {
    kind: "failed",
    title: hr ? "Ažuriranje" : "Update",
    message: hr ? "Provjera ažuriranja nije uspjela." : "Checking for updates failed.",
    detail: message,
    confirmLabel: null,
    cancelLabel: hr ? "U redu" : "OK",
  }
}

export function disabledPrompt(locale: PromptLocale, reason: string): UpdatePrompt {
  const hr = locale === "hr"
  return {
    kind: "disabled",
    title: hr ? "Ažuriranje" : "Update",
    message: hr ? "Ažuriranja su isključena." : "Updates are turned off.",
    detail: reason,
    confirmLabel: null,
    cancelLabel: hr ? "U redu" : "OK",
  }
}

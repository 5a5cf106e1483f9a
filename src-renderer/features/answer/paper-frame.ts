// The print view's frame: the answer's document (from the main process) in an <iframe srcdoc>
// sandboxed without scripts, so nothing of it runs and nothing of it reaches the app's own page.
// The frame inherits the app's CSP, which allows no inline <style>: its stylesheet (the same one
// the PDF uses) is adopted as a constructed sheet, which is not markup.

/** Sandbox flags: same origin (so the page can style and print it) and modals (print()); no scripts. */
export const PAPER_FRAME_SANDBOX = "allow-same-origin allow-modals"

type FrameWindow = Window & typeof globalThis

function frameWindow(frame: HTMLIFrameElement): FrameWindow | null {
  // A same-origin frame's window is a full window of its own realm (with its own CSSStyleSheet).
  return frame.contentWindow as FrameWindow | null
}

/** Styles the loaded frame with `css`; false when this browser cannot (the paper shows unstyled). */
export function stylePaperFrame(frame: HTMLIFrameElement, css: string): boolean {
  const win = frameWindow(frame)
  const doc = frame.contentDocument
  if (win === null || doc === null || typeof win.CSSStyleSheet !== "function" || !("adoptedStyleSheets" in doc)) return false
  // A constructed sheet can only be adopted by the document of its own realm.
  const sheet = new win.CSSStyleSheet()
  try {
    sheet.replaceSync(css)
  } catch {
    return false
  }
  doc.adoptedStyleSheets = [sheet]
  return true
}

/** Opens the browser's print window for the frame's document alone. */
export function printPaperFrame(frame: HTMLIFrameElement | null): void {
  const win = frame === null ? null : frameWindow(frame)
  if (win === null) return
  win.focus()
  win.print()
}

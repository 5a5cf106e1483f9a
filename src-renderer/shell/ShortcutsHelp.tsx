import { useEffect, useRef, type KeyboardEvent } from "react"
import type { MessageKey } from "../i18n/catalog"
import { useI18n } from "../i18n/i18n-context"

// The keyboard-shortcut sheet: a modal dialog listing every shortcut the app has. Opened with "?"
// (outside text fields) or the button in the navigation; Escape or Close shuts it, and focus goes
// back where it was. Tab stays inside while it is open.

const SHORTCUTS: ReadonlyArray<{ keys: readonly string[]; what: MessageKey }> = [
  { keys: ["Enter"], what: "shortcuts.enter" },
  { keys: ["Shift", "Enter"], what: "shortcuts.shiftEnter" },
  { keys: ["Ctrl", "Enter"], what: "shortcuts.ctrlEnter" },
  { keys: ["?"], what: "shortcuts.help" },
  { keys: ["Esc"], what: "shortcuts.escape" },
  { keys: ["Tab"], what: "shortcuts.skip" },
]

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const { t } = useI18n()
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    // Focus to come back to: the element that had it when the sheet opened.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    dialog?.querySelector<HTMLElement>("button")?.focus()
    return () => {
      if (dialog?.open) dialog.close()
      opener?.focus()
    }
  }, [])

  return (
    <dialog
      ref={dialogRef}
      className="shortcuts-sheet"
      aria-labelledby="shortcuts-heading"
      onCancel={(event) => {
        // Escape: close through React state, so the effect above restores focus.
        event.preventDefault()
        onClose()
      }}
      onKeyDown={keepTabInside}
      data-testid="shortcuts-help"
    >
      <header className="shortcuts-head">
        <h2 id="shortcuts-heading">{t("shortcuts.title")}</h2>
        <button type="button" onClick={onClose} data-testid="shortcuts-close">
          {t("shortcuts.close")}
        </button>
      </header>
      <dl className="shortcuts-list">
        {SHORTCUTS.map((shortcut) => (
          <div className="shortcut" key={shortcut.what}>
            <dt>
              {shortcut.keys.map((key, i) => (
                <span key={key}>
                  {i > 0 && " + "}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(shortcut.what)}</dd>
          </div>
        ))}
      </dl>
    </dialog>
  )
}

/** Tab and Shift+Tab wrap around the sheet's own controls instead of leaving it. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("button, [href], [tabindex='0']")]
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

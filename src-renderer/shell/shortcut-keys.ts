// Which key presses open the keyboard-shortcut sheet. "?" is a character people type in questions
// and notes, so it opens the sheet only when focus is not in a place that takes text.

const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "number", "tel", "url", "password", "date"])

/** True when `target` takes typed text (a text box, a text-like input, a select, an editable region). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type)
}

/** The key press that opens the sheet: "?" typed outside text fields, with no Ctrl, Alt or Meta. */
export function opensShortcutHelp(event: KeyboardEvent): boolean {
  if (event.key !== "?" || event.ctrlKey || event.altKey || event.metaKey) return false
  return !event.isComposing && !isTypingTarget(event.target)
}

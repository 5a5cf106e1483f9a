// Copies an answer for an e-mail: the clipboard gets the article as HTML (a mail program keeps its
// headings, lists and quotes) and the same answer as plain text (for plain-text mail). The app's
// Permissions-Policy switches the async Clipboard API off (clipboard-write=()), so this goes
// through the copy command, which a click allows: a copy event whose data we set ourselves.

export interface RichCopy {
  html: string
  text: string
}

/** Copies both forms; true when the clipboard took them. Call it from a click (user activation). */
export function copyRich({ html, text }: RichCopy): boolean {
  let written = false
  const onCopy = (event: ClipboardEvent) => {
    if (event.clipboardData === null) return
    event.clipboardData.setData("text/html", html)
    event.clipboardData.setData("text/plain", text)
    event.preventDefault()
    written = true
  }
  // The copy command needs something selected to fire its event: a buffer off screen, selected
  // for the moment of the copy; the user's selection and focus are put back after.
  const active = document.activeElement
  const selection = document.getSelection()
  const kept = selection !== null && selection.rangeCount > 0 ? selection.getRangeAt(0) : null
  const buffer = document.createElement("div")
  buffer.className = "paper-copy-buffer"
  buffer.textContent = text
  buffer.setAttribute("aria-hidden", "true")
  document.body.appendChild(buffer)
  document.addEventListener("copy", onCopy, true)
  try {
    const range = document.createRange()
    range.selectNodeContents(buffer)
    selection?.removeAllRanges()
    selection?.addRange(range)
    document.execCommand("copy")
  } catch {
    // A page without the copy command: nothing was written, and the caller says so.
  } finally {
    document.removeEventListener("copy", onCopy, true)
    buffer.remove()
    selection?.removeAllRanges()
    if (kept !== null) selection?.addRange(kept)
    if (active instanceof HTMLElement) active.focus()
  }
  return written
}

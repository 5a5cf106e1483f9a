// @vitest-environment happy-dom
import { describe, expect, it } from "vitest"
import { isTypingTarget, opensShortcutHelp } from "../../../../src-renderer/shell/shortcut-keys"

// "?" opens the shortcut sheet only where it is not a character being typed.

function press(target: HTMLElement, init: KeyboardEventInit): KeyboardEvent {
  document.body.append(target)
  let seen: KeyboardEvent | null = null
  target.addEventListener("keydown", (event) => (seen = event), { once: true })
  target.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, ...init }))
  target.remove()
  if (seen === null) throw new Error("no keydown seen")
  return seen
}

describe("the shortcut sheet's key", () => {
  it("opens on ? typed on a button, a link or the page", () => {
    expect(opensShortcutHelp(press(document.createElement("button"), { key: "?", shiftKey: true }))).toBe(true)
    expect(opensShortcutHelp(press(document.createElement("a"), { key: "?" }))).toBe(true)
  })

  it("does not open while typing a question, a note, a name or a choice", () => {
    for (const tag of ["textarea", "input", "select"] as const)
      expect(opensShortcutHelp(press(document.createElement(tag), { key: "?" })), tag).toBe(false)
    const checkbox = document.createElement("input")
    checkbox.type = "checkbox"
    expect(isTypingTarget(checkbox)).toBe(false)
  })

  it("does not open with Ctrl, Alt or Meta held, nor for other keys", () => {
    const button = () => document.createElement("button")
    expect(opensShortcutHelp(press(button(), { key: "?", ctrlKey: true }))).toBe(false)
    expect(opensShortcutHelp(press(button(), { key: "?", altKey: true }))).toBe(false)
    expect(opensShortcutHelp(press(button(), { key: "/" }))).toBe(false)
  })
})

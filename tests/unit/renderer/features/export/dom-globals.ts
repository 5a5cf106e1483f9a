import { Window } from "happy-dom"
import { populateGlobal } from "vitest/runtime"

// A happy-dom window for React in a file that runs under the "node" environment. These tests drive
// the real main-process services too, and only the node environment transforms modules as Node
// runs them (the happy-dom environment rewrites `new URL("./export-worker.js", import.meta.url)`
// into a page URL, and the export worker cannot start). Import this module first: react-dom looks
// for the DOM when it loads.

const window = new Window({ url: "http://localhost:3000" })
populateGlobal(globalThis, window, { bindFunctions: true })

export async function closeDom(): Promise<void> {
  await window.happyDOM.abort()
  await window.happyDOM.close()
}

import { IntakeError } from "./errors"

// The time limit, checked between steps of an extraction (each PDF stream scanned, each page
// read). One step that runs long is not cut short; the limits on sizes keep every step bounded.

export interface Deadline {
  check(): void
}

export function startDeadline(maxMillis: number, now: () => number = () => performance.now()): Deadline {
  const end = now() + maxMillis
  return {
    check() {
      if (now() > end)
        throw new IntakeError("TIMEOUT", {
          hr: `čitanje datoteke trajalo je dulje od ${Math.round(maxMillis / 1000)} s i prekinuto je`,
          en: `reading the file took longer than ${Math.round(maxMillis / 1000)} s and was stopped`,
        })
    },
  }
}

import { readFirmQueue } from "../../firm/firm-flags"
import type { CliIo } from "../io"
import type { FirmInvocation } from "./firm-args"
import { itemText } from "./flags"
import { openDeskStore } from "./firm-sync"

// `fiskai firm flags`: the flags other desks raised, as this desk last took them from the firm,
// each shown as `fiskai flags list` shows this desk's own (who raised it, who decided it, the
// run's question and answer), under the desk it came from. Read-only: a flag is decided at its desk.

export async function runFirmFlags({ values, locale }: FirmInvocation, io: CliIo): Promise<number> {
  const store = openDeskStore(values, io)
  if (store === null) return 1
  try {
    const items = readFirmQueue(store.sqlite, new Date(), values.all === true)
    if (values.json) {
      io.stdout.write(`${JSON.stringify(items)}\n`)
      return 0
    }
    const hr = locale === "hr"
    io.stdout.write(`${hr ? "Prijave s drugih stolova" : "Reports from other desks"}: ${items.length}\n`)
    for (const { desk, item } of items) io.stdout.write(`\n${hr ? "Stol" : "Desk"} ${desk}\n${itemText(item, locale)}\n`)
    return 0
  } finally {
    store.close()
  }
}

import { openPromise } from "yauzl"

/** One file of a ZIP as UTF-8 text (the bundle's report.html). */
export async function readZipText(path: string, name: string): Promise<string> {
  const zip = await openPromise(path, { lazyEntries: true, autoClose: false })
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue
      const chunks: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString("utf8")
    }
  } finally {
    zip.close()
  }
  throw new Error(`${name} is not in ${path}`)
}

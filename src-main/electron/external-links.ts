import type { LoadedPack } from "../knowledge/loader"

// Which links may leave the app for the system browser. The only links the UI shows are citation
// urls from the rule pack, so the allowed hosts are exactly the pack's evidence and source hosts,
// and only over https without embedded credentials.

export function allowedHostsFromPack(pack: LoadedPack): ReadonlySet<string> {
  const hosts = new Set<string>()
  const urls = [...pack.pack.evidence.map((e) => e.url), ...pack.pack.sources.flatMap((s) => (s.homeUrl ? [s.homeUrl] : []))]
  for (const url of urls) {
    try {
      hosts.add(new URL(url).hostname.toLowerCase())
    } catch {
      // The pack schema validates urls; an unparsable one simply allows nothing.
    }
  }
  return hosts
}

export function isAllowedExternalUrl(url: string, allowedHosts: ReadonlySet<string>): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== "https:") return false
  if (parsed.username !== "" || parsed.password !== "") return false
  return allowedHosts.has(parsed.hostname.toLowerCase())
}

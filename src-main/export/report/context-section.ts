import { knownAssumptionLabel } from "../../../src-shared/assumptions"
import type { ContextResolutionPayload } from "../../../src-shared/events/payloads"
import { facts, html, label, type SafeHtml } from "./html"
import { formatDate } from "../../../src-shared/format/dates"

// The client context the run was frozen with: every fact, where it came from, and the defaults
// the engine assumed. Rendered from the CONTEXT_RESOLUTION event, never from the live profile.

const SOURCE_WORDS: Record<string, string> = {
  user_profile: "client profile / profil klijenta",
  query: "the question / pitanje",
  assumed_default: "assumed default / pretpostavka",
}

/** An assumed default in words, Croatian then English, with the engine's code after it; an unknown code as it is. */
function assumedDefault(code: string): SafeHtml {
  const hr = knownAssumptionLabel(code, "hr")
  const en = knownAssumptionLabel(code, "en")
  if (hr === null || en === null) return html`<code>${code}</code>`
  // Not label(): the words carry the run's date, and label() caches the report's fixed vocabulary.
  return html`${hr} <span class="en">${en}</span> <code>${code}</code>`
}

/** Flattens a nested object into fact path -> scalar, e.g. "entity.vat.status" -> "IN_VAT". */
export function flattenFacts(value: unknown, prefix = ""): Array<[string, string]> {
  if (value === null || value === undefined) return []
  if (typeof value !== "object") return [[prefix, String(value)]]
  if (Array.isArray(value)) return [[prefix, value.map(String).join(", ")]]
  const rows: Array<[string, string]> = []
  for (const key of Object.keys(value).sort()) {
    const path = prefix === "" ? key : `${prefix}.${key}`
    rows.push(...flattenFacts((value as Record<string, unknown>)[key], path))
  }
  return rows
}

export function contextSection(context: ContextResolutionPayload | null): SafeHtml {
  if (context === null) return html`<p class="muted">${label("Kontekst nije utvrđen.", "No context was resolved.")}</p>`
  const rows = flattenFacts(context.evaluationContext)
  const snapshot = context.userContextSnapshot
  return html`
    ${facts([
      [label("Klijent", "Client"), context.clientId ?? "—"],
      [label("Datum primjene", "As of"), formatDate(context.asOfDate, "hr")],
      [label("Jurisdikcija", "Jurisdiction"), context.jurisdiction],
      [label("Područje", "Domain"), context.domain],
      [label("Razina rizika", "Risk tier"), context.riskTier],
    ])}
    <table class="grid">
      <thead><tr><th>${label("Činjenica", "Fact")}</th><th>${label("Vrijednost", "Value")}</th><th>${label("Izvor", "Source")}</th></tr></thead>
      <tbody>${rows.map(([path, value]) => {
        const source = context.factSources[path]
        return html`<tr><td><code>${path}</code></td><td>${value}</td><td>${source ? (SOURCE_WORDS[source] ?? source) : "—"}</td></tr>`
      })}</tbody>
    </table>
    ${snapshot.assumedDefaults.length > 0
      ? html`<p><strong>${label("Pretpostavljeno", "Assumed defaults")}:</strong> ${snapshot.assumedDefaults.map((code, i) => html`${i > 0 ? "; " : ""}${assumedDefault(code)}`)}</p>`
      : null}`
}

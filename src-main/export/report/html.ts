import { formatScore } from "../../../src-shared/format/numbers"

// Escaping by construction: every value interpolated into an `html` template is escaped unless it
// is itself the result of an `html` template. Questions, answers and quotes may contain markup;
// none of it can reach the report as markup.

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[]

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

const NEEDS_ESCAPE = /[&<>"']/
const ESCAPABLE = /[&<>"']/g

export function escapeHtml(text: string): string {
  // Most values hold nothing to escape: one test instead of a replace that copies the string.
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPABLE, (ch) => ESCAPES[ch] ?? ch) : text
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return ""
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join("")
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? ""
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "")
  return new SafeHtml(out)
}

const labels = new Map<string, Map<string, SafeHtml>>()
const LABEL_CACHE_LIMIT = 1000

/** A bilingual label: Croatian first (the firm's language), English for a foreign auditor. */
export function label(hr: string, en: string): SafeHtml {
  // Labels are the report's fixed vocabulary, rendered many times per trace: each is built once
  // (looked up by its two literal strings, whose hashes V8 keeps).
  let byEnglish = labels.get(hr)
  let made = byEnglish?.get(en)
  if (made === undefined) {
    made = hr === en ? html`${hr}` : html`${hr} <span class="en">${en}</span>`
    if (labels.size < LABEL_CACHE_LIMIT) {
      byEnglish ??= new Map()
      labels.set(hr, byEnglish)
      byEnglish.set(en, made)
    }
  }
  return made
}

export function list(items: readonly string[], empty = "—"): SafeHtml {
  if (items.length === 0) return html`<p class="muted">${empty}</p>`
  return html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`
}

/** A two-column table of label/value rows; rows whose value is null or undefined are left out. */
export function facts(rows: ReadonlyArray<readonly [SafeHtml | string, HtmlValue]>): SafeHtml {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== "")
  return html`<table class="facts">${shown.map(([name, value]) => html`<tr><th>${name}</th><td>${value}</td></tr>`)}</table>`
}

export function percent(score: number): string {
  return formatScore(score, "hr")
}

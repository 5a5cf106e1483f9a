import { facts, html, label, SafeHtml } from "./html"

// The report's frame: a self-contained page (inline CSS, no scripts, nothing fetched; the CSP
// forbids it even if something slipped in) made for reading on screen and for printing, one trace
// per printed page group.

export interface ReportMeta {
  firmName: string
  exportedAt: string
  exportedBy: string
  appVersion: string
  traceCount: number
  fingerprint: string
}

const CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 14px/1.45 "DejaVu Sans", "Segoe UI", Arial, sans-serif; color: #1b1f24; margin: 0; padding: 24px 32px; max-width: 1000px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 0 0 6px; }
h3 { font-size: 15px; margin: 18px 0 6px; border-bottom: 1px solid #d0d7de; padding-bottom: 2px; }
h4 { font-size: 14px; margin: 10px 0 4px; }
.en { color: #57606a; font-weight: normal; }
.en::before { content: "/ "; }
.muted { color: #57606a; }
.small { font-size: 12px; color: #444c56; }
code { font: 12px/1.3 "DejaVu Sans Mono", Consolas, monospace; overflow-wrap: anywhere; }
.url { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 12px; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 6px 0; }
table.facts th { text-align: left; padding: 2px 12px 2px 0; vertical-align: top; font-weight: 600; }
table.facts td { padding: 2px 0; overflow-wrap: anywhere; }
table.grid { width: 100%; }
table.grid th, table.grid td { border: 1px solid #d0d7de; padding: 4px 6px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
table.grid thead th { background: #f6f8fa; }
tr.changed td { background: #fff8c5; font-weight: 600; }
.cover { border-bottom: 2px solid #1b1f24; margin-bottom: 16px; padding-bottom: 8px; }
section.trace { border-top: 3px solid #1b1f24; padding-top: 12px; margin-top: 28px; }
section.trace + section.trace { break-before: page; }
.question { font-size: 16px; white-space: pre-wrap; background: #f6f8fa; border-left: 4px solid #57606a; padding: 8px 12px; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 2px 10px; border-radius: 10px; font-weight: 700; border: 1px solid; }
.badge.answer { color: #116329; border-color: #116329; }
.badge.qualified-answer, .badge.conditional-answer { color: #7d4e00; border-color: #7d4e00; }
.badge.refusal { color: #82071e; border-color: #82071e; }
.badge.error, .badge.none { color: #57606a; border-color: #57606a; }
.stage { border-left: 3px solid #d0d7de; padding: 0 0 0 10px; margin: 8px 0; break-inside: avoid; }
.outcome { border: 2px solid #116329; padding: 8px 12px; margin-top: 6px; }
.outcome.qualified-answer, .outcome.conditional-answer { border-color: #7d4e00; }
.outcome.refusal { border-color: #82071e; }
.outcome.error, .outcome.none { border-color: #57606a; }
.outcome h3 { border: 0; margin-top: 0; }
.headline { font-weight: 700; font-size: 15px; }
blockquote { margin: 4px 0 4px 8px; padding: 4px 10px; border-left: 3px solid #8c959f; background: #f6f8fa; white-space: pre-wrap; }
.warning { background: #fff8c5; border: 1px solid #d4a72c; padding: 4px 10px; margin-bottom: 8px; }
.conflict { border: 1px dashed #d4a72c; padding: 4px 10px; margin: 6px 0; }
.hypothetical-banner { background: repeating-linear-gradient(45deg, #fff1e5, #fff1e5 10px, #ffe2c7 10px, #ffe2c7 20px); border: 2px dashed #bc4c00; color: #6b2c00; padding: 8px 12px; margin-bottom: 10px; }
section.hypothetical { border-top-color: #bc4c00; }
.hypo-tag { background: #bc4c00; color: #fff; padding: 1px 8px; border-radius: 8px; font-size: 12px; }
@media print { body { padding: 0; max-width: none; } a { color: inherit; text-decoration: none; } .hypothetical-banner { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
`

export function reportHead(meta: ReportMeta): SafeHtml {
  return html`<!DOCTYPE html>
<html lang="hr">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${label("Revizijsko izvješće", "Audit report")} — ${meta.firmName || "FiskAI"}</title>
<style>${new SafeHtml(CSS)}</style>
</head>
<body>
<header class="cover">
<h1>${label("Revizijsko izvješće", "Audit report")}</h1>
${facts([
  [label("Tvrtka", "Firm"), meta.firmName || "—"],
  [label("Izvezeno", "Exported"), meta.exportedAt],
  [label("Izvezao", "Exported by"), meta.exportedBy],
  [label("Aplikacija", "Application"), `FiskAI Workstation ${meta.appVersion}`],
  [label("Broj tragova", "Traces"), meta.traceCount],
  [label("Otisak ključa za potpis", "Signing key fingerprint"), html`<code>${meta.fingerprint}</code>`],
])}
<p class="small">${label(
    "Ovo izvješće prikazuje pohranjene događaje; paket se provjerava naredbom verify (vidi VERIFYING.md).",
    "This report renders the stored events; the bundle is checked with the verify command (see VERIFYING.md).",
  )}</p>
</header>
`
}

// The CSS above is ours and constant, so it is inserted as is (it holds quotes in font names).

export function reportFoot(): SafeHtml {
  return html`</body>
</html>
`
}

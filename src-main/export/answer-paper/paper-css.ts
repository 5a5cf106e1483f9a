// The stylesheet of an answer on paper: A4 with margins, black on white, and page breaks that never
// split a citation, a heading from what follows it, or the provenance block. Everything is scoped
// to the article (.answer-paper), so the window's print view can adopt the same sheet without
// touching its own screens; only @page is global, and it applies only when printing.

const BASE_CSS = `
@page { size: A4; margin: 18mm 16mm 20mm 18mm; }
.answer-paper { font: 10.5pt/1.45 "DejaVu Sans", "Segoe UI", Arial, sans-serif; color: #111; background: #fff; max-width: 178mm; margin: 0 auto; }
.answer-paper * { box-sizing: border-box; }
.answer-paper h1 { font-size: 15pt; margin: 0 0 2mm; }
.answer-paper h2 { font-size: 12pt; margin: 6mm 0 2mm; padding-bottom: 1mm; border-bottom: 1px solid #999; break-after: avoid; page-break-after: avoid; }
.answer-paper h3 { font-size: 10.5pt; margin: 3mm 0 1mm; break-after: avoid; page-break-after: avoid; }
.answer-paper p { margin: 0 0 2mm; }
.answer-paper ul, .answer-paper ol { margin: 0 0 2mm; padding-left: 6mm; }
.answer-paper li { margin: 0 0 1mm; }
.answer-paper .paper-brand { font-size: 9pt; color: #444; margin-bottom: 4mm; text-transform: none; }
.answer-paper .paper-question { font-size: 12pt; white-space: pre-wrap; overflow-wrap: anywhere; border-left: 3px solid #444; padding: 1mm 0 1mm 3mm; margin: 0 0 3mm; }
.answer-paper table { border-collapse: collapse; width: 100%; margin: 0 0 2mm; }
.answer-paper th, .answer-paper td { text-align: left; vertical-align: top; padding: 0.8mm 3mm 0.8mm 0; overflow-wrap: anywhere; }
.answer-paper th { font-weight: 600; white-space: nowrap; width: 1%; }
.answer-paper table.paper-branches th, .answer-paper table.paper-branches td { border: 1px solid #999; padding: 1mm 2mm; white-space: normal; width: auto; }
.answer-paper table.paper-differences th, .answer-paper table.paper-differences td { border: 1px solid #999; padding: 1mm 2mm; white-space: normal; width: auto; }
.answer-paper table.paper-differences tr { break-inside: avoid; page-break-inside: avoid; }
.answer-paper .paper-document .paper-facts td:first-of-type, .answer-paper table.paper-differences th, .answer-paper table.paper-differences td { overflow-wrap: break-word; }
.answer-paper .paper-document .paper-facts td:first-of-type { min-width: 20mm; }
.answer-paper .paper-hypothetical { border: 2px dashed #8a3b00; color: #5c2700; padding: 2mm 3mm; font-weight: 700; }
.answer-paper .paper-headline { font-size: 12pt; font-weight: 700; }
.answer-paper .paper-warning { border-left: 3px solid #8a6d00; padding-left: 3mm; }
.answer-paper .paper-citation { break-inside: avoid; page-break-inside: avoid; margin: 0 0 3mm; }
.answer-paper .paper-citation-title { font-weight: 600; margin: 0; }
.answer-paper .paper-citation-source { font-size: 9.5pt; color: #333; margin: 0 0 1mm; }
.answer-paper blockquote { margin: 0 0 1mm; padding: 1mm 3mm; border-left: 3px solid #777; background: #f3f3f3; white-space: pre-wrap; overflow-wrap: anywhere; }
.answer-paper .paper-url, .answer-paper code { font: 9pt/1.35 "DejaVu Sans Mono", Consolas, monospace; overflow-wrap: anywhere; word-break: break-all; }
.answer-paper .paper-small { font-size: 9pt; color: #333; }
.answer-paper .paper-nowrap { white-space: nowrap; }
.answer-paper .paper-provenance { break-inside: avoid; page-break-inside: avoid; margin-top: 6mm; }
@media print {
  .answer-paper { max-width: none; margin: 0; }
  .answer-paper a { color: inherit; text-decoration: none; }
  .answer-paper blockquote, .answer-paper .paper-hypothetical { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`

/**
 * A CSS string literal: the run id goes into the page footer's generated content. Quotes and
 * backslashes are escaped, and "<" too, so that the sheet can never close its <style> element.
 */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, (ch) => `\\${ch}`).replace(/</g, "\\3c ").replace(/[\n\r\f]/g, " ")}"`
}

/**
 * The sheet for one answer: the base, and a footer on every printed page with the run id (so a loose
 * page still says which answer it belongs to) and "page n of m".
 */
export function paperCss(requestId: string, pageWord: string): string {
  return `${BASE_CSS}@page {
  @bottom-left { content: ${cssString(requestId)}; font: 8pt "DejaVu Sans Mono", monospace; color: #555; }
  @bottom-right { content: ${cssString(`${pageWord} `)} counter(page) " / " counter(pages); font: 8pt "DejaVu Sans", sans-serif; color: #555; }
}
`
}

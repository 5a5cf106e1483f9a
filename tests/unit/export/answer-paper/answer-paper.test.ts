import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TraceDetail } from "../../../../src-shared/traces"
import { PaperUnavailableError, renderAnswerPaper } from "../../../../src-main/export/answer-paper/answer-paper"
import { escapeHtml } from "../../../../src-main/export/report/html"
import { formatScore } from "../../../../src-shared/format/numbers"
import { viewTrace } from "../../../../src-main/export/trace-view"
import { factLabel } from "../../../../src-main/knowledge/facts"
import { buildPaperFixture, CLIENT, HOSTILE_QUESTION, VAT_EN, VAT_HR, type PaperFixture } from "./paper-fixture"

// The document, the article and the plain text of one answer, rendered from real stored runs:
// what a reader must find on paper, in the run's language and formats, and nothing a hostile
// question could smuggle in as markup.

let fixture: PaperFixture

beforeAll(async () => {
  fixture = await buildPaperFixture()
}, 120_000)
afterAll(() => fixture?.cleanup())

function terminalData(detail: TraceDetail) {
  const terminal = viewTrace(detail.events).terminal
  if (terminal === null || terminal.stage === "ERROR" || terminal.stage === "REFUSAL") throw new Error("fixture run has no answer")
  return terminal.data
}

function confidenceScore(detail: TraceDetail): number {
  const confidence = viewTrace(detail.events).confidence
  if (confidence === null) throw new Error("fixture run has no confidence")
  return confidence.score
}

function paperOf(key: keyof PaperFixture["details"], client: { name: string; oib: string | null } | null = null) {
  return renderAnswerPaper({ detail: fixture.details[key], client, firmName: "Ured <Šćepanović> d.o.o." })
}

describe("an answer on paper, Croatian run", () => {
  it("carries the question, client with OIB, as-of date, headline, citations, confidence, pack and run hash", () => {
    const detail = fixture.details.hr
    const answer = terminalData(detail)
    const paper = paperOf("hr", CLIENT)
    for (const form of [paper.documentHtml, paper.articleHtml, paper.frameHtml]) {
      expect(form).toContain(escapeHtml(VAT_HR))
      expect(form).toContain(`${escapeHtml(CLIENT.name)} (OIB ${CLIENT.oib})`)
      expect(form).toContain("1. 6. 2025.")
      expect(form).toContain(escapeHtml(answer.headline))
      expect(answer.citations.length).toBeGreaterThan(0)
      for (const citation of answer.citations) {
        expect(form).toContain(`„${escapeHtml(citation.quote)}”`)
        expect(form).toContain(escapeHtml(citation.url))
      }
      expect(form).toContain(escapeHtml(answer.legalBasis ?? "no legal basis in the fixture"))
      expect(form).toContain(formatScore(confidenceScore(detail), "hr"))
      expect(form).toContain(detail.trace.requestId)
      expect(form).toContain(detail.trace.chainHead ?? "no chain head in the fixture")
      expect(form).toContain(`${detail.trace.packId} ${detail.trace.packVersion}`)
      expect(form).toContain(detail.trace.packHash)
      expect(form).toContain("Obveze")
    }
    expect(paper.locale).toBe("hr")
    expect(paper.documentHtml).toContain('<html lang="hr">')
    expect(paper.title).toBe(`Odgovor: ${VAT_HR}`)
  })

  it("writes money, percentages and dates the Croatian way", () => {
    const paper = paperOf("hr", CLIENT)
    expect(paper.text).toContain("60.000,00 EUR")
    expect(paper.text).toMatch(/Pouzdanost: \d+ % \(/)
    expect(paper.text).toContain("Stanje na dan: 1. 6. 2025.")
    // The moment it was answered: the fixture's clock ran from 2 June 2025.
    expect(paper.text).toMatch(/Odgovoreno: 2\. 6\. 2025\. u \d\d:\d\d:\d\d \(UTC[+-]\d\d:\d\d\)/)
  })

  it("is a self-contained page: inline CSS for A4, no script, a CSP that fetches nothing, citations kept whole", () => {
    const { documentHtml, frameHtml, css } = paperOf("hr")
    expect(documentHtml).toMatch(/^<!DOCTYPE html>/)
    expect(documentHtml).toContain("default-src &#39;none&#39;")
    expect(documentHtml).not.toMatch(/<script|<link|<img|src=/i)
    expect(css).toContain("size: A4")
    expect(css).toMatch(/\.paper-citation \{[^}]*break-inside: avoid/)
    expect(documentHtml).toContain("<style>")
    // The print view's copy has no <style> (the app's CSP would refuse it); it adopts `css` instead.
    expect(frameHtml).not.toContain("<style>")
  })

  it("names the file by the run, in characters every file system takes", () => {
    const { fileName } = paperOf("hr")
    expect(fileName).toBe(`FiskAI-odgovor-2025-06-01-${fixture.details.hr.trace.requestId}`)
    expect(fileName).toMatch(/^[A-Za-z0-9._-]+$/)
  })
})

describe("an answer on paper, English run", () => {
  it("is written in English with English formats, whatever the quotes' language", () => {
    const detail = fixture.details.en
    const answer = terminalData(detail)
    const paper = paperOf("en", CLIENT)
    expect(paper.locale).toBe("en")
    expect(paper.documentHtml).toContain('<html lang="en">')
    expect(paper.text).toContain(`Question: ${VAT_EN}`)
    expect(paper.text).toContain("As of: 1 June 2025")
    expect(paper.text).toContain("EUR 60,000.00")
    expect(paper.text).toContain(`Confidence: ${formatScore(confidenceScore(detail), "en")} (`)
    expect(paper.text).toMatch(/Confidence: \d+% \(/)
    expect(paper.text).toMatch(/Answered: 2 June 2025 at \d\d:\d\d:\d\d/)
    expect(paper.documentHtml).toContain("Sources and citations")
    for (const citation of answer.citations) expect(paper.text).toContain(`“${citation.quote}”`)
    expect(paper.fileName.startsWith("FiskAI-answer-2025-06-01-")).toBe(true)
  })
})

describe("hostile text stays text", () => {
  it("escapes markup in a question everywhere it is shown", () => {
    const paper = paperOf("hostile", { name: `<img src=x onerror="alert(1)">`, oib: null })
    for (const form of [paper.documentHtml, paper.articleHtml, paper.frameHtml]) {
      expect(form).not.toContain("<script>")
      expect(form).not.toContain("<img")
      expect(form).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")
      expect(form).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;")
      expect(form).toContain("Ured &lt;Šćepanović&gt; d.o.o.")
    }
    expect(paper.title).toContain(`<script>alert("x")</script>`)
    expect(paper.documentHtml).toContain(`<title>Odgovor: ${escapeHtml(HOSTILE_QUESTION.slice(0, 79))}…</title>`)
    // Plain text is not markup: the question is as it was typed.
    expect(paper.text).toContain(`Pitanje: ${HOSTILE_QUESTION}`)
  })

  it("keeps a run id out of the stylesheet's syntax", () => {
    const detail = fixture.details.hr
    const forged: TraceDetail = { ...detail, trace: { ...detail.trace, requestId: `x"; } </style><script>alert(1)</script>` } }
    const paper = renderAnswerPaper({ detail: forged, client: null })
    expect(paper.documentHtml).not.toContain("<script>")
    expect(paper.documentHtml.match(/<\/style>/g)).toHaveLength(1)
    expect(paper.css).toContain(String.raw`content: "x\"; } \3c /style>\3c script>alert(1)\3c /script>"`)
  })
})

describe("every outcome that answered something", () => {
  it("states a qualified answer's disagreement and its caveats", () => {
    const paper = paperOf("qualified")
    expect(paper.documentHtml).toContain("Odgovor s upozorenjem")
    expect(paper.text).toContain("Izvori se ne slažu: ")
    expect(paper.text).toContain("Napomene:")
  })

  it("names a conditional answer's missing fact in words and lists its branches", () => {
    const paper = paperOf("conditional")
    const terminal = viewTrace(fixture.details.conditional.events).terminal
    if (terminal?.stage !== "CONDITIONAL_ANSWER") throw new Error("fixture run is not conditional")
    const [dimension] = terminal.data.missingDimensions
    const branch = terminal.data.branches.find((b) => b.dimension === dimension)
    expect(branch).toBeDefined()
    expect(paper.text).toContain(`Nedostaje: ${factLabel(branch?.factPath ?? "", "hr")}`)
    expect(paper.text).not.toContain(`Nedostaje: ${dimension}`)
    expect(paper.text).toContain("Mogući odgovori:")
    expect(paper.documentHtml).toContain('class="paper-branches"')
  })

  it("prints a refusal with its reason and next steps, and no citations section", () => {
    const paper = paperOf("refusal")
    expect(paper.text).toContain("Bez odgovora: Na ovo pitanje ne možemo pouzdano odgovoriti")
    expect(paper.text).toContain("Sljedeći koraci:")
    expect(paper.documentHtml).not.toContain("Izvori i citati")
    expect(paper.text).toContain(fixture.details.refusal.trace.chainHead ?? "no chain head")
  })

  it("marks a hypothetical as such, naming the run it is a what-if of", () => {
    const paper = paperOf("hypothetical")
    expect(paper.text.split("\n")[0]).toContain(`HIPOTETSKI SCENARIJ (što ako) izvornog odgovora ${fixture.details.hr.trace.requestId}`)
    expect(paper.documentHtml).toContain('class="paper-hypothetical"')
  })

  it("refuses to print an error or a run that has not ended, saying why", () => {
    expect(() => paperOf("error")).toThrow(PaperUnavailableError)
    expect(() => paperOf("error")).toThrow(/ended in an error/)
    const detail = fixture.details.hr
    const running: TraceDetail = { trace: { ...detail.trace, status: "running", chainHead: null }, events: detail.events.slice(0, 3) }
    expect(() => renderAnswerPaper({ detail: running, client: null })).toThrow(/has not ended/)
  })
})

describe("the plain text for an e-mail", () => {
  it("reads in order: question, answer, citations with quotes, then run id and hash", () => {
    const detail = fixture.details.hr
    const answer = terminalData(detail)
    const { text } = paperOf("hr", CLIENT)
    const at = (needle: string) => {
      const index = text.indexOf(needle)
      expect(index, needle).toBeGreaterThanOrEqual(0)
      return index
    }
    const order = [
      at(`Pitanje: ${VAT_HR}`),
      at(`Odgovor: ${answer.headline}`),
      at("Izvori i citati:"),
      ...answer.citations.map((c) => at(`„${c.quote}”`)),
      at(`Oznaka izvođenja: ${detail.trace.requestId}`),
      at(`Zadnji hash lanca: ${detail.trace.chainHead ?? "?"}`),
    ]
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(text).not.toMatch(/<\/?(p|li|ol|ul|h\d|table|tr|td|th|blockquote|article|section|code|strong)\b/)
  })
})

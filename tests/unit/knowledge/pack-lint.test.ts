import { describe, expect, it } from "vitest"
import { loadPack } from "../../../src-main/knowledge/loader"
import { goldenConceptsOf, lintPack, type Finding } from "../../../src-main/knowledge/pack-lint"
import { syntheticPack } from "../../fixtures/packs"
import { cleanPackRaw, ev } from "../../fixtures/packs/clean-pack"

// The pack lint: each check fires on a small synthetic pack (invented values, example.org urls)
// and stays quiet on a clean one.

type Raw = ReturnType<typeof cleanPackRaw>
type RawRule = Raw["rules"][number]

/** Lints the clean pack after `change`, with every concept reachable from golden questions. */
function lint(change: (raw: Raw) => void = () => {}, golden: ReadonlySet<string> = new Set(["vat-threshold", "vat-return-deadline"])): Finding[] {
  const raw = cleanPackRaw()
  change(raw)
  return lintPack(loadPack(raw).pack, { goldenConcepts: golden })
}

const codes = (findings: Finding[]) => findings.map((f) => `${f.code} ${f.where}`)
const ruleOf = (raw: Raw, id: string): RawRule => {
  const found = raw.rules.find((r) => r.id === id)
  if (!found) throw new Error(id)
  return found
}

/** Sets a rule's verification label (the clean pack's rules carry none). */
const label = (raw: Raw, id: string, verification: "CONFIRMED_SECONDARY" | "SINGLE_SECONDARY") => void Object.assign(ruleOf(raw, id), { verification })

describe("lintPack", () => {
  it("finds nothing wrong with a clean pack", () => {
    expect(lint()).toEqual([])
  })

  it("QUOTE_VALUE: the primary quote lacks the value", () => {
    const findings = lint((raw) => {
      ruleOf(raw, "vat.threshold.old").value = { type: "currency", value: 45000, currency: "EUR" }
      ruleOf(raw, "vat.return.deadline").value = { type: "deadline", text: { hr: "do 15. u mjesecu", en: "by the 15th" } }
      ruleOf(raw, "vat.threshold.start").value = { type: "date", value: "2025-02-01" }
    })
    expect(codes(findings)).toEqual(["QUOTE_VALUE rule vat.threshold.old", "QUOTE_VALUE rule vat.threshold.start", "QUOTE_VALUE rule vat.return.deadline"])
    expect(findings[0]?.message).toBe("primary quote (e-prag-old) does not contain EUR 45000")
  })

  it("QUOTE_VALUE reads only the primary (first) evidence", () => {
    const findings = lint((raw) => {
      ruleOf(raw, "vat.threshold.new").evidenceIds = ["e-rok", "e-prag-new"]
      ruleOf(raw, "vat.threshold.new").authority = "GUIDANCE"
    })
    expect(codes(findings)).toEqual(["QUOTE_VALUE rule vat.threshold.new"])
  })

  it("CONFIRMED_WITH_ONE_SOURCE: a rule tagged as confirmed by two sources cites one", () => {
    const tagged = (raw: Raw) => {
      label(raw, "vat.threshold.new", "CONFIRMED_SECONDARY")
      label(raw, "vat.return.deadline", "CONFIRMED_SECONDARY")
    }
    const findings = lint(tagged)
    expect(codes(findings)).toEqual(["CONFIRMED_WITH_ONE_SOURCE rule vat.threshold.new", "CONFIRMED_WITH_ONE_SOURCE rule vat.return.deadline"])
    expect(findings[0]?.message).toBe("tagged CONFIRMED_SECONDARY but cites only s-law: cite a second independent source or tag it SINGLE_SECONDARY")

    // Two records of one source are still one source.
    const twoRecordsOneSource = (raw: Raw) => {
      tagged(raw)
      ruleOf(raw, "vat.threshold.new").evidenceIds = ["e-prag-new", "e-prag-old"]
    }
    expect(codes(lint(twoRecordsOneSource))).toContain("CONFIRMED_WITH_ONE_SOURCE rule vat.threshold.new")

    // A second source, or the honest SINGLE_SECONDARY tag, clears it.
    const fixed = (raw: Raw) => {
      tagged(raw)
      ruleOf(raw, "vat.threshold.new").evidenceIds = ["e-prag-new", "e-start"]
      label(raw, "vat.return.deadline", "SINGLE_SECONDARY")
    }
    expect(lint(fixed)).toEqual([])
  })

  it("AUTHORITY: a rule's authority differs from its primary source's", () => {
    expect(codes(lint((raw) => void (ruleOf(raw, "vat.threshold.new").authority = "PRACTICE")))).toEqual(["AUTHORITY rule vat.threshold.new"])
  })

  it("OVERLAP: a family in force twice on one day, unless appliesWhen or a conflict tells them apart", () => {
    const overlapping = (raw: Raw) => void (ruleOf(raw, "vat.threshold.old").effectiveUntil = "2025-01-01")
    expect(codes(lint(overlapping))).toEqual(["OVERLAP rule vat.threshold.old"])
    expect(lint(overlapping)[0]?.message).toContain("vat.threshold.new")

    const sameCondition = (raw: Raw) => {
      overlapping(raw)
      for (const id of ["vat.threshold.old", "vat.threshold.new"]) Object.assign(ruleOf(raw, id), { appliesWhen: { exists: "entity.type" } })
    }
    expect(codes(lint(sameCondition))).toEqual(["OVERLAP rule vat.threshold.old"])
    const oneCondition = (raw: Raw) => {
      overlapping(raw)
      Object.assign(ruleOf(raw, "vat.threshold.new"), { appliesWhen: { exists: "entity.type" } })
    }
    expect(codes(lint(oneCondition))).toEqual(["OVERLAP rule vat.threshold.old"])

    const differentConditions = (raw: Raw) => {
      overlapping(raw)
      Object.assign(ruleOf(raw, "vat.threshold.old"), { appliesWhen: { eq: ["entity.type", "DOO"] } })
      Object.assign(ruleOf(raw, "vat.threshold.new"), { appliesWhen: { eq: ["entity.type", "OBRT"] } })
    }
    expect(lint(differentConditions)).toEqual([])
    const declared = (raw: Raw) => {
      overlapping(raw)
      Object.assign(raw, {
        conflicts: [{ id: "c1", ruleIds: ["vat.threshold.new", "vat.threshold.old"], description: { hr: "Izvori se razlikuju.", en: "Sources differ." }, canProceedWithWarning: true }],
      })
    }
    expect(lint(declared)).toEqual([])
    const draft = (raw: Raw) => {
      overlapping(raw)
      Object.assign(ruleOf(raw, "vat.threshold.new"), { status: "DRAFT" })
    }
    expect(lint(draft)).toEqual([])
  })

  it("ORPHAN: a concept without rules, uncited evidence, an unused source, a topic without concepts", () => {
    const findings = lint((raw) => {
      raw.concepts.push({ slug: "lonely", nameHr: "Sam", nameEn: "Alone", keywords: ["sam"], topic: "t-vat", subjects: ["vat"] })
      raw.evidence.push(ev("e-unused", "s-guide", "SYNTHETIC: nobody cites this."))
      raw.sources.push({ id: "s-unused", name: "Unused", authority: "PRACTICE" })
      raw.topics.push({ id: "t-empty", nameHr: "Prazno", nameEn: "Empty", dimensions: [] })
    }, new Set(["vat-threshold", "vat-return-deadline", "lonely"]))
    expect(codes(findings)).toEqual(["ORPHAN concept lonely", "ORPHAN evidence e-unused", "ORPHAN source s-unused", "ORPHAN topic t-empty"])
  })

  it("UNKNOWN_SUBJECT and ORPHAN subject: subjects used but not defined, defined but not used", () => {
    const findings = lint((raw) => {
      raw.concepts[0]?.subjects.push("nowhere")
      raw.subjects.push({ id: "unused", kind: "item", nameHr: "Ništa", nameEn: "Nothing", terms: ["nista"], within: "missing-parent" })
    })
    expect(codes(findings)).toEqual(["UNKNOWN_SUBJECT concept vat-threshold", "UNKNOWN_SUBJECT subject unused", "ORPHAN subject unused"])
    // A subject used only as another's parent is used.
    expect(lint((raw) => void (raw.concepts[0].subjects = ["vat-return"]))).toEqual([])
  })

  it("UNKNOWN_SUBJECT: a subject marked abroad must be within a broader one", () => {
    const findings = lint((raw) => {
      raw.subjects.push(Object.assign({ id: "abroad-alone", kind: "topic", nameHr: "Inozemstvo", nameEn: "Abroad", terms: ["inozemstvo"] }, { abroad: true }))
      raw.concepts[0]?.subjects.push("abroad-alone")
    })
    expect(codes(findings)).toEqual(["UNKNOWN_SUBJECT subject abroad-alone"])
  })

  it("UNKNOWN_SUBJECT: a subject marked for goods sold to another EU state must be within a broader one", () => {
    const findings = lint((raw) => {
      raw.subjects.push(Object.assign({ id: "eu-alone", kind: "topic", nameHr: "Isporuka u EU", nameEn: "EU supply", terms: ["isporuka u eu"] }, { euGoodsSupply: true }))
      raw.concepts[0]?.subjects.push("eu-alone")
    })
    expect(codes(findings)).toEqual(["UNKNOWN_SUBJECT subject eu-alone"])
  })

  it("INTERNAL_REF: notes rows, the notes, row ids and pack ids in what users read", () => {
    const findings = lint((raw) => {
      raw.evidence[0].title = "Ministarstvo financija (istraživačke bilješke, red 2.1)"
      raw.evidence[1].title = "Research notes, notes row V5 (hr-tax-facts.md)"
      ruleOf(raw, "vat.threshold.new").statement = { hr: "Prag je 60.000,00 EUR (M13).", en: "See vat.threshold.old and vat-return-deadline." }
      raw.concepts[0].nameEn = "VAT threshold C6"
    })
    expect(findings.map((f) => `${f.where}: ${f.message}`)).toEqual([
      'rule vat.threshold.new: statement.hr mentions the row id M13',
      "rule vat.threshold.new: statement.en mentions the pack id vat.threshold.old",
      "rule vat.threshold.new: statement.en mentions the pack id vat-return-deadline",
      "concept vat-threshold: nameEn mentions the row id C6",
      'evidence e-prag-old: title mentions a notes row ("red N")',
      'evidence e-prag-old: title mentions the research notes ("istraživačk…")',
      "evidence e-prag-new: title mentions the research notes",
      "evidence e-prag-new: title mentions a notes row",
      "evidence e-prag-new: title mentions the notes file",
      "evidence e-prag-new: title mentions the row id V5",
    ])
    expect(new Set(findings.map((f) => f.code))).toEqual(new Set(["INTERNAL_REF"]))
  })

  it("INTERNAL_REF leaves ordinary text alone", () => {
    const ordinary = [
      "Zakon o fiskalizaciji (NN 89/25) propisuje eRačune prema normi EN 16931 za B2B i B2G transakcije.",
      "R1 račun i obrazac A1; JOPPD, PDV-S, PD obrazac; u Q1 2026.; čl. 38 st. 2 t. a); 5 % i 13 %.",
      "From 1 January 2026, red wine and the general rate apply; COVID-19 measures ended.",
    ]
    const findings = lint((raw) => {
      ruleOf(raw, "vat.threshold.new").statement = { hr: ordinary[0], en: ordinary[2] }
      ruleOf(raw, "vat.threshold.old").titleHr = ordinary[1]
      // A publisher's name is no row id: the broadcaster N1.
      raw.sources.push({ id: "n1", name: "N1 Hrvatska", authority: "GUIDANCE" })
      Object.assign(raw.evidence[2], { sourceId: "n1", title: "N1: Rokovi za PDV prijavu" })
    })
    expect(findings).toEqual([])
  })

  it("HR_TEXT: English words and enum codes in a rule's Croatian text", () => {
    const findings = lint((raw) => {
      ruleOf(raw, "vat.threshold.new").statement = { hr: "Ako je revenue iznad THRESHOLD, IN_VAT obveznik.", en: "Above the threshold, revenue makes it IN_VAT." }
      ruleOf(raw, "vat.threshold.old").titleHr = "Prag za PAUSALNI obrt"
    })
    expect(findings.map((f) => `${f.where}: ${f.message}`)).toEqual([
      'rule vat.threshold.old: titleHr contains the code PAUSALNI',
      'rule vat.threshold.new: statement.hr contains the English word "revenue"',
      'rule vat.threshold.new: statement.hr contains the English word "THRESHOLD"',
      "rule vat.threshold.new: statement.hr contains the code IN_VAT",
    ])
  })

  it("NO_LEGAL_BASIS, NO_ATTRIBUTE, NO_SUBJECTS: the 2.0 format's fields", () => {
    const findings = lint((raw) => {
      const r = ruleOf(raw, "vat.threshold.new") as Partial<RawRule>
      delete r.legalBasis
      delete r.attribute
      delete (raw.concepts[1] as { subjects?: string[] }).subjects
      raw.concepts[0].subjects = []
      raw.subjects = []
    })
    expect(codes(findings)).toEqual([
      "NO_LEGAL_BASIS rule vat.threshold.new",
      "NO_ATTRIBUTE rule vat.threshold.new",
      "NO_SUBJECTS concept vat-threshold",
      "NO_SUBJECTS concept vat-return-deadline",
    ])
  })

  it("NO_GOLDEN: a concept no golden question expects, only when golden concepts are given", () => {
    expect(codes(lint(undefined, new Set(["vat-threshold"])))).toEqual(["NO_GOLDEN concept vat-return-deadline"])
    const raw = cleanPackRaw()
    expect(lintPack(loadPack(raw).pack, {})).toEqual([])
  })

  it("reads golden concepts from expect.primaryConcept and expect.concepts", () => {
    const cases = [
      { expect: { outcome: "ANSWER", primaryConcept: "a" } },
      { expect: { outcome: "ANSWER", concepts: ["b", "c"] } },
      { expect: { outcome: "NOT_ANSWER" } },
      null,
      "junk",
    ]
    expect(goldenConceptsOf(cases)).toEqual(new Set(["a", "b", "c"]))
  })

  it("runs on the synthetic fixture pack (a 1.x pack: no 2.0 fields)", () => {
    const findings = lintPack(syntheticPack().pack)
    expect(findings.some((f) => f.code === "NO_LEGAL_BASIS")).toBe(true)
    expect(findings.every((f) => /^[A-Z_]+$/.test(f.code) && f.where.length > 0 && f.message.length > 0)).toBe(true)
  })
})


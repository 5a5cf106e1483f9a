import type { TerminalPayload } from "../../src-shared/events/event"
import type { FocusAttribute } from "../../src-shared/events/payloads"
import { nearbyConcepts } from "../knowledge/concept-matcher"
import { focusIndex } from "../knowledge/focus-index"
import { conceptsOf } from "../knowledge/pack-index"
import { contentTokens } from "./focus-words"
import { attributeWord } from "./attribute-words"
import { buildRefusal } from "./refusal-policy"
import type { Run } from "./run"
import type { IntakeResult } from "./state"

// The refusal when the pack has nothing that answers the question's focus: say what was understood
// and what the pack lacks, in the user's language, rather than answer with a rule about something
// else (issue 17: a cited rule that does not cover the asked subject and attribute is a wrong answer).

/** What is asked, as "pitate za stopu" / "asking for the rate" (a yes/no: "pitate postoji li obveza"). */
const ASKED: Record<FocusAttribute, { hr: string; en: string }> = {
  rate: { hr: "pitate za stopu", en: "asking for the rate" },
  deadline: { hr: "pitate za rok", en: "asking for the deadline" },
  threshold: { hr: "pitate za prag ili limit", en: "asking for the threshold or limit" },
  amount: { hr: "pitate za iznos", en: "asking for the amount" },
  penalty: { hr: "pitate za kaznu", en: "asking for the penalty" },
  obligation: { hr: "pitate postoji li obveza", en: "asking whether there is an obligation" },
  procedure: { hr: "pitate za postupak", en: "asking for the procedure" },
}

const MAX_RELATED = 2

export function focusRefusal(run: Run, intake: IntakeResult): TerminalPayload | undefined {
  const { selection, focus } = intake
  if (selection.kind === "unnamed-item") {
    const detail = run.t(
      "Navedite o kojem se proizvodu ili usluzi radi (npr. kruh, smještaj, struja): stopa PDV-a ovisi o tome.",
      "Say which good or service it is (for example bread, accommodation, electricity): the VAT rate depends on it.",
    )
    return { outcome: "REFUSAL", ...buildRefusal("MISSING_REQUIRED_DIMENSION", run.locale, { detail, requiredFields: ["query.item"] }) }
  }
  const pack = `${run.pack.id} ${run.pack.version}`
  if (selection.kind === "open") return weaklyMatchedRefusal(run, intake, pack)
  if (selection.kind !== "unknown-subject" && selection.kind !== "uncovered") return undefined
  const asked = focus.attribute ? ASKED[focus.attribute] : undefined
  const index = focusIndex(run.pack)
  const names = (locale: "hr" | "en", ids: readonly string[] = focus.subjects) =>
    ids
      .map((id) => index.subjects.get(id))
      .flatMap((s) => (s ? [locale === "hr" ? s.nameHr : s.nameEn] : []))
      .join(", ")
  let detail: string
  if (selection.kind === "unknown-subject") {
    const typed = intake.typedUnknown ?? selection.tokens.join(" ")
    const context = names(run.locale, focus.named)
    detail = run.t(
      `Pitanje sam razumio ovako: ${asked ? asked.hr : "pitate"}${context ? ` (${context})` : ""} za „${typed}”. Paket propisa ${pack} nema pravila o „${typed}”. Ne odgovaram općim pravilom, jer nijedan izvor u paketu ne kaže da ono vrijedi i za „${typed}”.`,
      `I understood the question as ${asked ? asked.en : "asking for a rule"}${context ? ` (${context})` : ""} for “${typed}”. Rule pack ${pack} has no rule on “${typed}”. I do not answer with a general rule, because no source in the pack says it applies to “${typed}”.`,
    )
  } else {
    const available = selection.available.map((a) => attributeWord(a, run.locale)).join(", ")
    const gaps = focus.subjects.flatMap((id) => {
      const gap = index.subjects.get(id)?.gap
      return gap ? [gap[run.locale]] : []
    })
    detail = run.t(
      `Pitanje sam razumio ovako: ${asked ? asked.hr : "pitate"} — ${names("hr")}. Paket propisa ${pack} to ne sadrži.${available ? ` O tome sadrži samo: ${available}.` : ""}`,
      `I understood the question as ${asked ? asked.en : "asking for a rule"} — ${names("en")}. Rule pack ${pack} does not hold that.${available ? ` On this it holds only: ${available}.` : ""}`,
    )
    if (gaps.length > 0) detail += ` ${gaps.join(" ")}`
  }
  return { outcome: "REFUSAL", ...buildRefusal("NO_CITABLE_RULES", run.locale, { detail }) }
}

/**
 * "Kolika je zatezna kamata na porezni dug?": the question names no subject of the pack, its own
 * content words ("zatezna kamata") are words the pack does not know, and the keyword matcher found
 * concepts only through single everyday words ("porez", "stopu", "rok"). Offering such a concept
 * to confirm would offer a topic the question is not about; a phrase of the pack (an alias or a
 * keyword of several words) is a real match and is still offered.
 */
function weaklyMatchedRefusal(run: Run, intake: IntakeResult, pack: string): TerminalPayload | undefined {
  const strange = intake.strangeWords
  const phrase = intake.matching.ranked.some((m) => m.matchedBy.some((term) => /\s/u.test(term)))
  // Nothing matched in another domain (leave, wages): the domain's own refusal says it better.
  const otherDomain = intake.matching.ranked.length === 0 && !["TAX", "OTHER"].includes(intake.interpretation.domain)
  if (strange === undefined || phrase || otherDomain) return undefined
  const detail = run.t(
    `Pitanje spominje „${strange}”, a paket propisa ${pack} o tome nema pravila. Ostale riječi pitanja previše su općenite da bi odredile temu.`,
    `The question mentions “${strange}”, on which rule pack ${pack} has no rules. Its other words are too general to tell the topic.`,
  )
  return { outcome: "REFUSAL", ...buildRefusal("NO_CITABLE_RULES", run.locale, { detail: detail + relatedTopics(run, intake) }) }
}

/**
 * " Srodno u paketu: …": concepts that two or more of the question's own words point to ("zatezna
 * kamata za arhiviranje i čuvanje" -> the retention of e-invoices), named so the user can ask
 * about one of them; never answered in place of the question.
 */
function relatedTopics(run: Run, intake: IntakeResult): string {
  const related = conceptsOf(run.index, nearbyConcepts(run.index, contentTokens(intake.tokens, intake.focus), MAX_RELATED, 2))
  if (related.length === 0) return ""
  return run.t(
    ` Srodno u paketu: ${related.map((c) => `„${c.nameHr}”`).join(", ")}. Ako pitate o tome, postavite pitanje tim riječima.`,
    ` Related in the pack: ${related.map((c) => `“${c.nameEn}”`).join(", ")}. If that is what you are asking, ask about it in those words.`,
  )
}

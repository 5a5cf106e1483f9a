import type {
  ClarificationAnswerPayload,
  ClarificationPayload,
} from "../../../src-shared/events/payloads"
import { formatDate } from "../../knowledge/format"
import { foldDiacritics } from "../../knowledge/text"
import type { ImpossibleDate } from "../interpret"
import { isoDate, scanDates } from "../interpret/dates"
import { normalizeText } from "../interpret/text-utils"
import { buildRefusal } from "../refusal-policy"
import { proceed, stop, type Run, type AsyncStage } from "../run"
import { CLARIFY_CANCEL, nextAnswer } from "./clarification"

// CLARIFICATION of the date: the question names a day that does not exist ("31.02.2025.",
// "2025-13-01"). A regulatory answer holds for one day, so the run asks which day was meant
// instead of answering for another one (today, or 1 January of a year). Option values are ISO
// dates, so a recorded answer means the same day whenever the run is replayed; free text is read
// for a date the way the question is. The "today" option comes from the run's clock, as the
// default date of a question without any date does.

export const IMPOSSIBLE_DATE_REASON = "impossible-date"
/** The question names a period other than the date chosen for the answer (the form, a thread, --as-of). */
export const DISAGREEING_DATE_REASON = "disagreeing-date"

export type DateClarificationInput = ImpossibleDateInput | DisagreeingDateInput

export interface ImpossibleDateInput {
  kind: "impossible"
  impossible: ImpossibleDate
  /** A real date the question itself points to ("od 1.1.2025."), offered as an option. */
  questionDate?: string
  /** The run's clock date, offered as "today". */
  clockDate: string
}

export interface DisagreeingDateInput {
  kind: "disagreeing"
  /** The date the question's own words give ("za 2023." -> 2023-01-01). */
  questionDate: string
  /** "2023" when the question names only a year: shown so the user recognises their words. */
  questionYear?: number
  /** The date the request was made for. */
  requestDate: string
}

const HR_MONTHS = ["siječanj", "veljača", "ožujak", "travanj", "svibanj", "lipanj", "srpanj", "kolovoz", "rujan", "listopad", "studeni", "prosinac"]
const HR_MONTHS_GENITIVE = ["siječnja", "veljače", "ožujka", "travnja", "svibnja", "lipnja", "srpnja", "kolovoza", "rujna", "listopada", "studenoga", "prosinca"]
const EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

export async function* dateClarificationStage(
  run: Run,
  input: DateClarificationInput,
): AsyncStage<string> {
  const request = buildDateClarification(run, input)
  yield run.emit({
    stage: "CLARIFICATION",
    status: "awaiting_input",
    message: request.question,
    data: request,
  })
  const answer = await nextAnswer(run, request)
  const given = answer.kind === "cancel" ? CLARIFY_CANCEL : answer.value
  const asOf = dateFromAnswer(request, given)
  const data: ClarificationAnswerPayload =
    asOf === undefined
      ? { confirmedContext: run.t("Datum nije potvrđen", "Date not confirmed"), answer: given }
      : { confirmedContext: run.t(`Datum: ${formatDate(asOf, "hr")}`, `Date: ${englishDate(asOf)}`), answer: given, asOfDate: asOf }
  yield run.emit({ stage: "CLARIFICATION", status: "complete", message: data.confirmedContext, data })
  if (asOf !== undefined) return proceed(asOf)
  const detail =
    chosenValue(request, given) === CLARIFY_CANCEL
      ? run.t("Pojašnjenje datuma je otkazano.", "The date clarification was cancelled.")
      : run.t(
          "U odgovoru nije prepoznat jedan datum koji postoji u kalendaru.",
          "The answer does not name one date that exists on the calendar.",
        )
  return stop({
    outcome: "REFUSAL",
    ...buildRefusal("NEEDS_CLARIFICATION", run.locale, {
      detail,
      requiredFields: ["asOf"],
      extraSteps: [
        run.t(
          "Navedite datum na koji se pitanje odnosi, kao DD.MM.GGGG. ili GGGG-MM-DD",
          "Give the date the question is about, as YYYY-MM-DD or DD.MM.YYYY",
        ),
      ],
    }),
  })
}

export function buildDateClarification(run: Run, input: DateClarificationInput): ClarificationPayload {
  return input.kind === "impossible" ? impossibleDateRequest(run, input) : disagreeingDateRequest(run, input)
}

type Offer = (iso: string | undefined, label: (shown: string) => string) => void

function dateOptions(run: Run): { options: Array<{ label: string; value: string }>; offer: Offer } {
  const options: Array<{ label: string; value: string }> = []
  const offer: Offer = (iso, label) => {
    if (iso !== undefined && !options.some((o) => o.value === iso))
      options.push({ label: label(run.t(formatDate(iso, "hr"), englishDate(iso))), value: iso })
  }
  return { options, offer }
}

/**
 * The question says one period and the request another (a date set in the form or the thread,
 * `--as-of`): answering for either one silently would answer a question the user did not ask.
 */
function disagreeingDateRequest(run: Run, input: DisagreeingDateInput): ClarificationPayload {
  const { options, offer } = dateOptions(run)
  const year = input.questionYear
  offer(input.questionDate, (shown) =>
    year === undefined
      ? run.t(`${shown} (datum iz pitanja)`, `${shown} (the date in the question)`)
      : run.t(`${shown} (godina ${year}. iz pitanja)`, `${shown} (the year ${year} in the question)`),
  )
  offer(input.requestDate, (shown) => run.t(`${shown} (odabrani datum)`, `${shown} (the chosen date)`))
  options.push({ label: run.t("Odustani", "Cancel"), value: CLARIFY_CANCEL })
  const chosen = run.t(formatDate(input.requestDate, "hr"), englishDate(input.requestDate))
  const named = year === undefined ? run.t(formatDate(input.questionDate, "hr"), englishDate(input.questionDate)) : run.t(`${year}.`, String(year))
  return {
    question: run.t(
      // A Croatian date ends with its own full stop, which also ends the sentence.
      `Pitanje navodi ${named}, a odabrani datum odgovora je ${chosen} Za koji datum želite odgovor?`,
      `The question names ${named}, but the date chosen for the answer is ${chosen}. Which date should the answer be for?`,
    ),
    options,
    freeformAllowed: true,
    required: true,
    reason: DISAGREEING_DATE_REASON,
  }
}

function impossibleDateRequest(run: Run, input: ImpossibleDateInput): ClarificationPayload {
  const { written } = input.impossible
  const { options, offer } = dateOptions(run)
  const nearest = nearestDayOfMonth(input.impossible)
  if (nearest !== undefined) {
    const hrMonth = HR_MONTHS_GENITIVE[nearest.month - 1] ?? ""
    const enMonth = EN_MONTHS[nearest.month - 1] ?? ""
    offer(nearest.iso, (shown) =>
      nearest.last
        ? run.t(`${shown} (zadnji dan ${hrMonth})`, `${shown} (last day of ${enMonth})`)
        : run.t(`${shown} (prvi dan ${hrMonth})`, `${shown} (first day of ${enMonth})`),
    )
  }
  offer(swappedDayAndMonth(input.impossible), (shown) =>
    run.t(`${shown} (dan i mjesec zamijenjeni)`, `${shown} (day and month swapped)`),
  )
  offer(input.questionDate, (shown) => run.t(`${shown} (datum iz pitanja)`, `${shown} (the date in the question)`))
  offer(input.clockDate, (shown) => run.t(`Danas (${shown})`, `Today (${shown})`))
  options.push({ label: run.t("Odustani", "Cancel"), value: CLARIFY_CANCEL })
  return {
    question: run.t(
      `Datum „${written}” iz pitanja ne postoji: ${whyNot(input.impossible, "hr")}. Za koji datum želite odgovor?`,
      `The date “${written}” in the question does not exist: ${whyNot(input.impossible, "en")}. Which date should the answer be for?`,
    ),
    options,
    freeformAllowed: true,
    required: true,
    reason: IMPOSSIBLE_DATE_REASON,
  }
}

/** An option's value when the answer is its value or its label; otherwise the answer itself. */
function chosenValue(request: ClarificationPayload, raw: string): string {
  const text = raw.trim()
  const byLabel = request.options?.find((o) => foldDiacritics(o.label) === foldDiacritics(text))
  return byLabel ? byLabel.value : text
}

/** The date an answer names: an option (by value or label), or the one real date in free text. */
export function dateFromAnswer(request: ClarificationPayload, raw: string): string | undefined {
  const value = chosenValue(request, raw)
  if (value === CLARIFY_CANCEL) return undefined
  const { dates, impossible } = scanDates(normalizeText(value))
  const distinct = [...new Set(dates.map((d) => d.iso))]
  return impossible.length === 0 && distinct.length === 1 ? distinct[0] : undefined
}

function whyNot({ year, month, day }: ImpossibleDate, locale: "hr" | "en"): string {
  if (month < 1 || month > 12) return locale === "hr" ? `nema mjeseca ${month}` : `there is no month ${month}`
  if (day < 1) return locale === "hr" ? `nema dana ${day}` : `there is no day ${day}`
  const days = daysIn(year, month)
  return locale === "hr"
    ? `${HR_MONTHS[month - 1] ?? ""} ${year}. ima ${days} ${days === 31 ? "dan" : "dana"}`
    : `${EN_MONTHS[month - 1] ?? ""} ${year} has ${days} days`
}

/** The real day of the same month closest to the impossible one (day 0 -> 1st, day 31 -> last). */
function nearestDayOfMonth({ year, month, day }: ImpossibleDate): { iso: string; month: number; last: boolean } | undefined {
  if (month < 1 || month > 12) return undefined
  const last = day >= 1
  const iso = isoDate(year, month, last ? daysIn(year, month) : 1)
  return iso === undefined ? undefined : { iso, month, last }
}

/** "2/13/2025" read day-first is month 13; read month-first it is 13 February. */
function swappedDayAndMonth({ year, month, day }: ImpossibleDate): string | undefined {
  return month > 12 ? isoDate(year, day, month) : undefined
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function englishDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number)
  return `${day} ${(EN_MONTHS[(month ?? 1) - 1] ?? "").slice(0, 3)} ${year}`
}

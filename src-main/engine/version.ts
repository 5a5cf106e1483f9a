// The version of what the engine says for a given input. A trace records the version that made
// it; verify replays a trace only with the engine version that recorded it, because any change to
// the engine's events (its wording, a new field, a new stage) makes an honest old trace differ.
// Bump it with every change to the events the engine emits for the same request and pack.
//
// 1: traces recorded before the version was recorded (to issue 17).
// 2: question focus (issue 17), rule pack 2.0 fields (issue 18).
// 3: a duty that does not arise is not listed as an obligation; the applied-facts line names each
//    fact once with only the conditions that made the rule apply; conditional branches name every
//    condition on a fact; the trip's duration is a question fact (issue 17).
// 4: a follow-up in a thread is read with what it inherits (issue 22); the headline of an answer
//    whose primary rule is disputed states the disagreement; conflict sides say their value once;
//    a subject may count only with some attributes (the payment of a tax, issue 17).
// 5: a question naming another period than the request's date asks which date; filing rules out
//    payment; clarifications offer only topics the question's words point to; a question naming
//    nothing of the pack but everyday words is refused; a trip abroad is not a foreign
//    jurisdiction; a fact that met an equality is named once; "kada moram" asks when a duty
//    applies (issue 17).
// 6: a trip to a foreign country names the pack's subject for trips abroad (its per diem is not the
//    domestic one); "se plaća" is the verb, not wages; offers beside an understood topic and
//    "did you mean" offers come from the question's own content words, several pointing to one
//    concept and answering the asked attribute; a refusal of unknown words names related topics;
//    a refusal after every rule has ended names the last day one applied (issue 17); a question
//    about a document's fields is answered from the request's documents (issue 22).
// 7: a foreign company is a trading party, not a foreign law; a generic supply with its qualifier
//    is one unknown subject; a stated rate ("13 %") asks a rate; typing slips and everyday words
//    are not confirmed; a single possibility states the pack's limit; confidence and limits say
//    what the citations show; a proposal is not a disagreement of sources; what someone pays is
//    never answered by a limit (issue 17).
// 8: a stated bound on a measure ("put duži od 12 sati") decides the conditions it settles; a trip
//    "u inozemstvo" / "abroad" is a trip abroad even when it names no country; a charge the pack
//    lacks ("turistička pristojba") is an unknown subject; an offered narrower concept covers what
//    every fitting one covers; "contact lenses" is not support; a "US company" is a trading party;
//    a single possibility's condition reads mid-sentence in lower case and is not listed twice;
//    one named subject without an attribute is asked about; a partial fit never answers through
//    the named tax alone or through another tax; a question describing a client whose own topic
//    the pack has (a paušalist's contributions) is not answered with the general rule; a tax or a
//    broad item named with a word the pack lacks ("tourist tax", "takeaway food") is an unknown
//    subject (issue 17).
// 9: a comparison of two e-invoices carries its differences as data (documentDifferences), each
//    saying whether it matters for tax; it and an answer about a document's fields name the fields
//    as the answer card does ("VAT rate 5%", not "rate 5%") (issue 22).
export const ENGINE_VERSION = 9

/** Why a trace cannot be replayed by this build's engine, or undefined when it can. */
export function replayMismatch(recordedBy: number | undefined): string | undefined {
  const version = recordedBy ?? 1
  if (version === ENGINE_VERSION) return undefined
  return `recorded by engine version ${version}; this build runs engine version ${ENGINE_VERSION}, so its events are not re-derived (the hash chain and the pack snapshot are still checked)`
}

/**
 * The version a trace was recorded by: the one its request names, but never older than its own
 * hash-chained events show. From version 3 the intake event names the engine version; every
 * version-2 run's intake event carries the question's focus. So editing the request to claim an
 * older engine (to escape the replay) does not work without rewriting the chain, and a
 * consistent rewrite is still reported as "not re-derived".
 */
export function recordedEngineVersion(requestVersion: number | undefined, events: readonly unknown[]): number {
  let shown = 1
  for (const event of events) {
    const e = event as { stage?: unknown; status?: unknown; data?: { focus?: unknown; engineVersion?: unknown } } | null
    if (e?.stage !== "QUESTION_INTAKE" || e.status !== "complete") continue
    const named = typeof e.data?.engineVersion === "number" ? e.data.engineVersion : 1
    shown = Math.max(shown, named, e.data?.focus !== undefined ? 2 : 1)
  }
  return Math.max(requestVersion ?? 1, shown)
}

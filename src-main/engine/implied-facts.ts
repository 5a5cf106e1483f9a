import type { QueryFacts } from "../../src-shared/context"
import type { Focus } from "../knowledge/focus"
import type { FocusIndex } from "../knowledge/focus-index"

/**
 * The question's facts, completed by what the subjects it names imply about the client ("doprinosi
 * za paušalni obrt": the client is a paušalni obrt). Facts the question states itself win; an
 * implied legal form never overrides another one the question names.
 */
export function withImpliedFacts(index: FocusIndex, focus: Focus, facts: QueryFacts): QueryFacts {
  const out: QueryFacts = { ...facts }
  for (const id of focus.named) {
    const implies = index.subjects.get(id)?.implies
    if (!implies) continue
    const sameForm = out.entityType === undefined || out.entityType === implies.entityType
    if (implies.entityType && out.entityType === undefined) out.entityType = implies.entityType
    if (implies.obrtSubtype && sameForm && out.obrtSubtype === undefined) out.obrtSubtype = implies.obrtSubtype
    if (implies.vatStatus && out.vatStatus === undefined) out.vatStatus = implies.vatStatus
  }
  return out
}

import type { ChangeStatus } from "./contract"
import { PackRefusal } from "./refusals"

// The life of a rule change, pure: DRAFT -> IN_REVIEW -> PUBLISHED -> RETIRED, and IN_REVIEW ->
// DRAFT when a reviewer asks for changes. Approval is a review recorded on a change in review
// (approvedBy), not a status of its own: publishing needs it. Four eyes: the author edits and
// submits; someone else approves, sends back and publishes. A published change is never edited
// (a new change of the same rule supersedes it, which retires it); retired is final. Migration
// 0011's triggers hold the database to the same moves.

export interface ChangeState {
  readonly id: string
  readonly ruleId: string
  readonly status: ChangeStatus
  readonly authorId: string
  readonly approvedBy: string | null
}

export type ChangeAction =
  | { readonly type: "edit"; readonly actor: string }
  | { readonly type: "submit"; readonly actor: string }
  | { readonly type: "request-changes"; readonly actor: string }
  | { readonly type: "approve"; readonly actor: string }
  | { readonly type: "publish"; readonly actor: string }
  | { readonly type: "supersede"; readonly actor: string }

/** The state after `action`, or a PackRefusal saying why it is not allowed. */
export function nextState(state: ChangeState, action: ChangeAction): ChangeState {
  const refuse = (code: ConstructorParameters<typeof PackRefusal>[0]) =>
    new PackRefusal(code, { change: state.id, rule: state.ruleId, status: state.status, author: state.authorId })
  if (state.status === "RETIRED") throw refuse("retired-final")
  switch (action.type) {
    case "edit":
    case "submit":
      if (state.status === "PUBLISHED") throw refuse("published-immutable")
      if (state.status !== "DRAFT") throw refuse("not-draft")
      if (action.actor !== state.authorId) throw refuse("not-author")
      return action.type === "edit" ? state : { ...state, status: "IN_REVIEW", approvedBy: null }
    case "request-changes":
    case "approve":
      if (state.status !== "IN_REVIEW") throw refuse("not-in-review")
      if (action.actor === state.authorId) throw refuse("self-review")
      return action.type === "approve"
        ? { ...state, approvedBy: action.actor }
        : { ...state, status: "DRAFT", approvedBy: null }
    case "publish":
      if (state.status !== "IN_REVIEW") throw refuse("not-in-review")
      if (action.actor === state.authorId) throw refuse("self-review")
      if (state.approvedBy === null) throw refuse("not-approved")
      return { ...state, status: "PUBLISHED" }
    case "supersede":
      // Only publishing supersedes, and only changes it found published: anything else is a bug.
      if (state.status !== "PUBLISHED") throw new Error(`change ${state.id} is ${state.status}, not published`)
      return { ...state, status: "RETIRED" }
  }
}

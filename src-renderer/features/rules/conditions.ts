// appliesWhen as the editor shows it: a tree of groups ("all of" / "any of") and conditions (fact,
// operator, value), each of which can be negated, instead of the pack's JSON. Pure: the pack's
// predicate to the tree and back, with every row's problem named, so that nothing the author
// typed is lost and nothing invalid reaches the main process (which checks it again).

export const OPERATORS = ["eq", "neq", "lt", "lte", "gt", "gte", "in", "exists"] as const
export type Operator = (typeof OPERATORS)[number]
export const VALUE_TYPES = ["text", "number", "boolean", "date"] as const
export type ValueType = (typeof VALUE_TYPES)[number]

export interface ConditionRow {
  readonly kind: "cond"
  readonly key: string
  readonly negate: boolean
  readonly fact: string
  readonly op: Operator
  readonly valueType: ValueType
  /** As typed; a list for `in` is comma-separated. */
  readonly value: string
}

export interface ConditionGroup {
  readonly kind: "group"
  readonly key: string
  readonly negate: boolean
  readonly mode: "all" | "any"
  readonly children: readonly ConditionNode[]
}

export type ConditionNode = ConditionRow | ConditionGroup

export type ConditionProblem =
  "fact" | "value-empty" | "number" | "date" | "boolean" | "operator-type" | "group-empty"

/** The pack's fact paths: "asOf" or dotted lower-camel names ("counters.revenueYtd"). */
const FACT_PATH = /^(asOf|[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+)$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

let nextKey = 0
export const newKey = (): string => `c${++nextKey}`

export function emptyRow(): ConditionRow {
  return { kind: "cond", key: newKey(), negate: false, fact: "", op: "eq", valueType: "text", value: "" }
}

export function emptyGroup(mode: "all" | "any" = "all"): ConditionGroup {
  return { kind: "group", key: newKey(), negate: false, mode, children: [] }
}

type Json = unknown

function isRecord(x: Json): x is Record<string, Json> {
  return typeof x === "object" && x !== null && !Array.isArray(x)
}

function typeOf(v: Json): ValueType {
  if (typeof v === "number") return "number"
  if (typeof v === "boolean") return "boolean"
  if (typeof v === "string" && ISO_DATE.test(v)) return "date"
  return "text"
}

/** The tree of a rule's appliesWhen (undefined: an empty "all of" group, the rule always applies). */
export function fromPredicate(predicate: Json): ConditionGroup {
  if (predicate === undefined || predicate === null) return emptyGroup()
  const node = nodeOf(predicate)
  return node.kind === "group" ? node : { ...emptyGroup(), children: [node] }
}

function nodeOf(p: Json): ConditionNode {
  if (!isRecord(p)) throw new Error("not a condition")
  const [op, arg] = Object.entries(p)[0] ?? []
  if ((op === "and" || op === "or") && Array.isArray(arg))
    return {
      kind: "group",
      key: newKey(),
      negate: false,
      mode: op === "and" ? "all" : "any",
      children: arg.map(nodeOf),
    }
  if (op === "not") {
    const inner = nodeOf(arg)
    return { ...inner, negate: !inner.negate }
  }
  if (op === "exists" && typeof arg === "string") return { ...emptyRow(), fact: arg, op: "exists" }
  if (!Array.isArray(arg) || typeof arg[0] !== "string" || !OPERATORS.includes(op as Operator))
    throw new Error(`unknown condition ${String(op)}`)
  const [fact, literal] = arg as [string, Json]
  if (op === "in" && Array.isArray(literal))
    return {
      ...emptyRow(),
      fact,
      op: "in",
      valueType: literal.every((x) => typeof x === "number") ? "number" : "text",
      value: literal.map(String).join(", "),
    }
  return { ...emptyRow(), fact, op: op as Operator, valueType: typeOf(literal), value: String(literal) }
}

/** Each row's (or group's) problem by key; empty when the tree can be written as a predicate. */
export function conditionProblems(root: ConditionGroup): Map<string, ConditionProblem> {
  const problems = new Map<string, ConditionProblem>()
  const visit = (node: ConditionNode, isRoot: boolean) => {
    if (node.kind === "group") {
      if (node.children.length === 0 && !isRoot) problems.set(node.key, "group-empty")
      for (const child of node.children) visit(child, false)
      return
    }
    const problem = rowProblem(node)
    if (problem !== null) problems.set(node.key, problem)
  }
  visit(root, true)
  return problems
}

function rowProblem(row: ConditionRow): ConditionProblem | null {
  if (!FACT_PATH.test(row.fact.trim())) return "fact"
  if (row.op === "exists") return null
  const items = row.op === "in" ? listItems(row.value) : [row.value.trim()]
  if (items.length === 0 || items.some((v) => v === "")) return "value-empty"
  const ordered = ["lt", "lte", "gt", "gte"].includes(row.op)
  if (ordered && row.valueType !== "number" && row.valueType !== "date") return "operator-type"
  if (row.op === "in" && row.valueType !== "number" && row.valueType !== "text") return "operator-type"
  for (const item of items) {
    if (row.valueType === "number" && !Number.isFinite(Number(item))) return "number"
    if (row.valueType === "date" && !isRealDate(item)) return "date"
    if (row.valueType === "boolean" && item !== "true" && item !== "false") return "boolean"
  }
  return null
}

function isRealDate(text: string): boolean {
  return ISO_DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text
}

function listItems(text: string): string[] {
  return text.split(",").map((s) => s.trim())
}

function literalOf(row: ConditionRow, text: string): string | number | boolean {
  if (row.valueType === "number") return Number(text)
  if (row.valueType === "boolean") return text === "true"
  return text
}

/** The pack's appliesWhen for a tree without problems; undefined when the root has no conditions. */
export function toPredicate(root: ConditionGroup): unknown {
  if (root.children.length === 0) return undefined
  if (root.children.length === 1 && root.mode === "all" && !root.negate && root.children[0] !== undefined)
    return predicateOf(root.children[0])
  return predicateOf(root)
}

function predicateOf(node: ConditionNode): unknown {
  const inner =
    node.kind === "group"
      ? { [node.mode === "all" ? "and" : "or"]: node.children.map(predicateOf) }
      : comparison(node)
  return node.negate ? { not: inner } : inner
}

function comparison(row: ConditionRow): unknown {
  const fact = row.fact.trim()
  if (row.op === "exists") return { exists: fact }
  if (row.op === "in") return { in: [fact, listItems(row.value).map((item) => literalOf(row, item))] }
  return { [row.op]: [fact, literalOf(row, row.value.trim())] }
}

/** The tree with `node` (found by key) replaced by `next`, or removed when `next` is null. */
export function replaceNode(root: ConditionGroup, key: string, next: ConditionNode | null): ConditionGroup {
  const walk = (node: ConditionNode): ConditionNode | null => {
    if (node.key === key) return next
    if (node.kind === "cond") return node
    const children = node.children.map(walk).filter((c): c is ConditionNode => c !== null)
    return { ...node, children }
  }
  const result = walk(root)
  return result !== null && result.kind === "group" ? result : root
}

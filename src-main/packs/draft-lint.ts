import type { Locale } from "../../src-shared/events/stages"
import type { LintResult } from "../../src-shared/rule-changes"
import { loadPack, PackLoadError, type LoadedPack } from "../knowledge/loader"
import { lintPack } from "../knowledge/pack-lint"
import { applyEdits, findingKey, type RuleEdit } from "./apply-changes"
import { PackRefusal } from "./refusals"

// The live pack check of a draft (the rules screen runs it as the author types): the base version
// with the one edit, loaded and linted; reported are why it would not load, or the findings the
// draft adds to the base's own. Runs on the pack build thread (pack-build.ts), which keeps the
// base and its findings: on the thread that stores runs it held questions 25-75 ms a keystroke.

export function lintDraft(base: LoadedPack, baseFindings: ReadonlySet<string>, edit: RuleEdit, locale: Locale): LintResult {
  let next: LoadedPack
  try {
    const { rules, evidence } = applyEdits(base.pack, [edit], base.version)
    next = loadPack({ ...base.pack, rules, evidence })
  } catch (error) {
    if (error instanceof PackRefusal) return { problem: error.text(locale), findings: [] }
    if (error instanceof PackLoadError) return { problem: new PackRefusal("pack-invalid", { detail: error.message }).text(locale), findings: [] }
    throw error
  }
  const findings = lintPack(next.pack).filter((f) => !baseFindings.has(findingKey(f)))
  return { problem: null, findings: findings.map(({ code, where, message }) => ({ code, where, message })) }
}

import type { Locale } from "../../src-shared/events/stages"
import { IpcFailure } from "../../src-shared/ipc/channel"
import type {
  EvidenceRecord,
  RuleCatalog,
  RuleChangeView,
  RuleWithEvidence,
} from "../../src-shared/rule-changes"
import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import type { RuleEdit } from "../packs/apply-changes"
import type { RuleChange } from "../packs/contract"
import type { Predicate, RulePack } from "../knowledge/pack-schema"
import { lintDraftOffThread } from "../packs/pack-build"
import { RuleChanges } from "../packs/rule-changes"
import { LatestVersion, refusing } from "./rules-base"
import { ShadowJobs } from "./rules-shadow"
import { mapStoreErrors } from "./store-errors"

// The truth loop's channels (issue 19): local profiles, the rules of the latest stored version by
// concept, rule changes through their review, the live pack check of a draft, the shadow run of a
// change in review, and publishing. The packs room decides (four eyes, the status machine, the
// pack check); a refusal comes back in the caller's language (FORBIDDEN for four eyes). After a
// publication the app answers new questions with the new version (services.reloadPack).

type RuleKeys = Extract<keyof HandlerTable, `profiles.${string}` | `rules.${string}`>

export function ruleHandlers(services: Services): Pick<HandlerTable, RuleKeys> {
  const changes = new RuleChanges(services.store)
  const latest = new LatestVersion(services.store, () => services.pack.id)
  const shadows = new ShadowJobs(services, latest)
  const run = <T>(locale: Locale | undefined, body: () => T | Promise<T>) =>
    mapStoreErrors(() => refusing(changes, locale, body))
  const view = (change: RuleChange) => changeView(change, names(changes))
  return {
    "profiles.list": () => run(undefined, () => changes.profiles()),
    "profiles.create": ({ displayName, locale }) => run(locale, () => changes.createProfile(displayName)),
    "rules.catalog": () => run(undefined, () => catalog(latest)),
    "rules.rule": ({ ruleId }) => run(undefined, () => ruleWithEvidence(latest, ruleId)),
    "rules.changes": ({ status, ruleId }) =>
      run(undefined, () =>
        changes.list({ ...(status ? { statuses: [status] } : {}), ...(ruleId ? { ruleId } : {}) }).map(view),
      ),
    "rules.change": ({ changeId }) =>
      run(undefined, () => {
        const named = names(changes)
        const trail = changes
          .auditTrail(changeId)
          .map((e) => ({ action: e.action, profileName: named.get(e.profileId) ?? e.profileId, at: e.at }))
        return { change: changeView(changes.get(changeId), named), trail }
      }),
    "rules.propose": ({ actor, kind, ruleId, rule, evidence, note, locale }) =>
      run(locale, () =>
        view(changes.propose({ author: actor, kind, ruleId, rule, note, ...(evidence ? { evidence } : {}) })),
      ),
    "rules.edit": ({ changeId, actor, rule, evidence, note, locale }) =>
      run(locale, () =>
        view(
          changes.edit(changeId, actor, {
            ...(rule ? { rule } : {}),
            ...(evidence ? { evidence } : {}),
            ...(note === undefined ? {} : { note }),
          }),
        ),
      ),
    "rules.submit": ({ changeId, actor, locale }) => run(locale, () => view(changes.submit(changeId, actor))),
    "rules.approve": ({ changeId, actor, locale }) =>
      run(locale, () => view(changes.approve(changeId, actor))),
    "rules.sendBack": ({ changeId, actor, note, locale }) =>
      run(locale, () => view(changes.requestChanges(changeId, actor, note))),
    "rules.publish": ({ changeIds, actor, locale }) =>
      run(locale, async () => {
        // Built on a worker thread: this thread stores the runs of questions asked meanwhile.
        const version = await changes.publishOffThread({ actor, changeIds })
        const inForce = (await services.reloadPack()).hash === version.contentHash
        return {
          packId: version.packId,
          version: version.version,
          contentHash: version.contentHash,
          publisherName: version.publisherName,
          inForce,
        }
      }),
    "rules.lint": ({ kind, ruleId, rule, evidence, locale }) =>
      run(locale, () => {
        // On the pack build thread: the check of a draft held this thread 25-75 ms a keystroke.
        const base = latest.get().pack
        const edit = { kind, ruleId, rule: kind === "retire" ? null : (rule ?? null), evidence: evidence ?? [] }
        return lintDraftOffThread({ baseJson: base.canonicalJson, baseHash: base.hash, edit, locale: locale ?? "hr" })
      }),
    "rules.shadowStart": ({ changeId, locale, clientIds }) =>
      run(locale, () => shadows.start(changes.get(changeId), editOf, clientIds)),
    "rules.shadowStatus": ({ jobId }) => run(undefined, () => shadows.status(jobId)),
    "rules.shadowStop": ({ jobId }) => run(undefined, () => shadows.stop(jobId)),
  }
}

function names(changes: RuleChanges): Map<string, string> {
  return new Map(changes.profiles().map((p) => [p.id, p.displayName]))
}

export function editOf(change: RuleChange): RuleEdit {
  return { kind: change.kind, ruleId: change.ruleId, rule: change.rule, evidence: change.evidence }
}

function changeView(change: RuleChange, named: ReadonlyMap<string, string>): RuleChangeView {
  // The rule and evidence were checked by the pack schema when proposed; the view's looser shapes hold them.
  return {
    id: change.id,
    packId: change.packId,
    ruleId: change.ruleId,
    kind: change.kind,
    rule: change.rule as RuleChangeView["rule"],
    evidence: change.evidence as EvidenceRecord[],
    authorId: change.authorId,
    authorName: named.get(change.authorId) ?? change.authorId,
    note: change.note,
    status: change.status,
    approvedBy: change.approvedBy,
    approvedByName: change.approvedBy === null ? null : (named.get(change.approvedBy) ?? change.approvedBy),
    createdAt: change.createdAt,
    updatedAt: change.updatedAt,
    publishedVersionSeq: change.publishedVersionSeq,
  }
}

function catalog(latest: LatestVersion): RuleCatalog {
  const { pack } = latest.get().pack
  return {
    packId: pack.id,
    version: pack.version,
    sources: pack.sources.map(({ id, name, authority }) => ({ id, name, authority })),
    concepts: pack.concepts.map((c) => ({
      slug: c.slug,
      nameHr: c.nameHr,
      nameEn: c.nameEn,
      rules: pack.rules
        .filter((r) => r.conceptSlug === c.slug)
        .map(({ id, titleHr, titleEn, kind, authority, effectiveFrom, effectiveUntil, value }) => ({
          id,
          titleHr,
          titleEn,
          kind,
          authority,
          effectiveFrom,
          effectiveUntil,
          value,
        })),
    })),
    facts: factPaths(pack),
  }
}

function factPaths(pack: RulePack): string[] {
  const facts = new Set(pack.topics.flatMap((t) => t.dimensions.map((d) => d.factPath)))
  const visit = (p: Predicate): void => {
    if ("and" in p) p.and.forEach(visit)
    else if ("or" in p) p.or.forEach(visit)
    else if ("not" in p) visit(p.not)
    else if ("exists" in p) facts.add(p.exists)
    else facts.add(Object.values(p)[0][0])
  }
  for (const rule of pack.rules) if (rule.appliesWhen) visit(rule.appliesWhen)
  return [...facts].sort()
}

function ruleWithEvidence(latest: LatestVersion, ruleId: string): RuleWithEvidence {
  const { pack } = latest.get().pack
  const rule = pack.rules.find((r) => r.id === ruleId)
  if (rule === undefined)
    throw new IpcFailure("NOT_FOUND", `no rule ${ruleId} in pack ${pack.id} ${pack.version}`)
  const evidence = pack.evidence.filter((e) => rule.evidenceIds.includes(e.id))
  return { rule, evidence }
}

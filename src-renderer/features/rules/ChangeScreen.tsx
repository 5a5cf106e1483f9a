import { Link, useParams } from "@tanstack/react-router"
import { useState } from "react"
import type {
  EvidenceRecord,
  PublishResult,
  RuleCatalog,
  RuleChangeDetail,
  RuleChangeView,
  RuleProfile,
} from "../../../src-shared/rule-changes"
import { call } from "../../api/client"
import { formatDateTime } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { ChangeStatusBadge } from "./ChangeStatusBadge"
import { conditionProblems } from "./conditions"
import { draftOf, evidenceToSend, ruleToSend, type DraftState } from "./draft"
import { LinkedFlags } from "./LinkedFlags"
import { LintPanel } from "./LintPanel"
import { ProfilePicker } from "./ProfilePicker"
import { ReviewActions } from "./ReviewActions"
import { useChangeMoves } from "./use-change-moves"
import { RuleEditor } from "./RuleEditor"
import { ShadowPanel } from "./ShadowPanel"
import { useLiveLint } from "./use-live-lint"
import { useLoad } from "./use-load"
import { useProfiles, type Profiles } from "./use-profiles"
import { useShadowJob } from "./use-shadow-job"
import "./rules.css"

// One rule change: the rule as the change writes it (editable by its author while a draft), the
// review's moves (four eyes: the main process refuses the author, and the refusal is shown as
// it says it), the shadow run a change in review needs before it is published, and its trail.

export function ChangeScreen() {
  const params = useParams({ strict: false })
  const changeId = typeof params.changeId === "string" ? params.changeId : ""
  const { api } = useStores()
  const { t } = useI18n()
  const detail = useLoad(() => call("rules.change", { changeId }, api), [api, changeId])
  const catalog = useLoad(() => call("rules.catalog", {}, api), [api])
  const ruleId = detail.value?.change.ruleId ?? null
  const inPack = useLoad(
    () => (ruleId === null ? Promise.resolve(null) : call("rules.rule", { ruleId }, api).catch(() => null)),
    [api, ruleId],
  )
  if (detail.error)
    return (
      <section className="screen" data-testid="change-missing">
        <Link to="/rules" className="back-link">
          ← {t("rules.back")}
        </Link>
        <p className="notice notice-error" role="alert">
          {t("rules.changeNotFound")}
        </p>
      </section>
    )
  if (detail.value === null || catalog.value === null) return <p className="muted">{t("common.loading")}</p>
  const packEvidence = new Map((inPack.value?.evidence ?? []).map((e) => [e.id, e] as const))
  return (
    <ChangeView
      key={`${changeId} ${detail.value.change.updatedAt}`}
      detail={detail.value}
      catalog={catalog.value}
      packEvidence={packEvidence}
      reload={detail.reload}
    />
  )
}

interface ChangeViewProps {
  detail: RuleChangeDetail
  catalog: RuleCatalog
  packEvidence: ReadonlyMap<string, EvidenceRecord>
  reload(): void
}

function ChangeView({ detail, catalog, packEvidence, reload }: ChangeViewProps) {
  const { t } = useI18n()
  const profiles = useProfiles()
  const { change, trail } = detail
  const [draft, setDraft] = useState<DraftState | null>(() =>
    change.rule === null ? null : draftOf(change.rule, change.evidence),
  )
  const [dirty, setDirty] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [published, setPublished] = useState<PublishResult | null>(null)
  const shadow = useShadowJob(change.id)
  const me = profiles.current
  const editable = change.status === "DRAFT" && me?.id === change.authorId
  const rule = draft === null ? null : ruleToSend(draft)
  const checked = editable && rule !== null && draft !== null
  const lint = useLiveLint(
    checked ? { kind: change.kind, ruleId: change.ruleId, rule, evidence: evidenceToSend(draft) } : null,
  )
  const moves = { change, draft, rule, dirty, me, onPublished: setPublished, onError: setError, reload }
  const move = useChangeMoves(moves)

  const shadowDone = shadow.job?.state === "complete"
  return (
    <section
      className="screen rules-screen"
      aria-labelledby="change-heading"
      data-testid="change-screen"
      data-status={change.status}
    >
      <Link to="/rules" className="back-link">
        ← {t("rules.back")}
      </Link>
      <ChangeHead
        change={published === null ? change : { ...change, status: "PUBLISHED" }}
        profiles={profiles}
      />
      <ChangeNotices change={change} me={me} published={published} error={error} />
      {change.status === "IN_REVIEW" && published === null && <ShadowPanel control={shadow} canStart />}
      {/* Once the profiles are read: a move made before would be refused as "choose a profile first". */}
      {profiles.profiles !== null && (
        <ReviewActions
          change={change}
          published={published !== null}
          shadowDone={shadowDone}
          onMove={(which, note) => void move(which, note)}
        />
      )}
      {draft === null ? (
        <p className="notice notice-warning">{t("rules.retireNotice", { rule: change.ruleId })}</p>
      ) : (
        <>
          <RuleEditor
            draft={draft}
            catalog={catalog}
            packEvidence={packEvidence}
            isNew={change.kind === "add"}
            readOnly={!editable}
            onChange={(next) => {
              setDraft(next)
              setDirty(true)
            }}
          />
          {editable && (
            <LintPanel lint={lint} conditionsBroken={conditionProblems(draft.conditions).size > 0} />
          )}
        </>
      )}
      <LinkedFlags changeId={change.id} />
      <ChangeTrail trail={trail} />
    </section>
  )
}

function ChangeHead({ change, profiles }: { change: RuleChangeView; profiles: Profiles }) {
  const { t } = useI18n()
  return (
    <header className="screen-head">
      <h1 id="change-heading">
        {t(`rules.changeKind.${change.kind}`)}: <code>{change.ruleId}</code>{" "}
        <ChangeStatusBadge change={change} />
      </h1>
      <ProfilePicker profiles={profiles} />
    </header>
  )
}

function ChangeNotices({
  change,
  me,
  published,
  error,
}: {
  change: RuleChangeView
  me: RuleProfile | null
  published: PublishResult | null
  error: string | null
}) {
  const { t } = useI18n()
  const approved =
    change.approvedByName === null ? "" : ` · ${t("rules.approvedBy", { name: change.approvedByName })}`
  return (
    <>
      <p data-testid="change-people">
        {t("rules.author", { name: change.authorName })}
        {approved} · {change.note}
      </p>
      {me !== null && me.id === change.authorId && change.status === "IN_REVIEW" && (
        <p className="notice notice-info" data-testid="four-eyes-hint">
          {t("rules.fourEyes.hint")}
        </p>
      )}
      {published && (
        <p className="notice notice-info" role="status" data-testid="published-notice">
          {t(published.inForce ? "rules.published.inForce" : "rules.published.nextStart", {
            version: published.version,
          })}
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert" data-testid="change-error">
          {error}
        </p>
      )}
    </>
  )
}

function ChangeTrail({ trail }: { trail: RuleChangeDetail["trail"] }) {
  const { t, locale } = useI18n()
  return (
    <section aria-labelledby="trail-heading" className="change-trail">
      <h2 id="trail-heading">{t("rules.trail")}</h2>
      <ol data-testid="change-trail">
        {trail.map((entry) => (
          <li key={`${entry.at} ${entry.action}`}>
            {formatDateTime(entry.at, locale)} · {t(trailKey(entry.action))} · {entry.profileName}
          </li>
        ))}
      </ol>
    </section>
  )
}

function trailKey(action: string) {
  switch (action) {
    case "created":
    case "edit":
    case "submit":
    case "approve":
    case "request-changes":
    case "published":
    case "superseded":
      return `rules.trail.${action}` as const
    default:
      return "rules.trail.other" as const
  }
}

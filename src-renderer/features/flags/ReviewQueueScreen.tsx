import { useState } from "react"
import type { FlagDecisionKind } from "../../../src-shared/flags"
import { ApiError, call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { ProfilePicker } from "../rules/ProfilePicker"
import { useProfiles, type Profiles } from "../rules/use-profiles"
import { FlagQueueTable } from "./FlagQueueTable"
import { OtherDesksFlags } from "./OtherDesksFlags"
import { useFlagQueue, type QueueShow } from "./use-flag-queue"
import "./flags.css"

// The review queue (issue 19): answers users reported as wrong or unclear, oldest first. A
// reviewer confirms a report (the answer was wrong) or rejects it, each with a note; a decided
// report leaves the open list. "All" shows the decided ones with their decisions. Below, the
// same choice over other desks' reports (issue 25), which are only shown here.

export function ReviewQueueScreen() {
  const { t, tn } = useI18n()
  const { api } = useStores()
  const [show, setShow] = useState<QueueShow>("open")
  const queue = useFlagQueue(show)
  const [done, setDone] = useState<FlagDecisionKind | null>(null)
  // The reviewer: the window's current profile (the rules screen's choice), recorded with each decision.
  const profiles = useProfiles()
  const profileId = profiles.current?.id

  const decide = async (id: string, decision: FlagDecisionKind, note: string, ruleChangeId?: string) => {
    setDone(null)
    try {
      const named = { ...(ruleChangeId === undefined ? {} : { ruleChangeId }), ...(profileId === undefined ? {} : { profileId }) }
      await call("flags.decide", { id, decision, note, ...named }, api)
    } catch (error) {
      // Decided meanwhile (another window, the CLI): show the list as it is now.
      if (error instanceof ApiError && (error.code === "CONFLICT" || error.code === "NOT_FOUND"))
        queue.reload()
      throw error
    }
    setDone(decision)
    queue.reload()
  }

  const count = queue.items?.length ?? 0
  return (
    <section className="screen review-screen" aria-labelledby="review-heading" data-testid="review-screen">
      <header className="screen-head">
        <h1 id="review-heading">{t("review.title")}</h1>
      </header>
      <p className="muted review-intro">{t("review.intro")}</p>
      <ReviewerProfile profiles={profiles} />
      <div className="filters review-filters">
        <fieldset className="review-show">
          <legend className="filter">{t("review.show")}</legend>
          {(["open", "all"] as const).map((value) => (
            <label className="choice" key={value}>
              <input
                type="radio"
                name="review-show"
                value={value}
                checked={show === value}
                onChange={() => setShow(value)}
                data-testid={`review-show-${value}`}
              />
              {t(value === "open" ? "review.show.open" : "review.show.all")}
            </label>
          ))}
        </fieldset>
        <span className="review-count" aria-live="polite" data-testid="review-count">
          {queue.items === null
            ? t("common.loading")
            : tn(show === "open" ? "review.openCount" : "review.count", count)}
        </span>
      </div>
      {done && (
        <p className="notice notice-info" role="status" data-testid="review-done">
          {t(done === "confirmed" ? "review.confirmed" : "review.rejected")}
        </p>
      )}
      {queue.error && (
        <p className="notice notice-error" role="alert" data-testid="review-error">
          {t(queue.error)}
        </p>
      )}
      {queue.items !== null && queue.items.length === 0 ? (
        <p className="empty-state" data-testid="review-empty">
          {t(show === "open" ? "review.empty" : "review.emptyAll")}
        </p>
      ) : (
        <FlagQueueTable items={queue.items ?? []} onDecide={decide} />
      )}
      <OtherDesksFlags show={show} />
    </section>
  )
}

/** Who decides: the window's current profile (chosen here or on the rules screen), recorded with each decision. */
function ReviewerProfile({ profiles }: { profiles: Profiles }) {
  const { t } = useI18n()
  if (profiles.profiles === null) return null
  return (
    <div className="review-profile">
      <ProfilePicker profiles={profiles} />
      {profiles.current === null && <p className="hint">{t("review.noProfile")}</p>}
    </div>
  )
}

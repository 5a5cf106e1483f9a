import { useId } from "react"
import { call } from "../../api/client"
import { useLoaded } from "../export/use-export-host"
import { formatDate } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"

// About: which rule pack this installation answers from. The version, date and content hash are
// the ones every trace and every audit bundle records, so a compliance officer can match them.

export function AboutSection() {
  const { t, locale } = useI18n()
  const { api } = useStores()
  const pack = useLoaded(() => call("settings.packInfo", {}, api), [api])
  const headingId = useId()
  const value = pack.state === "ready" ? pack.value : undefined
  return (
    <section className="settings-about" aria-labelledby={headingId} data-testid="settings-about">
      <h2 id={headingId}>{t("settings.section.about")}</h2>
      {pack.state === "failed" && (
        <p className="notice notice-error" role="alert">
          {t("common.failed", { message: pack.message })}
        </p>
      )}
      <dl className="signing-facts">
        <dt>{t("settings.about.pack")}</dt>
        <dd data-testid="about-pack">{value ? `${value.id} ${value.version}` : "—"}</dd>
        <dt>{t("settings.about.published")}</dt>
        <dd data-testid="about-published">{value ? formatDate(value.publishedAt, locale) : "—"}</dd>
        <dt>{t("settings.about.hash")}</dt>
        <dd>
          <code className="fingerprint" data-testid="about-hash">
            {value ? value.hash : "—"}
          </code>
        </dd>
        {value?.origin && (
          <>
            <dt>{t("settings.about.origin")}</dt>
            <dd data-testid="about-origin">
              {t(`settings.about.origin.${value.origin.kind}`, { name: value.origin.publisherName ?? "", desk: value.origin.desk ?? "" })}
            </dd>
          </>
        )}
        <dt>{t("settings.about.contents")}</dt>
        <dd data-testid="about-contents">
          {value
            ? t("settings.about.contents.value", {
                rules: String(value.rules),
                concepts: String(value.concepts),
                official: String(value.officialRules),
              })
            : "—"}
        </dd>
      </dl>
    </section>
  )
}

import { useId } from "react"
import { useI18n } from "../../i18n/i18n-context"
import { useSettings } from "../../state/stores"
import { useSigningKey } from "./use-export-host"
import "./export.css"

// Settings: the installation's bundle-signing key (its fingerprint, to publish) and the firm name
// that goes into every bundle's manifest (the saved setting, as the export reads it).

export function SigningKeySection() {
  const { t } = useI18n()
  const key = useSigningKey()
  const { settings } = useSettings()
  const headingId = useId()
  return (
    <section className="settings-signing" aria-labelledby={headingId} data-testid="settings-signing">
      <h2 id={headingId}>{t("settings.section.signing")}</h2>
      {key.state === "failed" && (
        <p className="notice notice-error" role="alert" data-testid="settings-signing-error">
          {t("settings.signing.unavailable", { message: key.message })}
        </p>
      )}
      <dl className="signing-facts">
        <dt>{t("settings.signing.fingerprint")}</dt>
        <dd>
          <code className="fingerprint" data-testid="settings-signing-fingerprint">
            {key.state === "ready"
              ? key.value.fingerprint
              : key.state === "loading"
                ? t("common.loading")
                : "—"}
          </code>
          <p className="hint">{t("settings.signing.fingerprint.hint")}</p>
        </dd>
        <dt>{t("settings.signing.algorithm")}</dt>
        <dd>{key.state === "ready" ? key.value.algorithm : "—"}</dd>
        <dt>{t("settings.signing.firm")}</dt>
        <dd>
          <span data-testid="settings-signing-firm">
            {settings.firmName === "" ? t("common.notSet") : settings.firmName}
          </span>
          <p className="hint">{t("settings.signing.firm.hint")}</p>
        </dd>
      </dl>
      {key.state === "ready" && (
        <details className="signing-pem">
          <summary>{t("settings.signing.publicKey")}</summary>
          <pre data-testid="settings-signing-pem">{key.value.publicKeyPem}</pre>
        </details>
      )}
    </section>
  )
}

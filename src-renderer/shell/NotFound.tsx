import { Link } from "@tanstack/react-router"
import { useI18n } from "../i18n/i18n-context"

export function NotFound() {
  const { t } = useI18n()
  return (
    <section className="screen" data-testid="not-found">
      <p>{t("trace.notFound")}</p>
      <Link to="/">{t("nav.ask")}</Link>
    </section>
  )
}

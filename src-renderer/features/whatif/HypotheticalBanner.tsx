import { Link } from "@tanstack/react-router"
import { useI18n } from "../../i18n/i18n-context"
import "./whatif.css"

// The mark every hypothetical result carries, wherever it is shown.

export function HypotheticalBanner({ baseRequestId }: { baseRequestId: string | null }) {
  const { t } = useI18n()
  return (
    <div className="hypothetical-banner" role="note" data-testid="hypothetical-banner">
      <strong>{t("whatif.banner.hypothetical")}</strong> <span>{t("whatif.banner.text")}</span>
      {baseRequestId && (
        <Link
          to="/trace/$requestId"
          params={{ requestId: baseRequestId }}
          className="button-link"
          data-testid="hypothetical-open-base"
        >
          {t("whatif.banner.openBase")}
        </Link>
      )}
    </div>
  )
}

import { Link } from "@tanstack/react-router"
import { useWhatIfText } from "./messages"
import "./whatif.css"

// The mark every hypothetical result carries, wherever it is shown.

export function HypotheticalBanner({ baseRequestId }: { baseRequestId: string | null }) {
  const { w } = useWhatIfText()
  return (
    <div className="hypothetical-banner" role="note" data-testid="hypothetical-banner">
      <strong>{w("banner.hypothetical")}</strong> <span>{w("banner.text")}</span>
      {baseRequestId && (
        <Link
          to="/trace/$requestId"
          params={{ requestId: baseRequestId }}
          className="button-link"
          data-testid="hypothetical-open-base"
        >
          {w("banner.openBase")}
        </Link>
      )}
    </div>
  )
}

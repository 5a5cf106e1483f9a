import { Link, Outlet } from "@tanstack/react-router"
import { useI18n } from "../i18n/i18n-context"
import type { MessageKey } from "../i18n/catalog"
import { useSettings } from "../state/stores"
import { ConnectionBanner } from "./ConnectionBanner"

// The frame: left navigation (Ask, History, Scenarios, Export, Clients, Settings) and the main pane.
// The frame does not know the screens: the router passes the navigation entries in.

/** One entry of the left navigation. */
export interface NavItem {
  path: string
  label: MessageKey
  testId: string
}

export function AppShell({ nav }: { nav: readonly NavItem[] }) {
  const { t } = useI18n()
  const { settings } = useSettings()
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t("nav.label")}
      </a>
      <nav className="sidebar" aria-label={t("nav.label")}>
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            F
          </span>
          <div>
            <p className="brand-name">{t("app.name")}</p>
            {settings.firmName && <p className="brand-firm">{settings.firmName}</p>}
          </div>
        </div>
        <ul className="nav-list">
          {nav.map((item) => (
            <li key={item.path}>
              <Link
                to={item.path}
                className="nav-link"
                activeProps={{ className: "nav-link is-active", "aria-current": "page" }}
                activeOptions={{ exact: item.path === "/" }}
                data-testid={item.testId}
              >
                {t(item.label)}
              </Link>
            </li>
          ))}
        </ul>
        <p className="sidebar-foot">{t("app.tagline")}</p>
      </nav>
      <main className="main" id="main" tabIndex={-1}>
        <ConnectionBanner />
        <Outlet />
      </main>
    </div>
  )
}

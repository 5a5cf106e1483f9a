import { Link, Outlet } from "@tanstack/react-router"
import { useI18n } from "../i18n/i18n-context"
import { appRoutes } from "../routes/route-table"
import { useSettings } from "../state/stores"
import { ConnectionBanner } from "./ConnectionBanner"

// The frame: left navigation (Ask, History, Clients, Settings) and the main pane.

export function AppShell() {
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
          {appRoutes.flatMap((route) =>
            route.nav
              ? [
                  <li key={route.path}>
                    <Link
                      to={route.path}
                      className="nav-link"
                      activeProps={{ className: "nav-link is-active", "aria-current": "page" }}
                      activeOptions={{ exact: route.path === "/" }}
                      data-testid={route.nav.testId}
                    >
                      {t(route.nav.label)}
                    </Link>
                  </li>,
                ]
              : [],
          )}
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

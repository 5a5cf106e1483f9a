import { Link, Outlet } from "@tanstack/react-router"
import { useEffect, useState, type MouseEvent } from "react"
import { useI18n } from "../i18n/i18n-context"
import type { MessageKey } from "../i18n/catalog"
import { useSettings } from "../state/stores"
import { JobNotices } from "../components/JobNotices"
import { ConnectionBanner } from "./ConnectionBanner"
import { opensShortcutHelp } from "./shortcut-keys"
import { ShortcutsHelp } from "./ShortcutsHelp"
import { SyncStatus } from "./SyncStatus"

// The frame: left navigation (Ask, History, Scenarios, Export, Clients, Settings) and the main pane,
// the skip link into the screen, and the keyboard-shortcut sheet ("?" or the button under the nav).
// The frame does not know the screens: the router passes the navigation entries in.

/** One entry of the left navigation. */
export interface NavItem {
  path: string
  label: MessageKey
  testId: string
}

/**
 * The skip link moves focus into the current screen. Under hash routing "#main" would be read as a
 * route (and land on Ask), so the link focuses the main pane itself instead of following its href.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault()
  const main = document.getElementById("main")
  if (!main) return
  const heading = main.querySelector<HTMLElement>("h1")
  // The screen's heading, when it has one, so a screen reader starts by saying which screen it is.
  if (heading) {
    heading.tabIndex = -1
    heading.focus()
  } else main.focus()
  main.scrollTop = 0
}

export function AppShell({ nav }: { nav: readonly NavItem[] }) {
  const { t } = useI18n()
  const { settings } = useSettings()
  const [helpOpen, setHelpOpen] = useState(false)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!opensShortcutHelp(event)) return
      event.preventDefault()
      setHelpOpen(true)
    }
    document.addEventListener("keydown", onKey)
    return () => document.removeEventListener("keydown", onKey)
  }, [])

  return (
    <div className="app">
      <a href="#main" className="skip-link" onClick={skipToContent} data-testid="skip-link">
        {t("nav.skip")}
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
        <div className="sidebar-foot">
          <SyncStatus />
          <button
            type="button"
            className="sidebar-button"
            onClick={() => setHelpOpen(true)}
            aria-keyshortcuts="?"
            data-testid="shortcuts-open"
          >
            {t("shortcuts.open")} <kbd aria-hidden="true">?</kbd>
          </button>
          <p>{t("app.tagline")}</p>
        </div>
      </nav>
      <main className="main" id="main" tabIndex={-1}>
        <ConnectionBanner />
        <Outlet />
      </main>
      {helpOpen && <ShortcutsHelp onClose={() => setHelpOpen(false)} />}
      <JobNotices />
    </div>
  )
}

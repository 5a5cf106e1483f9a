import { createHashHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router"
import { AppShell, type NavItem } from "../shell/AppShell"
import { NotFound } from "../shell/NotFound"
import { appRoutes } from "./route-table"

// Hash history: the app is loaded from a file (Electron) or from the browser host's one page, so
// every screen lives after "#" and reloading never asks a server for a route.

/** The left navigation: the routes that have a `nav` entry, in the route table's order. */
const navItems: readonly NavItem[] = appRoutes.flatMap((route) =>
  route.nav ? [{ path: route.path, label: route.nav.label, testId: route.nav.testId }] : [],
)

function Root() {
  return <AppShell nav={navItems} />
}

export function createAppRouter(history = createHashHistory()) {
  const rootRoute = createRootRoute({ component: Root, notFoundComponent: NotFound })
  const children = appRoutes.map((route) =>
    createRoute({ getParentRoute: () => rootRoute, path: route.path, component: route.component }),
  )
  return createRouter({ routeTree: rootRoute.addChildren(children), history })
}

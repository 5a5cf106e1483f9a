import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { getApi, getConnection } from "./api/client"
import { createAppRouter } from "./routes/router"
import { Preferences } from "./shell/Preferences"
import { createStores, StoresProvider } from "./state/stores"
// Each feature imports its own stylesheet with its components (through the router above). The
// shared stylesheets come after them in the cascade, as they always have: at equal specificity a
// shared rule wins (e.g. layout.css's `.notice` over export.css's `.notice-success`), so moving
// these imports above the router would change how a few elements look.
import "./styles/base.css"
import "./styles/layout.css"
import "./styles/forms.css"
import "./styles/widgets.css"

// The renderer's entry: one API (preload or browser host), the shared stores, and the router.

const stores = createStores(getApi())
// Events pushed while the browser host's socket was down are in the store: fetch them on reconnect.
let wasDown = false
getConnection().subscribe((state) => {
  if (state === "open" && wasDown) void stores.runs.resync()
  wasDown = state !== "open"
})
const router = createAppRouter()
const container = document.getElementById("root")
if (!container) throw new Error("index.html has no #root")

createRoot(container).render(
  <StrictMode>
    <StoresProvider stores={stores}>
      <Preferences>
        <RouterProvider router={router} />
      </Preferences>
    </StoresProvider>
  </StrictMode>,
)

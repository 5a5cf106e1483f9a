import { connectFirm } from "../../src-main/firm/firm-db"
import { parseFirmUrl } from "../../src-main/firm/firm-url"
import { syncOnce } from "../../src-main/firm/sync"
import { findPgBinaries, startPgCluster, type PgCluster } from "../support/pg-cluster"
import { initFirm, openDesk, recordRuns } from "../support/pg-desks"
import { switchToEnglish } from "./support/clients"
import { ask, expect, test, windowShot } from "./support/fixtures"

// The firm connection in the window (issue 25), through the browser host against a real local
// PostgreSQL started by the test: the status bar item (not connected, up to date, offline with when
// it last worked), Settings → Firm connection (the TLS rule refused in words, link with the desk's
// name, what came from another desk, "Sync now", the last error in words), in both languages.

const TEXT = {
  hr: {
    off: "Ured: nije povezan",
    upToDate: "Ured: ažurno",
    offline: "Ured: izvan mreže",
    lastWorked: "zadnja uspješna",
    tls: "mora biti šifrirana (TLS)",
    linked: "Stol je povezan s uredom.",
    fromOthers: "2 odgovora, 0 verzija paketa",
    waitingNone: "0 odgovora, 0 ostalih stavki",
    offlineError: "nije bio dostupan",
    notSynced: "Sinkronizacija nije dovršena",
    noKeychain: "zadajte lozinku varijablom PGPASSWORD",
    question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
  },
  en: {
    off: "Firm: not connected",
    upToDate: "Firm: up to date",
    offline: "Firm: offline",
    lastWorked: "last worked",
    tls: "must be encrypted (TLS)",
    linked: "This desk is connected to the firm.",
    fromOthers: "2 answers, 0 pack versions",
    waitingNone: "0 answers, 0 other items",
    offlineError: "could not be reached",
    notSynced: "The sync did not finish",
    noKeychain: "give the password in PGPASSWORD",
    question: "Do I have to register for VAT if my turnover is 65,000 euros?",
  },
} as const

/** A firm with two desks; desk_ivo has already sent two answers. */
async function firmWithAnotherDesk(): Promise<PgCluster> {
  const cluster = await startPgCluster()
  await initFirm(cluster, ["desk_ana", "desk_ivo"])
  const ivo = openDesk("desk_ivo")
  try {
    await recordRuns(ivo, 2)
    const db = await connectFirm(parseFirmUrl(cluster.url("desk_ivo")))
    try {
      await syncOnce(db, ivo.store.sqlite)
    } finally {
      await db.end()
    }
  } finally {
    ivo.close()
  }
  return cluster
}

test.skip(
  findPgBinaries() === null,
  "no PostgreSQL server binaries under /usr/lib/postgresql: install Debian's postgresql package",
)

for (const locale of ["hr", "en"] as const) {
  for (const width of [1280, 1920]) {
    test(`links the desk to the firm, syncs, and shows offline with when it last worked (${locale}, ${width} px)`, async ({
      page,
      host,
    }) => {
      test.setTimeout(120_000)
      const text = TEXT[locale]
      let cluster: PgCluster | null = await firmWithAnotherDesk()
      try {
        await page.setViewportSize({ width, height: width === 1920 ? 1080 : 860 })
        await page.goto(host.url)
        if (locale === "en") await switchToEnglish(page)
        const status = page.getByTestId("sync-status")
        await expect(status).toHaveAttribute("data-state", "not-connected")
        await expect(page.getByTestId("sync-status-headline")).toHaveText(text.off)

        // One answer of this desk's own, waiting to go up.
        await ask(page, text.question)
        await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")

        await status.click()
        await expect(page.getByTestId("settings-firm")).toBeVisible()
        // The browser host has no keychain: the password field says how to give one instead.
        await expect(page.getByTestId("firm-password-hint")).toContainText(text.noKeychain)
        await page.getByTestId("firm-url").fill("postgresql://baza.ured.hr/fiskai")
        await page.getByTestId("firm-desk").fill("desk_ana")
        await page.getByTestId("firm-link").click()
        await expect(page.getByTestId("firm-status")).toContainText(text.tls)
        await expect(status).toHaveAttribute("data-state", "not-connected")

        await page.getByTestId("firm-url").fill(cluster.url("").replace("postgresql://@", "postgresql://"))
        await page.getByTestId("firm-link").click()
        await expect(page.getByTestId("firm-status")).toHaveText(text.linked)
        // The link starts a sync at once: this desk's answer goes up, desk_ivo's two come down.
        await expect(page.getByTestId("sync-status-headline")).toHaveText(text.upToDate)
        await expect(page.getByTestId("firm-from-others")).toHaveText(text.fromOthers)
        await expect(page.getByTestId("firm-waiting")).toHaveText(text.waitingNone)
        await expect(page.getByTestId("firm-desk")).toHaveValue("desk_ana")
        await windowShot(page, `settings-firm-linked-${locale}-${width}`, "settings-firm")

        // The firm's server goes away: "Sync now" leaves the desk offline, saying when it last worked.
        await cluster.stop()
        cluster = null
        await page.getByTestId("firm-sync-now").click()
        await expect(status).toHaveAttribute("data-state", "offline")
        await expect(page.getByTestId("sync-status-headline")).toHaveText(text.offline)
        await expect(page.getByTestId("sync-status-detail").first()).toContainText(text.lastWorked)
        await expect(page.getByTestId("firm-last-error")).toContainText(text.offlineError)
        await expect(page.getByTestId("firm-status")).toContainText(text.notSynced)
        await windowShot(page, `settings-firm-offline-${locale}-${width}`, "settings-firm")
      } finally {
        await cluster?.stop()
      }
    })
  }
}

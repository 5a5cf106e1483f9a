import AxeBuilder from "@axe-core/playwright"
import { connectFirm } from "../../src-main/firm/firm-db"
import { parseFirmUrl } from "../../src-main/firm/firm-url"
import { syncOnce } from "../../src-main/firm/sync"
import { FlagsRepository } from "../../src-main/store/flags-repo"
import { PackVersionsRepository } from "../../src-main/store/pack-versions-repo"
import { findPgBinaries, startPgCluster, type PgCluster } from "../support/pg-cluster"
import { initFirm, openDesk, QUESTIONS, recordRuns } from "../support/pg-desks"
import { switchToEnglish } from "./support/clients"
import { expect, test, windowShot } from "./support/fixtures"

// Other desks' flags in the window (issue 25), through the browser host against a real local
// PostgreSQL started by the test: before the desk is linked the review queue says so under
// "Other desks"; once linked and synced, it lists the flags desk_ivo raised, with the desk, the
// question, the note, who raised it and who decided it, and no Confirm or Reject on them; axe
// finds nothing moderate or worse in the filled section.

const TEXT = {
  hr: {
    title: "Drugi stolovi",
    notLinked: "Ovaj stol nije povezan s uredom",
    upToDate: "Ured: ažurno",
    raised: "prijavio/la Ivo Ivić",
    decided: "odlučio/la Petra Perić",
    openAt: "Otvorena: odlučuje stol desk_ivo",
    allLabel: "Sve",
  },
  en: {
    title: "Other desks",
    notLinked: "This desk is not connected to a firm",
    upToDate: "Firm: up to date",
    raised: "reported by Ivo Ivić",
    decided: "decided by Petra Perić",
    openAt: "Open: decided at desk desk_ivo",
    allLabel: "All",
  },
} as const

const OPEN_NOTE = "Prag od 60.000 eura vrijedi od 2025.; provjeriti promet klijenta."
const DECIDED_NOTE = "Nejasno koja se stopa primjenjuje."

/** A firm with two desks; desk_ivo has raised two flags (one decided) and sent them up. */
async function firmWithFlagsAtAnotherDesk(): Promise<PgCluster> {
  const cluster = await startPgCluster()
  await initFirm(cluster, ["desk_ana", "desk_ivo"])
  const ivo = openDesk("desk_ivo")
  try {
    const [first, second] = await recordRuns(ivo, 2)
    const profiles = new PackVersionsRepository(ivo.store)
    for (const [id, displayName] of [
      ["p-ivo", "Ivo Ivić"],
      ["p-petra", "Petra Perić"],
    ] as const)
      profiles.insertProfile({ id, displayName, createdAt: new Date().toISOString() })
    const flags = new FlagsRepository(ivo.store)
    flags.create({ runId: first ?? "", kind: "wrong", note: OPEN_NOTE, profileId: "p-ivo" })
    const unclear = flags.create({
      runId: second ?? "",
      kind: "unclear",
      note: DECIDED_NOTE,
      profileId: "p-ivo",
    })
    flags.decide({
      id: unclear.id,
      decision: "rejected",
      note: "Odgovor navodi stopu i izvor.",
      profileId: "p-petra",
    })
    const db = await connectFirm(parseFirmUrl(cluster.url("desk_ivo")))
    try {
      await syncOnce(db, ivo.store.sqlite, { store: ivo.store })
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
  test(`the review queue shows a flag raised at another desk with who raised and who decided it (${locale})`, async ({
    page,
    host,
  }) => {
    test.setTimeout(120_000)
    const text = TEXT[locale]
    const cluster = await firmWithFlagsAtAnotherDesk()
    try {
      await page.setViewportSize({ width: 1280, height: 860 })
      await page.goto(host.url)
      if (locale === "en") await switchToEnglish(page)

      await page.getByTestId("nav-review").click()
      const section = page.getByTestId("review-firm")
      await expect(section.getByRole("heading", { name: text.title })).toBeVisible()
      await expect(section.getByTestId("review-firm-not-linked")).toContainText(text.notLinked)
      await windowShot(page, `firm-flags-not-linked-${locale}-1280`, "review-firm")

      await page.getByTestId("nav-settings").click()
      await page.getByTestId("firm-url").fill(cluster.url("").replace("postgresql://@", "postgresql://"))
      await page.getByTestId("firm-desk").fill("desk_ana")
      await page.getByTestId("firm-link").click()
      await expect(page.getByTestId("sync-status-headline")).toHaveText(text.upToDate)

      await page.getByTestId("nav-review").click()
      const rows = section.getByTestId("review-firm-row")
      await expect(rows).toHaveCount(1)
      const open = rows.first()
      await expect(open).toHaveAttribute("data-desk", "desk_ivo")
      await expect(open.getByTestId("review-firm-desk")).toHaveText("desk_ivo")
      await expect(open.getByTestId("review-firm-question")).toHaveText(QUESTIONS[0] ?? "")
      await expect(open.getByTestId("review-firm-note")).toHaveText(OPEN_NOTE)
      await expect(open.getByTestId("review-firm-reported")).toContainText(text.raised)
      await expect(open.getByTestId("review-firm-decision")).toHaveText(text.openAt)
      await expect(section.getByRole("button")).toHaveCount(0)
      await windowShot(page, `firm-flags-open-${locale}-1280`, "review-firm")

      await page.getByRole("radio", { name: text.allLabel }).check()
      await expect(rows).toHaveCount(2)
      const decided = section.locator('[data-testid="review-firm-row"][data-status="rejected"]')
      await expect(decided.getByTestId("review-firm-note")).toHaveText(DECIDED_NOTE)
      await expect(decided.getByTestId("review-firm-decided")).toContainText(text.decided)
      await expect(section.getByRole("button")).toHaveCount(0)
      await windowShot(page, `firm-flags-all-${locale}-1280`, "review-firm")
      const axe = await new AxeBuilder({ page })
        .include('[data-testid="review-firm"]')
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze()
      const serious = axe.violations.filter((v) =>
        ["moderate", "serious", "critical"].includes(v.impact ?? ""),
      )
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([])
    } finally {
      await cluster.stop()
    }
  })
}

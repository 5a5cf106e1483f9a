import { z } from "zod"
import { FlagQueueItem } from "./flags"

// What the window sees of the firm connection (issue 25): the sync state for the status bar, and
// what Settings → Firm shows and sends. The password only ever goes in (firm.link); what comes
// back says whether one is kept, never the password itself.

export const KindCounts = z.object({
  trace: z.number().int(),
  flag: z.number().int(),
  review: z.number().int(),
  scenario: z.number().int(),
  pack: z.number().int(),
})
export type KindCounts = z.infer<typeof KindCounts>

export const FirmSyncState = z.enum(["not-connected", "idle", "syncing", "offline", "failed"])
export type FirmSyncState = z.infer<typeof FirmSyncState>

/** What the status bar shows: the state and how many items wait to go up. */
export const FirmStatus = z.object({
  state: FirmSyncState,
  url: z.string().nullable(),
  waiting: KindCounts,
  waitingTotal: z.number().int(),
  conflicts: z.number().int(),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  fromOtherDesks: z.object({ traces: z.number().int(), packVersions: z.number().int() }),
})
export type FirmStatus = z.infer<typeof FirmStatus>

/** The status plus what Settings needs: the desk (the URL's user), and where the password lives. */
export const FirmView = FirmStatus.extend({
  desk: z.string().nullable(),
  /** A password is kept in the OS keychain for this desk. */
  passwordSaved: z.boolean(),
  /** This host can keep a password (the desktop app with a keychain; not the browser host). */
  keychain: z.boolean(),
})
export type FirmView = z.infer<typeof FirmView>

/** Settings → Firm → Link: the firm's URL, the desk's name (its PostgreSQL role) and an optional password. */
export const FirmLinkInput = z.strictObject({
  url: z.string().trim().min(1).max(2000),
  desk: z.string().trim().max(63).optional(),
  /** Kept in the OS keychain; empty or absent: PGPASSWORD, ~/.pgpass or the server's trust rules apply. */
  password: z.string().max(1000).optional(),
})
export type FirmLinkInput = z.infer<typeof FirmLinkInput>

/** Which of other desks' flags the window asks for: the open ones (the default) or all. */
export const FirmFlagFilter = z.strictObject({
  status: z.enum(["open", "all"]).optional(),
})
export type FirmFlagFilter = z.infer<typeof FirmFlagFilter>

/** Another desk's flag as this desk's own queue shows one, under the desk that raised it. */
export const FirmQueueItem = z.object({
  desk: z.string(),
  item: FlagQueueItem,
})
export type FirmQueueItem = z.infer<typeof FirmQueueItem>

/**
 * Other desks' flags as this desk last took them from the firm (read-only: a flag is decided at
 * its desk). `linked` says whether the desk is linked now; what came down stays after unlinking.
 */
export const FirmFlagQueue = z.object({
  linked: z.boolean(),
  items: z.array(FirmQueueItem),
})
export type FirmFlagQueue = z.infer<typeof FirmFlagQueue>

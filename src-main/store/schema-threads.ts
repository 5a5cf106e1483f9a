import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core"
import { traces } from "./schema"

// Threads (issue 22), read by drizzle-kit with schema.ts: a conversation and its turns. A turn
// names its run by the trace's request id (a foreign key, so a dated purge keeps the runs of a
// thread that still exists: purge.ts keeps every trace a table refers to). The thread's
// checkpoint (ThreadState, src-shared/threads.ts) is a JSON column of the thread, written in the
// same transaction as each turn's link. The client is not a foreign key: a client's profile may be
// removed while its threads stay readable.

export const threads = sqliteTable(
  "threads",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    clientId: text("client_id"),
    /** The date the user set for the thread's questions; null: each question's own. */
    asOfDate: text("as_of_date"),
    /** ThreadState as canonical JSON. */
    stateJson: text("state_json").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("threads_updated_idx").on(t.updatedAt)],
)

export const threadTurns = sqliteTable(
  "thread_turns",
  {
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id),
    /** 1, 2, 3… in the order the turns were asked. */
    seq: integer("seq").notNull(),
    requestId: text("request_id")
      .notNull()
      .unique()
      .references(() => traces.requestId),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.seq] })],
)

export type ThreadRow = typeof threads.$inferSelect
export type ThreadTurnRow = typeof threadTurns.$inferSelect

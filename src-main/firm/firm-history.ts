import { z } from "zod"
import type { FirmDb } from "./firm-db"

// The firm-wide history: every desk's runs, newest first, in keyset pages (an opaque cursor of
// the last row's created_at and id), optionally one desk's or one outcome's. Each row names the
// desk it came from. Served by the (created_at, id), (desk, …) and (outcome, …) indexes of
// resources/firm/0001, so a page costs the rows it returns whatever the firm's size.

export const FirmHistoryRequest = z.strictObject({
  desk: z.string().max(63).optional(),
  outcome: z.string().max(40).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(200).optional(),
})
export type FirmHistoryRequest = z.infer<typeof FirmHistoryRequest>

export const FirmHistoryItem = z.object({
  desk: z.string(),
  requestId: z.string(),
  createdAt: z.string(),
  question: z.string(),
  outcome: z.string().nullable(),
  riskTier: z.string().nullable(),
  confidence: z.number().nullable(),
})
export type FirmHistoryItem = z.infer<typeof FirmHistoryItem>

const Cursor = z.tuple([z.string(), z.number().int()])

function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString("base64url")
}

function decodeCursor(cursor: string): [string, number] {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")))
  } catch {
    throw new Error("firm history: the page cursor is not one this app wrote")
  }
}

export async function firmHistoryPage(db: FirmDb, input: FirmHistoryRequest): Promise<{ items: FirmHistoryItem[]; nextCursor: string | null }> {
  const request = FirmHistoryRequest.parse(input)
  const limit = request.limit ?? 50
  const where: string[] = []
  const values: unknown[] = []
  const bind = (value: unknown) => {
    values.push(value)
    return `$${values.length}`
  }
  if (request.desk !== undefined) where.push(`desk = ${bind(request.desk)}`)
  if (request.outcome !== undefined) where.push(`outcome = ${bind(request.outcome)}`)
  if (request.cursor !== undefined) {
    const [createdAt, id] = decodeCursor(request.cursor)
    where.push(`(created_at, id) < (${bind(createdAt)}, ${bind(id)}::bigint)`)
  }
  const sql = `SELECT id, desk, request_id AS "requestId", created_at AS "createdAt", question, outcome, risk_tier AS "riskTier", confidence
    FROM firm.traces ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY created_at DESC, id DESC LIMIT ${bind(limit + 1)}`
  const rows = (await db.query<Record<string, unknown>>(sql, values)).rows
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => FirmHistoryItem.parse({ ...row, confidence: row.confidence ?? null })),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(String(last.createdAt), Number(last.id)) : null,
  }
}

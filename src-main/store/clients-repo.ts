import { asc, eq } from "drizzle-orm"
import { randomUUID } from "node:crypto"
import { ProfileContext } from "../../src-shared/context"
import { ClientInput, type Client } from "../../src-shared/traces"
import { clients, type ClientRow } from "./schema"
import type { Store } from "./store"

// The firm's clients: name, optional OIB, and the evaluation context (ProfileContext) a question
// can be asked for. A run snapshots the context at its start, so editing or removing a client
// never changes a stored trace.

function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    oib: row.oib,
    context: ProfileContext.parse(JSON.parse(row.contextJson)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

export class ClientsRepository {
  constructor(private readonly store: Store) {}

  list(): Client[] {
    return this.store.db.select().from(clients).orderBy(asc(clients.name), asc(clients.id)).all().map(toClient)
  }

  get(id: string): Client | null {
    const row = this.store.db.select().from(clients).where(eq(clients.id, id)).get()
    return row === undefined ? null : toClient(row)
  }

  /** Creates the client, or updates it when `id` names an existing one. */
  save(input: ClientInput): Client {
    const client = ClientInput.parse(input)
    const now = this.store.clock().toISOString()
    const id = client.id ?? randomUUID()
    const values = { name: client.name, oib: client.oib ?? null, contextJson: JSON.stringify(client.context), updatedAt: now }
    this.store.db
      .insert(clients)
      .values({ id, createdAt: now, ...values })
      .onConflictDoUpdate({ target: clients.id, set: values })
      .run()
    const saved = this.get(id)
    if (saved === null) throw new Error(`client ${id} was not saved`)
    return saved
  }

  /** Removes the client; traces asked for it keep their frozen snapshot and client id. */
  remove(id: string): boolean {
    return this.store.db.delete(clients).where(eq(clients.id, id)).run().changes === 1
  }
}

import { describe, expect, test } from "vitest"
import { tempDbPath } from "../../store/fixtures"
import { cli } from "./cli-harness"

const AS_OF = "2025-06-01"

describe("fiskai ask --db, then fiskai resume", () => {
  test("a suspended run is resumed from the command line and then verifies", async () => {
    const db = tempDbPath()
    const asked = await cli("ask", "porez", "--db", db, "--as-of", AS_OF, "--json", "--request-id", "cli-1")
    expect(asked.code).toBe(3)
    const lastAsked = JSON.parse(asked.out.trim().split("\n").at(-1) ?? "{}") as { status: string; data: { options: { value: string }[] } }
    expect(lastAsked.status).toBe("awaiting_input")
    const option = lastAsked.data.options[0]?.value ?? ""

    const resumed = await cli("resume", "cli-1", "--answer", option, "--db", db, "--json")
    expect(resumed.code).toBe(0)
    const events = resumed.out.trim().split("\n").map((l) => JSON.parse(l) as { seq: number; stage: string; status: string })
    expect(events[0]).toMatchObject({ stage: "CLARIFICATION", status: "complete" })
    expect(events[0]?.seq).toBe(asked.out.trim().split("\n").length)

    const verified = await cli("traces", "verify", "cli-1", "--db", db)
    expect(verified).toMatchObject({ code: 0, err: "" })
    expect((await cli("resume", "cli-1", "--answer", option, "--db", db)).code).toBe(1)
  })

  test("--cancel ends the suspended run in a refusal; bad usage exits 2, a run that is not there 1", async () => {
    const db = tempDbPath()
    expect((await cli("ask", "porez", "--db", db, "--as-of", AS_OF, "--request-id", "c-1")).code).toBe(3)
    const cancelled = await cli("resume", "c-1", "--cancel", "--db", db, "--json")
    expect(cancelled.code).toBe(0)
    const last = JSON.parse(cancelled.out.trim().split("\n").at(-1) ?? "{}") as { stage: string; data: { reason: string } }
    expect(last).toMatchObject({ stage: "REFUSAL", data: { reason: "NEEDS_CLARIFICATION" } })
    expect((await cli("resume", "c-1", "--db", db)).code).toBe(2)
    expect((await cli("resume", "c-1", "--answer", "a", "--cancel", "--db", db)).code).toBe(2)
    expect((await cli("resume", "--answer", "a", "--db", db)).code).toBe(2)
    expect((await cli("resume", "nope", "--answer", "a", "--db", db)).code).toBe(1)
    expect((await cli("resume", "c-1", "--answer", "a", "--db", `${db}.missing`)).code).toBe(1)
  })
})

describe("what a text-mode ask tells a newcomer about the recorded run", () => {
  test("an answer ends with the id it was recorded as and the commands that open it, with the same --db", async () => {
    const db = tempDbPath()
    const asked = await cli("ask", "Koja je stopa PDV-a?", "--db", db, "--as-of", AS_OF, "--request-id", "txt-1")
    expect(asked.code).toBe(0)
    expect(asked.out).toContain(`Zapisano kao txt-1 (fiskai traces show txt-1 --db ${db};`)
    expect(asked.out).toContain(`fiskai whatif txt-1 --db ${db} --set ČINJENICA=VRIJEDNOST`)
  })

  test("a run waiting for a clarification names resume with its --db, all in the question's language", async () => {
    const db = tempDbPath()
    const hr = await cli("ask", "PDV prag", "--db", db, "--as-of", AS_OF, "--request-id", "wait-hr")
    expect(hr.code).toBe(3)
    expect(hr.err).toContain(`fiskai resume wait-hr --db ${db} --answer VRIJEDNOST`)
    expect(hr.err).not.toMatch(/VALUE|continue/)
    const en = await cli("ask", "What is the VAT threshold?", "--db", db, "--as-of", AS_OF, "--request-id", "wait-en")
    expect(en.code).toBe(3)
    expect(en.err).toContain(`fiskai resume wait-en --db ${db} --answer VALUE`)
    expect(en.err).not.toMatch(/VRIJEDNOST|Ponovite/)
  })
})

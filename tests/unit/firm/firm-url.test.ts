import { describe, expect, it } from "vitest"
import { FirmError } from "../../../src-main/firm/firm-errors"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"

// The firm's URL: TLS unless the server is on this machine, and a password never in what is shown.

function refusal(text: string): FirmError {
  try {
    parseFirmUrl(text)
  } catch (error) {
    if (error instanceof FirmError) return error
    throw error
  }
  throw new Error(`accepted: ${text}`)
}

describe("parseFirmUrl", () => {
  it("accepts a local server without TLS: loopback names and addresses, and a Unix socket", () => {
    expect(parseFirmUrl("postgresql://ana@localhost/fiskai").local).toBe(true)
    expect(parseFirmUrl("postgres://ana@127.0.0.1:5433/fiskai").where).toBe("127.0.0.1:5433")
    expect(parseFirmUrl("postgresql://ana@[::1]/fiskai").local).toBe(true)
    const socket = parseFirmUrl("postgresql://ana@localhost/fiskai?host=%2Frun%2Fpostgresql")
    expect(socket.where).toBe("/run/postgresql")
  })

  it("requires TLS for any other server, and says so in both languages", () => {
    const error = refusal("postgresql://ana@db.firm.hr/fiskai")
    expect(error.kind).toBe("tls-required")
    expect(error.text("hr")).toContain("mora biti šifrirana (TLS)")
    expect(error.text("en")).toContain("must be encrypted (TLS)")
    for (const mode of ["disable", "allow", "prefer"]) expect(refusal(`postgresql://ana@db.firm.hr/fiskai?sslmode=${mode}`).kind).toBe("tls-required")
    for (const mode of ["require", "verify-ca", "verify-full"])
      expect(parseFirmUrl(`postgresql://ana@db.firm.hr/fiskai?sslmode=${mode}`).local).toBe(false)
  })

  it("a socket named in ?host= is local even when the URL's host names another machine", () => {
    expect(parseFirmUrl("postgresql://ana@db.firm.hr/fiskai?host=/var/run/postgresql").local).toBe(true)
  })

  it("never shows the password: the redacted form and the messages leave it out", () => {
    const url = parseFirmUrl("postgresql://ana:Tajna123@localhost/fiskai")
    expect(url.connectionString).toContain("Tajna123")
    expect(url.redacted).toBe("postgresql://ana@localhost/fiskai")
    expect(url.user).toBe("ana")
    const refused = refusal("postgresql://ana:Tajna123@db.firm.hr/fiskai")
    expect(refused.text("hr")).not.toContain("Tajna123")
    expect(refused.message).not.toContain("Tajna123")
  })

  it("refuses what is not a PostgreSQL URL", () => {
    expect(refusal("mysql://ana@localhost/fiskai").kind).toBe("bad-url")
    expect(refusal("not a url").kind).toBe("bad-url")
    expect(refusal("not a url").text("hr")).toContain("nije ispravan PostgreSQL URL")
  })
})

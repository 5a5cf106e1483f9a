import { describe, expect, it } from "vitest"
import {
  buildClientInput,
  EMPTY_FORM,
  fieldForPath,
  oibError,
  valuesFromClient,
  type ClientFormValues,
} from "../../../../../src-renderer/features/clients/client-form-model"
import type { Client } from "../../../../../src-shared/traces"

const form = (patch: Partial<ClientFormValues>): ClientFormValues => ({
  ...EMPTY_FORM,
  name: "Obrt Test",
  ...patch,
})

describe("buildClientInput", () => {
  it("builds the contract's ClientInput from a filled form", () => {
    const result = buildClientInput(
      form({
        oib: "12345678903",
        entityType: "OBRT",
        obrtSubtype: "PAUSALNI",
        vatStatus: "OUTSIDE_VAT",
        activityNkd: "62.01",
        county: "Grad Zagreb",
        revenueYtd: "65.000,00",
      }),
      "hr",
    )
    expect(result).toEqual({
      ok: true,
      input: {
        name: "Obrt Test",
        oib: "12345678903",
        context: {
          entity: {
            type: "OBRT",
            obrtSubtype: "PAUSALNI",
            vat: { status: "OUTSIDE_VAT" },
            activityNkd: "62.01",
            location: { country: "HR", county: "Grad Zagreb" },
          },
          counters: { revenueYtd: 65000 },
        },
      },
    })
  })

  it("leaves out what was not set, and the obrt subtype of a company", () => {
    const result = buildClientInput(form({ entityType: "DOO", obrtSubtype: "PAUSALNI" }), "en")
    expect(result.ok && result.input.context).toEqual({
      entity: { type: "DOO", vat: { status: "UNKNOWN" }, location: { country: "HR" } },
    })
    expect(buildClientInput(form({}), "en")).toEqual({ ok: true, input: { name: "Obrt Test", context: {} } })
  })

  it("puts each validation error next to its field, in catalog terms", () => {
    const result = buildClientInput(
      form({ name: "  ", oib: "123", revenueYtd: "lots", revenuePriorYear: "99999999999999" }),
      "hr",
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual({
      name: { key: "validation.required" },
      oib: { key: "validation.oib" },
      revenueYtd: { key: "validation.amount" },
      revenuePriorYear: { key: "validation.amountTooLarge" },
    })
  })

  it("refuses an OIB whose check digit does not match, and says that rather than the length", () => {
    // 12345678901: eleven digits, but ISO 7064 MOD 11,10 gives 3 as the last digit, not 1.
    expect(buildClientInput(form({ oib: "12345678901" }), "hr")).toEqual({
      ok: false,
      errors: { oib: { key: "validation.oibCheckDigit" } },
    })
    expect(buildClientInput(form({ oib: "1234567890" }), "en")).toEqual({
      ok: false,
      errors: { oib: { key: "validation.oib" } },
    })
    expect(oibError("12345678903")).toBeNull()
    expect(oibError("1234567890a")).toEqual({ key: "validation.oib" })
  })

  it("keeps facts the form does not edit when saving an existing client", () => {
    const existing = {
      id: "c1",
      context: { txn: { paymentMethod: "CASH" as const }, counters: { revenueYtd: 1 } },
    }
    const result = buildClientInput(form({ revenueYtd: "" }), "hr", existing)
    expect(result).toEqual({
      ok: true,
      input: { id: "c1", name: "Obrt Test", context: { txn: { paymentMethod: "CASH" } } },
    })
  })
})

describe("valuesFromClient", () => {
  it("round-trips a stored client through the form", () => {
    const client: Client = {
      id: "c1",
      name: "Tvrtka d.o.o.",
      oib: null,
      context: {
        entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } },
        counters: { revenuePriorYear: 1234567.5 },
      },
      createdAt: "2025-01-01T00:00:00Z",
      updatedAt: "2025-01-01T00:00:00Z",
    }
    const values = valuesFromClient(client, "hr")
    expect(values.revenuePriorYear).toBe("1.234.567,50")
    expect(buildClientInput(values, "hr", client)).toEqual({
      ok: true,
      input: { id: "c1", name: client.name, context: client.context },
    })
  })

  it("maps server issue paths to fields", () => {
    expect(fieldForPath("context.counters.revenueYtd")).toBe("revenueYtd")
    expect(fieldForPath("context.txn.amount")).toBeNull()
  })
})

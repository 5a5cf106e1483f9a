import { describe, expect, test } from "vitest"
import { DEFAULT_SETTINGS } from "../../../src-shared/settings"
import { ClientsRepository } from "../../../src-main/store/clients-repo"
import { SettingsRepository } from "../../../src-main/store/settings-repo"
import { openStore } from "../../../src-main/store/store"
import { openTestStore, tempDbPath } from "./fixtures"

describe("clients", () => {
  test("create, list by name, update, remove", () => {
    const clients = new ClientsRepository(openTestStore())
    const b = clients.save({ name: "Zeta d.o.o.", oib: "12345678903", context: { entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } } } })
    const a = clients.save({ name: "Alfa obrt", context: {} })
    expect(clients.list().map((c) => c.name)).toEqual(["Alfa obrt", "Zeta d.o.o."])
    expect(clients.get(b.id)).toMatchObject({ oib: "12345678903", context: { entity: { type: "DOO" } } })

    const updated = clients.save({ id: a.id, name: "Alfa obrt (paušal)", context: { entity: { type: "OBRT", obrtSubtype: "PAUSALNI", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } } } })
    expect(updated.createdAt).toBe(a.createdAt)
    expect(clients.get(a.id)).toMatchObject({ name: "Alfa obrt (paušal)", oib: null, context: { entity: { obrtSubtype: "PAUSALNI" } } })

    expect(clients.remove(a.id)).toBe(true)
    expect(clients.remove(a.id)).toBe(false)
    expect(clients.list().map((c) => c.id)).toEqual([b.id])
  })

  test("invalid input is refused before it reaches the database", () => {
    const clients = new ClientsRepository(openTestStore())
    expect(() => clients.save({ name: " ", context: {} })).toThrow(/name is required/)
    expect(() => clients.save({ name: "X", oib: "123", context: {} })).toThrow(/OIB must be 11 digits/)
    expect(clients.list()).toEqual([])
  })
})

describe("settings", () => {
  test("defaults until changed; changes survive reopening", () => {
    const path = tempDbPath()
    const first = openStore({ path })
    const settings = new SettingsRepository(first)
    expect(settings.get()).toEqual(DEFAULT_SETTINGS)
    expect(settings.update({ locale: "en", deliberatePauseMs: 0 })).toEqual({ ...DEFAULT_SETTINGS, locale: "en", deliberatePauseMs: 0 })
    first.close()
    const again = new SettingsRepository(openTestStore(path))
    expect(again.get()).toMatchObject({ locale: "en", deliberatePauseMs: 0, firmName: DEFAULT_SETTINGS.firmName })
  })

  test("an invalid patch changes nothing; a stored value that no longer fits falls back to its default", () => {
    const store = openTestStore()
    const settings = new SettingsRepository(store)
    expect(() => settings.update({ deliberatePauseMs: -5 })).toThrow()
    expect(() => settings.update({ nonsense: true } as never)).toThrow()
    store.sqlite.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('locale', '\"de\"', 'x')").run()
    expect(settings.get()).toEqual(DEFAULT_SETTINGS)
  })
})

import { sql } from "drizzle-orm"
import { DEFAULT_SETTINGS, Settings, SettingsPatch } from "../../src-shared/settings"
import { settings } from "./schema"
import type { Store } from "./store"

// App settings as key/value rows (one per Settings field, JSON values). A stored value that no
// longer fits the schema (an older or newer app wrote it) falls back to the default.

export class SettingsRepository {
  constructor(private readonly store: Store) {}

  get(): Settings {
    const stored: Record<string, unknown> = {}
    for (const row of this.store.db.select().from(settings).all()) {
      try {
        stored[row.key] = JSON.parse(row.valueJson)
      } catch {
        // unreadable value: the default applies
      }
    }
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS }
    for (const key of Object.keys(Settings.shape) as (keyof Settings)[]) {
      const field = Settings.shape[key].safeParse(stored[key])
      if (stored[key] !== undefined && field.success) merged[key] = field.data
    }
    return Settings.parse(merged)
  }

  update(patch: SettingsPatch): Settings {
    const valid = SettingsPatch.parse(patch)
    const now = this.store.clock().toISOString()
    this.store.sqlite.transaction(() => {
      for (const [key, value] of Object.entries(valid)) {
        if (value === undefined) continue
        this.store.db
          .insert(settings)
          .values({ key, valueJson: JSON.stringify(value), updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { valueJson: sql`excluded.value_json`, updatedAt: now } })
          .run()
      }
    })()
    return this.get()
  }
}

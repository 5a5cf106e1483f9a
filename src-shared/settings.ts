import { z } from "zod"
import { Locale } from "./events/stages"

export const Settings = z.object({
  locale: Locale,
  /** The deliberate pause before the answer (seed 001 §2), in milliseconds. */
  deliberatePauseMs: z.number().int().min(0).max(5000),
  /**
   * The longest a stage may compute before the run ends in ERROR TIMEOUT, in milliseconds.
   * Stages take well under a millisecond; the limit catches a runaway stage, never a slow
   * machine (the deliberate pause, at most 5 s, is inside the limit).
   */
  stageTimeoutMs: z.number().int().min(1000).max(120_000),
  reducedMotion: z.boolean(),
  firmName: z.string().max(200),
  updatesEnabled: z.boolean(),
})

export const SettingsPatch = Settings.partial().strict()

export const DEFAULT_SETTINGS: Settings = {
  locale: "hr",
  deliberatePauseMs: 600,
  stageTimeoutMs: 10_000,
  reducedMotion: false,
  firmName: "",
  updatesEnabled: true,
}

export type Settings = z.infer<typeof Settings>
export type SettingsPatch = z.infer<typeof SettingsPatch>

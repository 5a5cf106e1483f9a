import { DEFAULT_MODEL_SETTINGS, type ModelSettings } from "../../../src-main/model/settings"
import { contentDelta, finishChunk, type Script } from "../../support/scripted-openai-server"

// What the model tests over a routed scripted server share: the settings that turn the model on
// against it, and a reply that is only a message.

/** The model on against `url`, drafts off; a stall after `stallMs` without a token. */
export function modelOnAt(url: string, stallMs = 300): ModelSettings {
  return { ...DEFAULT_MODEL_SETTINGS, enabled: true, endpoint: url, model: "qwen-test", draftProse: false, limits: { ...DEFAULT_MODEL_SETTINGS.limits, stallMs, graceMs: 800 } }
}

/** A reply whose whole content is `text` (the model's proposal as JSON, or words). */
export const reply = (text: string): Script => [contentDelta(text), finishChunk(), { done: true }]

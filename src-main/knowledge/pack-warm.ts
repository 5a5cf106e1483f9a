import type { LoadedPack } from "./loader"
import { focusIndex, focusVocabulary } from "./focus-index"
import { packIndex } from "./pack-index"

// The per-pack indexes a run builds on its first use of a pack: concepts and rules by id and
// topic, and the focus vocabulary. A question on a fresh pack took about 45 ms building them,
// against 0.5 ms on a warm one (issue 19: the first question after each publication, and after
// the app starts). A thread that is handed a new pack builds them before questions use it, one
// step at a time, so that a question already running goes on between the steps.

export const PACK_WARM_STEPS: ReadonlyArray<(pack: LoadedPack) => unknown> = [packIndex, focusVocabulary, focusIndex]

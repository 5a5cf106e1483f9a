// The wall clock, as one shared function. Code that can run a step elsewhere (the engine thread)
// compares a given clock with this one: only the real clock can be read on another thread; an
// injected one (tests, replays pinned to a date) keeps the work on the caller's thread.

export const systemClock = (): Date => new Date()

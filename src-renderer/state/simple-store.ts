// A tiny observable value for useSyncExternalStore: the snapshot changes identity on every set.

export interface SimpleStore<T> {
  getSnapshot(): T
  subscribe(listener: () => void): () => void
  set(next: T): void
  update(change: (current: T) => T): void
}

export function createSimpleStore<T>(initial: T): SimpleStore<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    getSnapshot: () => value,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next) {
      value = next
      for (const listener of listeners) listener()
    },
    update(change) {
      this.set(change(value))
    },
  }
}

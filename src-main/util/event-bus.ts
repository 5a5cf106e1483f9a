// A small synchronous publish/subscribe bus. Live reasoning events go to every subscriber (the
// Electron window, each browser-host WebSocket client); one failing subscriber never stops the
// others or the run that publishes.

export interface EventBus<T> {
  publish(event: T): void
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: T) => void): () => void
  readonly subscriberCount: number
}

export function createEventBus<T>(onListenerError?: (error: unknown) => void): EventBus<T> {
  const listeners = new Set<(event: T) => void>()
  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event)
        } catch (error) {
          onListenerError?.(error)
        }
      }
    },
    subscribe(listener) {
      // Wrap so the same function subscribed twice gets two independent subscriptions.
      const entry = (event: T) => listener(event)
      listeners.add(entry)
      return () => {
        listeners.delete(entry)
      }
    },
    get subscriberCount() {
      return listeners.size
    },
  }
}

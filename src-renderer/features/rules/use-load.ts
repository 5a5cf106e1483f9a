import { useCallback, useEffect, useRef, useState } from "react"

// One read from the main process for a screen: its value, whether it failed (with the main
// process's message, already in the user's language where it can be), and a reload. An answer to
// an older request arriving late never replaces a newer one.

export interface Loaded<T> {
  value: T | null
  error: string | null
  reload(): void
}

export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [value, setValue] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const generation = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  useEffect(() => {
    const mine = ++generation.current
    loadRef.current().then(
      (next) => {
        if (mine !== generation.current) return
        setValue(next)
        setError(null)
      },
      (e: unknown) => {
        if (mine === generation.current) setError(e instanceof Error ? e.message : String(e))
      },
    )
  }, [version, ...deps])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { value, error, reload }
}

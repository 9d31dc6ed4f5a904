import { useEffect, useReducer, useRef } from 'react'

/** What a read shows: its data once it came, whether it failed, whether it is on its way, and asking again. */
export interface Read<T> {
  data: T | undefined
  failed: boolean
  fetching: boolean
  /** Asks again in place (the 'Try again' button), keeping what is on the screen. */
  refetch: () => void
}

interface Entry<T> {
  data?: T
  failed: boolean
  fetching: boolean
}

/** A failed connection is asked again once, at once; an answer the server gave (or a wrong shape) is not. */
async function withOneRetry<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (err) {
    if (err instanceof TypeError) return load()
    throw err
  }
}

/**
 * Server state an island reads (decision 161, in place of React Query, which the claim page's budget
 * cannot carry): one load per key (the key names everything the answer depends on), kept for the
 * island's life, so a key seen again is not asked again; a late answer is kept under its own key and
 * never shown for another. `key` null: nothing to read yet.
 */
export function useRead<T>(key: string | null, load: () => Promise<T>): Read<T> {
  const cache = useRef(new Map<string, Entry<T>>())
  const [, rerender] = useReducer((n: number) => n + 1, 0)

  const fetchKey = (k: string) => {
    const entries = cache.current
    entries.set(k, { ...entries.get(k), failed: false, fetching: true })
    rerender()
    withOneRetry(load)
      .then(
        (data) => entries.set(k, { data, failed: false, fetching: false }),
        () => entries.set(k, { ...entries.get(k), failed: true, fetching: false }),
      )
      .finally(rerender)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one load per key
  useEffect(() => {
    if (key !== null && !cache.current.has(key)) fetchKey(key)
  }, [key])

  const entry = key === null ? undefined : cache.current.get(key)
  return {
    data: entry?.data,
    failed: entry?.failed ?? false,
    fetching: key !== null && (entry?.fetching ?? true),
    refetch: () => {
      if (key !== null && !cache.current.get(key)?.fetching) fetchKey(key)
    },
  }
}

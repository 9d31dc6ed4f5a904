import type { Context } from 'hono'

/** Something that can keep work going after the response (the request's executionCtx). */
export interface Background {
  waitUntil(promise: Promise<unknown>): void
}

/** The request's executionCtx (for waitUntil), or null where there is none. */
export function background(c: Context): Background | null {
  try {
    return c.executionCtx
  } catch {
    return null
  }
}

import type { Context } from 'hono'
import type { Background } from '../../integrations/mail'

/** The request's executionCtx (for waitUntil), or null where there is none. */
export function background(c: Context): Background | null {
  try {
    return c.executionCtx
  } catch {
    return null
  }
}

import type { Context } from 'hono'
import { matchRoute, type RouteName } from '../../../shared/routes'

/**
 * Whether this page navigation comes from the named route of this portal, read from the Referer like
 * the navigation guards do (a usability signal, never a security boundary).
 */
export function cameFrom(c: Context, name: RouteName): boolean {
  const referer = c.req.header('Referer')
  const dest = c.req.header('Sec-Fetch-Dest')
  if (!referer || (dest && dest !== 'document')) return false
  try {
    const ref = new URL(referer)
    return ref.origin === new URL(c.req.url).origin && matchRoute(ref.pathname).name === name
  } catch {
    return false
  }
}

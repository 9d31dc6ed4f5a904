import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { getSignedCookie, setSignedCookie, deleteCookie, getCookie } from 'hono/cookie'
import { systemMessageSchema, type SystemMessage, type SystemMessageInput } from '../../../shared/forms/system-message'
import type { Route, RouteName } from '../../../shared/routes'
import type { AppEnv } from '../../types'

/**
 * A message set by one request and shown once by the next (the system-message and error pages).
 * Signed, so nobody can plant markup in it; deleted when read. Its key is its own (decision 092): a
 * value signed for any other purpose, such as a session token, is never accepted as a flash.
 */
const FLASH_COOKIE = 'ph_flash'
const OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' as const, maxAge: 300 }

export async function setFlash(c: Context, message: SystemMessageInput): Promise<void> {
  const value = JSON.stringify(systemMessageSchema.parse(message))
  await setSignedCookie(c, FLASH_COOKIE, value, c.env.FLASH_SIGNING_KEY, OPTIONS)
}

export function hasFlash(c: Context): boolean {
  return getCookie(c, FLASH_COOKIE) !== undefined
}

export async function takeFlash(c: Context): Promise<SystemMessage | null> {
  const raw = await getSignedCookie(c, c.env.FLASH_SIGNING_KEY, FLASH_COOKIE)
  if (getCookie(c, FLASH_COOKIE) !== undefined) deleteCookie(c, FLASH_COOKIE, { path: '/', secure: true })
  if (!raw) return null
  try {
    const parsed = systemMessageSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The pages that read the flash: the system message (spec 001) and the Error page's detail line. */
const READERS: readonly RouteName[] = ['SystemMessage', 'Error']

/**
 * Spec 000 "Global navigation guards", after each navigation: "the system message is cleared except on
 * SystemMessage". A page navigation (GET) anywhere else drops a waiting message, unless that very
 * request set a new one (a page that redirects to the message with it), so an old message never shows
 * up later on another visit. The cookie's five minutes are only a backstop.
 */
export const clearFlashOnNavigation = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.req.method !== 'GET' || getCookie(c, FLASH_COOKIE) === undefined) return
  // The route its page's declaration set (none for a path no page serves).
  const route: Route | undefined = c.get('route')
  if (route && READERS.includes(route.name)) return
  const setsFlash = (c.res.headers.get('Set-Cookie') ?? '').split(/,\s*(?=[^;,=\s]+=)/).some((line) => line.startsWith(`${FLASH_COOKIE}=`))
  if (!setsFlash) deleteCookie(c, FLASH_COOKIE, { path: '/', secure: true })
})

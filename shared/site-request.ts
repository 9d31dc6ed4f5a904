/**
 * Rules for requests the browser makes to this site, with no dependency at all (the session timer ships
 * them in a script budgeted at a few KB, so no zod here).
 */

/** Every JSON fetch from the browser sends this header; the worker's CSRF check for JSON requires it. */
export const JSON_HEADER = { 'X-Requested-With': 'portal' } as const

/** A path on this site ('/v1/common/token'), never another origin ('//evil.example', 'https://…'). */
export const SITE_PATH = /^\/(?!\/)[^\s\\]*$/

export function isSitePath(value: string): boolean {
  return SITE_PATH.test(value)
}
